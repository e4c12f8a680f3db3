import type { CanaryCall } from "@sda/contract";
import { ServiceError } from "@sda/core";
import { z } from "zod";

export type { CanaryCall };

const callsSchema = z
  .array(
    z.object({
      operation: z
        .string()
        .regex(/^[a-z]+\.[a-z0-9-]+$/, "an operation id such as forumsite.subreddit-posts"),
      params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).default({}),
    }),
  )
  .min(1)
  .max(50);

/**
 * Parses `CANARY_CALLS` (a JSON array of `{operation, params}`), or returns the platforms' own canaries when unset.
 * @param declared the calls the platforms declare (`definePlatform({ canaries })`, the catalog's `canaries`): one
 *   cheap, long-lived public resource per platform path that breaks first in live use (issue 14).
 * @throws ServiceError 400 `invalid_parameter` (param `CANARY_CALLS`) naming what is wrong.
 */
export function canaryCalls(json: string | undefined, declared: readonly CanaryCall[]): CanaryCall[] {
  if (!json) return declared.map((call) => ({ operation: call.operation, params: { ...call.params } }));
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw new ServiceError("invalid_parameter", "CANARY_CALLS is not JSON", {
      details: { param: "CANARY_CALLS" },
    });
  }
  const parsed = callsSchema.safeParse(raw);
  if (!parsed.success)
    throw new ServiceError(
      "invalid_parameter",
      `CANARY_CALLS: ${parsed.error.issues[0]?.message ?? "invalid"}`,
      {
        details: { param: "CANARY_CALLS" },
      },
    );
  return parsed.data.map((call) => ({
    operation: call.operation,
    params: Object.fromEntries(Object.entries(call.params).map(([k, v]) => [k, String(v)])),
  }));
}

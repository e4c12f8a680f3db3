import { ServiceError } from "@sda/core";
import { z } from "zod";

/** One canary call: an operation id and its query parameters, as a caller would send them. */
export interface CanaryCall {
  operation: string;
  params: Record<string, string>;
}

/**
 * The built-in canaries: one cheap, long-lived public resource per platform path that breaks first in live use
 * (issue 14) — a lecture's captions, a forum subreddit and its posts, a photo post. Operators replace them with
 * `CANARY_CALLS`.
 */
export const DEFAULT_CANARY_CALLS: readonly CanaryCall[] = [
  { operation: "videosite.transcript", params: { url: "https://www.youtube.com/watch?v=M4gD1WSo5mA" } },
  { operation: "videosite.video-details", params: { url: "https://www.youtube.com/watch?v=M4gD1WSo5mA" } },
  { operation: "forumsite.subreddit-details", params: { url: "golang" } },
  { operation: "forumsite.subreddit-posts", params: { url: "popular", limit: "5" } },
  { operation: "photosite.details", params: { url: "https://www.instagram.com/reel/C10MvewSSYl/" } },
];

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
 * Parses `CANARY_CALLS` (a JSON array of `{operation, params}`), or returns the built-in set when unset.
 * @throws ServiceError 400 `invalid_parameter` (param `CANARY_CALLS`) naming what is wrong.
 */
export function canaryCalls(json: string | undefined): CanaryCall[] {
  if (!json) return [...DEFAULT_CANARY_CALLS];
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

import { parseParams } from "@sda/contract";
import { ServiceError } from "@sda/core";
import { z } from "zod";

/**
 * Request bodies of the monitor routes (zod, documented in `/v1/openapi.json` from the same objects). `schedule` is
 * checked by `parseSchedule` for clearer errors; its documented shape is {@link scheduleBody}.
 */
const scheduleBody = z.union([
  z.object({
    every: z.string().describe("an interval: 90s, 15m, 2h, 1d (at least MONITOR_MIN_INTERVAL_SECONDS)"),
  }),
  z.object({
    cron: z.string().describe("a five-field cron pattern, e.g. 0 * * * *"),
    tz: z.string().optional().describe("IANA time zone of the pattern (default UTC)"),
  }),
]);

const paramValue = z.union([z.string(), z.number(), z.boolean()]);

export const createMonitorBody = z
  .object({
    path: z.string().min(1).describe("a list operation's path, e.g. /v1/videosite/comments"),
    params: z
      .record(z.string(), paramValue)
      .default({})
      .describe("its query parameters, as for a direct call"),
    schedule: z.unknown(),
    webhookUrl: z.string().min(1).max(2048),
    description: z.string().max(500).optional(),
    deliverInitial: z
      .boolean()
      .default(false)
      .describe("deliver the first run's items too (default: baseline)"),
  })
  .strict();

export const updateMonitorBody = z
  .object({
    status: z.enum(["active", "paused"]).optional(),
    params: z
      .record(z.string(), paramValue)
      .optional()
      .describe("new params start a new seen set (baseline)"),
    schedule: z.unknown().optional(),
    webhookUrl: z.string().min(1).max(2048).optional(),
    description: z.string().max(500).nullable().optional(),
  })
  .strict();

export const trackBody = z
  .object({
    url: z
      .string()
      .min(1)
      .max(2048)
      .describe("a video, channel, playlist, subreddit, forum post, photo post or profile URL"),
    every: z.string().describe("an interval: 15m, 1h, 1d (at least MONITOR_MIN_INTERVAL_SECONDS)"),
  })
  .strict();

/** Query of the paged listings. */
export const listQuery = z.object({
  cursor: z.string().max(4096).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** The documented bodies (schedule with its real shape). */
export const documentedBodies = {
  create: createMonitorBody.extend({ schedule: scheduleBody }),
  update: updateMonitorBody.extend({ schedule: scheduleBody.optional() }),
  track: trackBody,
};

/**
 * Validates a JSON body with a schema through the same error mapping as query parameters (`missing_parameter`,
 * `invalid_parameter` with `details.param`).
 * @throws ServiceError 400 for a body that is not a JSON object or breaks the schema.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (body === null || typeof body !== "object" || Array.isArray(body))
    throw new ServiceError(
      "invalid_parameter",
      "the body must be a JSON object (Content-Type: application/json)",
      {
        details: { param: "body" },
      },
    );
  return parseParams(schema, body as Record<string, unknown>);
}

/** Monitors always read the first page, fresh: these parameters make no sense on a schedule. */
const REFUSED_PARAMS = ["cursor", "cache"];

/**
 * The operation parameters of a monitor as raw strings (numbers and booleans written as a query would carry them).
 * @throws ServiceError 400 `invalid_parameter` for `cursor` or `cache`.
 */
export function rawParams(params: Record<string, string | number | boolean>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (REFUSED_PARAMS.includes(key))
      throw new ServiceError(
        "invalid_parameter",
        `params.${key} cannot be set on a monitor: every run reads the first page, fresh`,
        { details: { param: `params.${key}` } },
      );
    out[key] = String(value);
  }
  return out;
}

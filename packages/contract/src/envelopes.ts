import { z } from "zod";
import { component, timestamp } from "./shapes.ts";

/**
 * The envelopes around every answer (SPEC §2.1 success, §7.1 error) and the 202 job handle, as schemas: the gateway's
 * answers, the OpenAPI document and the typed client all read them from here.
 */

/**
 * SPEC §2.1: a 2xx body around `data`. `cached`/`cachedAt` on a cache hit; `creditsUsed` echoed by the audio
 * transcript. Open: other top-level echoes may follow.
 */
export function successEnvelopeSchema<D extends z.ZodType>(data: D) {
  return z.object({
    success: z.literal(true),
    data,
    cached: z.boolean().optional().describe("Present (true) when the answer came from the cache."),
    cachedAt: timestamp.optional().describe("When the cached answer was fetched from the platform."),
    creditsUsed: z.int().min(0).optional().describe("Credits charged, echoed by operations that say so."),
  });
}

/**
 * The documented extras an error may carry beside `code`, `message`, `retryable`, `requestId` (SPEC §4.2.2, §7.3,
 * §7.4). Every one is optional; the object is open (an operation's own diagnostics, e.g. `strategies`, may follow).
 */
const errorExtras = {
  retryAfterSeconds: z
    .int()
    .min(0)
    .optional()
    .describe("Seconds to wait before retrying (also `Retry-After`)."),
  param: z.string().optional().describe("The parameter at fault (400 and 422 parameter errors)."),
  allowed: z.array(z.string()).optional().describe("The values the parameter accepts."),
  allow: z.string().optional().describe("`method_not_allowed`: the methods the path answers (also `Allow`)."),
  reason: z.string().optional().describe("A finer cause (e.g. `blocked_rate`, `restricted`, `private`)."),
  availableLanguages: z
    .array(z.string())
    .optional()
    .describe("Caption operations' 404: language codes of the published tracks."),
  hasAutoCaptions: z
    .boolean()
    .optional()
    .describe("Caption operations' 404: an auto-generated track exists."),
  suggestion: z
    .looseObject({
      endpoint: z.string().nullable().optional(),
      estimatedCredits: z.int().min(0).optional(),
    })
    .optional()
    .describe("A call that can answer instead (e.g. the audio transcript, with its `estimatedCredits`)."),
  suggestedEndpoint: z.string().optional().describe("The captions operation's path, when captions exist."),
  obtainable: z
    .boolean()
    .optional()
    .describe("False when no operation of the service can obtain this content."),
  estimatedCredits: z
    .int()
    .min(0)
    .optional()
    .describe("Credits the call would cost (audio: `duration_too_long`…)."),
  estimatedCreditsIfRetried: z
    .int()
    .min(0)
    .optional()
    .describe("Credits a retry would cost; only on retryable errors."),
  requiredCredits: z.int().min(0).optional().describe("`insufficient_credits`: credits the call needs."),
  availableCredits: z.int().optional().describe("`insufficient_credits`: credits the account can spend."),
};

/**
 * SPEC §7.1: the error body of an operation whose codes are `codes` (its closed set). The `error` object is open:
 * the documented extras are listed, other diagnostics may follow.
 * @param codes every code the operation can answer (at least one).
 */
export function errorEnvelopeSchema(codes: readonly [string, ...string[]]) {
  return z.object({
    success: z.literal(false),
    error: z.looseObject({
      code: z.enum(codes).describe("Machine-readable code, one of the operation's closed set."),
      message: z.string().describe("Human-readable explanation."),
      retryable: z.boolean().describe("Retry only when true, after `Retry-After` seconds when given."),
      requestId: z.string().describe("The call's `req_…` id, as in `X-Service-Request-Id`."),
      ...errorExtras,
    }),
  });
}

/** Any error body (every registered code): the shared `ErrorEnvelope` component. */
export const anyErrorEnvelope = component(
  "ErrorEnvelope",
  z.object({
    success: z.literal(false),
    error: z.looseObject({
      code: z.string(),
      message: z.string(),
      retryable: z.boolean(),
      requestId: z.string(),
      ...errorExtras,
    }),
  }),
  "The error envelope: `success:false` and `error` with `code`, `message`, `retryable`, `requestId` and the " +
    "documented extras. Nothing is billed on an error.",
);

/** A call's job as `GET /v1/jobs/{jobId}` and a 202 report it. */
const jobStatus = z.enum(["queued", "running", "completed", "failed"]);

/**
 * The 202 answer of a call that outlived the 110 s deadline (and of a poll of a job still running): poll `pollUrl`
 * after `retryAfterSeconds`; the final answer is the operation's own 200 or error.
 */
export const jobHandle = component(
  "JobHandle",
  z.object({
    success: z.literal(true),
    data: z.object({
      jobId: z.string().describe("`job_…` id of the call."),
      status: jobStatus.describe("Where the job is."),
      pollUrl: z.string().describe("`/v1/jobs/<jobId>`: the final answer, for the key that made the call."),
      retryAfterSeconds: z.int().min(0).describe("Seconds to wait before polling."),
    }),
  }),
  "202: the call is still running after the deadline. Poll `pollUrl`; the call is billed once, when it finishes.",
);

import type { SerializedServiceError } from "@sda/core";

/** What the gateway enqueues for one API call; the BullMQ job name is the operation id. */
export interface JobPayload {
  requestId: string;
  accountId: string;
  keyId: string;
  operationId: string;
  /** The caller's query parameters as validated by the gateway (raw strings; the worker parses them again). */
  params: Record<string, unknown>;
  /** The caller asked for `cache=true`. */
  cacheRequested: boolean;
  /**
   * Credits the gateway reserved for this request id before enqueueing (its hold). Undefined for calls that did not
   * pass the gateway (batch items, monitor runs): the worker reserves them itself before running.
   */
  reservedCredits?: number;
  /**
   * Enqueued while the gateway's reservation was still running (speculative enqueue): the worker waits for the
   * gateway's hold word (`HoldWords` in `@sda/engine`) before it settles, and discards the result of a refused call.
   */
  speculative?: boolean;
  /** Epoch ms at enqueue. */
  enqueuedAt: number;
  /**
   * The reply channel of the gateway waiting for this call (`reply.ts`): the worker publishes the outcome there.
   * Set by the gateway's bridge; absent for batch items and monitor runs (nobody waits for them).
   */
  replyTo?: string;
  /** What made the call when it did not come straight from an API caller: a batch item or a monitor run. */
  origin?: CallOrigin;
  /**
   * `estimate`: run the operation's estimate function instead of its handler (`GET /v1/utilities/estimate`): nothing
   * is reserved, charged, cached or recorded; the result's `data` is the estimate outcome, `credits` 0.
   */
  mode?: "estimate";
}

/** The batch item or monitor run a call belongs to (its request-log row and result are filed under it). */
export type CallOrigin =
  | { kind: "batch"; batchId: string; index: number }
  | { kind: "monitor"; monitorId: string; runId: string };

/** Value of `X-Service-Cache`. */
export type CacheStatus = "HIT" | "MISS" | "BYPASS";

/** A finished call as the worker reports it (the job's return value). */
export type JobResult =
  | {
      ok: true;
      data: unknown;
      /**
       * The data already serialised as JSON (a cache hit's stored text, for the gateway to write as is); when set,
       * it is the answer's `data` and `data` itself is not read.
       */
      dataJson?: string;
      source: string;
      /** Credits actually charged for this call. */
      credits: number;
      /** The account's balance after this call was settled, in credits (unknown for free cache hits). */
      balance?: number;
      cache: CacheStatus;
      cachedAt?: string;
      /** Extra top-level envelope fields (e.g. `creditsUsed`). */
      envelope?: Record<string, unknown>;
    }
  | { ok: false; error: SerializedServiceError; credits: 0 };

/** Where a job stands, as `GET /v1/jobs/{id}` reports it. */
export type JobStatus = "queued" | "running" | "completed" | "failed";

/**
 * The result of a call that failed inside the service (a crash loop, an unexpected error through every attempt):
 * a retryable 500 `internal_error`, nothing billed.
 */
export function internalErrorResult(): Extract<JobResult, { ok: false }> {
  return {
    ok: false,
    credits: 0,
    error: {
      code: "internal_error",
      message: "the call failed inside the service; it was not billed",
      retryable: true,
      retryAfterSeconds: 5,
      details: {},
    },
  };
}

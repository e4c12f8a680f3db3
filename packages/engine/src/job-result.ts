import { isStoreUnreachable, type SerializedServiceError } from "@sda/core";
import type { JobFailure } from "@sda/queue";

/** Value of `X-Service-Cache`. */
export type CacheStatus = "HIT" | "MISS" | "BYPASS";

/** A finished call as the engine reports it (a job's return value, a batch item's result, the gateway's answer). */
export type JobResult =
  | {
      ok: true;
      data: unknown;
      /**
       * The data already serialised as JSON (a cache hit's stored text, for the gateway to write as is); when set,
       * it is the answer's `data` and `data` itself is not read.
       */
      dataJson?: string;
      /** Which path served the call (`X-Service-Source`), e.g. `innertube:android+web`, `cache:feed`. */
      source: string;
      /** Credits actually charged for this call. */
      credits: number;
      /** The account's balance after this call was settled, in credits (unknown for free cache hits). */
      balance?: number;
      cache: CacheStatus;
      /** ISO time a cache hit's result was fetched. */
      cachedAt?: string;
      /** Extra top-level envelope fields (e.g. `creditsUsed`). */
      envelope?: Record<string, unknown>;
    }
  | {
      ok: false;
      error: SerializedServiceError;
      credits: 0;
      /**
       * The job produced no result ({@link failedJobResult}: lost with Redis, or failed for good): whether its worker
       * settled it is not known from here, so the gateway fences the call before saying "not billed".
       */
      unanswered?: true;
    };

/** A finished success as the gateway answers it (the `ok: true` shape of a job result). */
export type CallAnswer = Extract<JobResult, { ok: true }>;

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

/**
 * The result of a job that produced none (the `failed` answer of the engine's bridges): a job failed for good because
 * PostgreSQL or Redis stayed unreachable through every attempt, or lost with Redis, is a retryable 503 (not a bug);
 * anything else a retryable 500 ({@link internalErrorResult}). Marked `unanswered`: its worker may have settled it
 * before the job failed or vanished, so the gateway fences it (`submitCall`) before its words "not billed" go out.
 */
export function failedJobResult(failure: JobFailure): JobResult {
  if (failure.kind === "lost" || isStoreUnreachable(failure.reason))
    return {
      ok: false,
      credits: 0,
      unanswered: true,
      error: {
        code: "service_unavailable",
        message: "the service could not reach its data stores for this call; it was not billed, retry it",
        retryable: true,
        retryAfterSeconds: 2,
        details: {},
      },
    };
  return { ...internalErrorResult(), unanswered: true };
}

/**
 * The result of a call whose settle found it fenced (`Ledger.fence`: the gateway answered it "not billed" while it
 * could not learn its outcome): the work is neither charged nor served, a retryable 503 as its caller was told.
 */
export function fencedCallResult(): Extract<JobResult, { ok: false }> {
  return {
    ok: false,
    credits: 0,
    error: {
      code: "service_unavailable",
      message:
        "this call was answered as not billed while the service could not reach its data stores; it was not billed, retry it",
      retryable: true,
      retryAfterSeconds: 2,
      details: {},
    },
  };
}

import { type ErrorCodeTable, errorStatus, type Logger } from "@sda/core";
import type { BatchItemJob, JobResult } from "@sda/engine";
import type { Ledger } from "@sda/ledger";
import type { ItemOutcome } from "./store.ts";

/**
 * How a finished call is stored as an item: the HTTP status and body a direct call would have answered. The status of
 * a failure is the one its error carries; `codes` (the wiring's composed table) answers for a result written before
 * errors carried it. The item's `error` is the error object without that status (the item's `httpStatus` is it), as
 * answered before errors carried their status.
 */
export function itemOutcome(result: JobResult, codes?: ErrorCodeTable): ItemOutcome {
  if (result.ok)
    return {
      status: "succeeded",
      httpStatus: 200,
      data: result.data ?? null,
      error: null,
      credits: result.credits,
      source: result.source,
      cache: result.cache,
    };
  const { status: _status, ...error } = result.error;
  return {
    status: "failed",
    httpStatus: errorStatus(result.error, codes),
    data: null,
    error,
    credits: 0,
    source: null,
    cache: null,
  };
}

/**
 * Writes the request-log row of a batch item (one per item, with its batch id), the same row a direct call gets,
 * once, when the item ended: the worker answered it, so the worker is its one writer (its charge, if any, is the
 * ledger's; usage joins the two by request id). `params` are the item's as stored with the batch. A re-run item
 * whose row exists already leaves it as it is. The one place batch code calls `ledger.logRequest`. Never throws.
 */
export async function logBatchItem(
  ledger: Ledger,
  log: Logger,
  payload: BatchItemJob,
  entry: { path: string; outcome: ItemOutcome; durationMs: number; jobId: string },
): Promise<void> {
  const { outcome } = entry;
  const errorCode = (outcome.error as { code?: string } | null)?.code ?? null;
  await ledger
    .logRequest({
      id: payload.requestId,
      accountId: payload.accountId,
      keyId: payload.keyId,
      operation: payload.operationId,
      method: "GET",
      path: entry.path,
      params: payload.params,
      status: outcome.httpStatus,
      errorCode,
      cache: outcome.cache ?? "BYPASS",
      source: outcome.source,
      durationMs: Math.round(entry.durationMs),
      jobId: entry.jobId,
      batchId: payload.batchId,
    })
    .catch((error: unknown) =>
      log.warn({ err: error, requestId: payload.requestId }, "batch item request log write failed"),
    );
}

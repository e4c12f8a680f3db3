import type { BatchItemRow, BatchRow } from "./store.ts";

/** Where a batch is polled and where its results are paged. */
export function batchUrls(batchId: string) {
  return { pollUrl: `/v1/batch/${batchId}`, resultsUrl: `/v1/batch/${batchId}/results` };
}

/** A batch as `GET /v1/batch/{id}` and `GET /v1/batches` answer it (never the webhook secret). */
export interface BatchSummary {
  batchId: string;
  status: "queued" | "running" | "completed" | "cancelled";
  label: string | null;
  total: number;
  /** Items that ended: succeeded + failed + cancelled. */
  done: number;
  succeeded: number;
  failed: number;
  cancelled: number;
  /** Credits charged so far, the sum of the items' charges (equal to their ledger entries). */
  creditsCharged: number;
  estimatedMaxCredits: number | null;
  createdAt: string;
  startedAt: string | null;
  completedAt: string | null;
  /** After this instant the batch answers 404 `batch_expired`. */
  expiresAt: string;
  webhookUrl: string | null;
  pollUrl: string;
  resultsUrl: string;
}

export function batchSummary(row: BatchRow): BatchSummary {
  return {
    batchId: row.id,
    status: row.status,
    label: row.label,
    total: row.total,
    done: row.done,
    succeeded: row.succeeded,
    failed: row.failed,
    cancelled: row.cancelled,
    creditsCharged: row.creditsCharged,
    estimatedMaxCredits: row.estimatedMaxCredits,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
    webhookUrl: row.webhookUrl,
    ...batchUrls(row.id),
  };
}

/**
 * One item of `GET /v1/batch/{id}/results`: the call as submitted, its status (`queued`, `running`, `succeeded`,
 * `failed`, `cancelled`), the HTTP status and body the same direct call would have answered (`data` when it
 * succeeded, the error object when it failed), the credits it was charged, its source and cache status.
 */
export interface BatchItemView {
  index: number;
  path: string;
  params: Record<string, string>;
  status: BatchItemRow["status"];
  httpStatus: number | null;
  data?: unknown;
  error?: unknown;
  credits: number;
  source: string | null;
  cache: string | null;
  finishedAt: string | null;
}

export function batchItemView(row: BatchItemRow): BatchItemView {
  return {
    index: row.index,
    path: row.path,
    params: row.params as Record<string, string>,
    status: row.status,
    httpStatus: row.httpStatus,
    ...(row.status === "succeeded" ? { data: row.data } : {}),
    ...(row.status === "failed" ? { error: row.error } : {}),
    credits: row.credits,
    source: row.source,
    cache: row.cache,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

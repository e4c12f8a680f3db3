import type { LedgerEntryRow, RequestLogRow } from "@sda/ledger";

/** A request-log row as the Account API answers it (SPEC §2.1 field names, ISO 8601 times, credits as integers). */
export function presentRequestLog(row: RequestLogRow) {
  return {
    requestId: row.id,
    operation: row.operation,
    path: row.path,
    params: row.params,
    status: row.status,
    errorCode: row.errorCode,
    credits: row.credits,
    cache: row.cache,
    source: row.source,
    durationMs: row.durationMs,
    batchId: row.batchId,
    monitorId: row.monitorId,
    channel: row.channel,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A ledger entry as the Account API answers it: `amount` signed credits, `balanceAfter` the balance after it. */
export function presentLedgerEntry(entry: LedgerEntryRow) {
  return {
    id: entry.id,
    kind: entry.kind,
    amount: entry.amount,
    balanceAfter: entry.balanceAfter,
    operation: entry.operation,
    requestId: entry.requestId,
    note: entry.note,
    createdAt: entry.createdAt.toISOString(),
  };
}

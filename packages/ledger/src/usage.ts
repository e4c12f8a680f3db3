import type { LedgerEntryRow } from "./credits.ts";
import type { Prisma, PrismaClient } from "./generated/prisma/client.ts";
import type { RequestChannel, RequestLogInput } from "./request-log-input.ts";

/**
 * Read-side queries of one account's usage: the request log (keyset-paginated, newest first), daily aggregates and
 * ledger pages. Every query filters by `account_id` first and orders by `created_at`, so it runs on the
 * `(account_id, created_at)` indexes of `request_logs` and `ledger_entries`. Callers own cursor encoding: a page
 * position is the `(createdAt, id)` of the last row returned.
 */

/** Position after which the next page starts (the last row of the previous page). */
export interface PagePosition {
  createdAt: Date;
  id: string;
}

/** Filters of {@link listRequestLogs}. `from` inclusive, `to` exclusive; `status` an HTTP status or a class. */
export interface RequestLogFilter {
  accountId: string;
  from?: Date;
  to?: Date;
  operation?: string;
  status?: number | "success" | "error";
}

/**
 * A request-log row as the Account API and the dashboard show it: the logged call ({@link RequestLogInput}) without
 * who made it and its job, plus when it was logged.
 */
export interface RequestLogRow
  extends Pick<
    RequestLogInput,
    "id" | "operation" | "path" | "status" | "errorCode" | "credits" | "cache" | "source" | "durationMs"
  > {
  params: unknown;
  batchId: string | null;
  monitorId: string | null;
  /** The interface the call came through: `rest` or `mcp` (a tool call on the MCP endpoint). */
  channel: RequestChannel;
  createdAt: Date;
}

/** One UTC day and operation of {@link dailyUsage}. `day` is `YYYY-MM-DD`. */
export interface DailyUsageRow {
  day: string;
  operation: string;
  calls: number;
  succeeded: number;
  credits: number;
}

/** Calls and credits (whole credits) of one account over a window. */
export interface UsageTotals {
  calls: number;
  credits: number;
}

/** A page of rows plus whether more rows follow (`next` is the position to continue after, or null). */
export interface Page<T> {
  rows: T[];
  next: PagePosition | null;
}

/** Keyset condition "strictly older than `after`" for newest-first pages ordered by (created_at, id) desc. */
function olderThan(after: PagePosition | undefined) {
  if (!after) return {};
  return {
    OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }],
  };
}

function toPage<T extends PagePosition>(rows: T[], limit: number): Page<T> {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    rows: page,
    next: rows.length > limit && last ? { createdAt: last.createdAt, id: last.id } : null,
  };
}

/**
 * The account's request log, newest first, `limit` rows after `after`.
 * @param limit rows per page (the caller bounds it).
 */
export async function listRequestLogs(
  prisma: PrismaClient,
  filter: RequestLogFilter,
  options: { limit: number; after?: PagePosition },
): Promise<Page<RequestLogRow>> {
  const where: Prisma.RequestLogWhereInput = {
    accountId: filter.accountId,
    ...(filter.operation ? { operation: filter.operation } : {}),
    ...(filter.from || filter.to
      ? {
          createdAt: {
            ...(filter.from ? { gte: filter.from } : {}),
            ...(filter.to ? { lt: filter.to } : {}),
          },
        }
      : {}),
    ...statusCondition(filter.status),
    ...olderThan(options.after),
  };
  const rows = await prisma.requestLog.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: options.limit + 1,
    select: {
      id: true,
      operation: true,
      path: true,
      params: true,
      status: true,
      errorCode: true,
      credits: true,
      cache: true,
      source: true,
      durationMs: true,
      batchId: true,
      monitorId: true,
      channel: true,
      createdAt: true,
    },
  });
  return toPage(
    rows.map((row) => ({ ...row, channel: row.channel as RequestChannel })),
    options.limit,
  );
}

function statusCondition(status: RequestLogFilter["status"]): Prisma.RequestLogWhereInput {
  if (status === undefined) return {};
  if (status === "success") return { status: { gte: 200, lt: 300 } };
  if (status === "error") return { status: { gte: 400 } };
  return { status };
}

/** The account's ledger entries, newest first, `limit` rows after `after`. */
export async function listLedgerEntries(
  prisma: PrismaClient,
  accountId: string,
  options: { limit: number; after?: PagePosition },
): Promise<Page<LedgerEntryRow>> {
  const rows = await prisma.ledgerEntry.findMany({
    where: { accountId, ...olderThan(options.after) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: options.limit + 1,
  });
  return toPage(rows, options.limit);
}

/**
 * Calls, successful calls (2xx other than a pending 202) and credits per UTC day and operation, for the last `days`
 * UTC days including today. Days without calls are absent. Calls without an operation (account pages) are grouped
 * under their path.
 */
export async function dailyUsage(
  prisma: PrismaClient,
  accountId: string,
  days: number,
  now = new Date(),
): Promise<DailyUsageRow[]> {
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)));
  const rows = await prisma.$queryRaw<
    { day: string; operation: string; calls: bigint; succeeded: bigint; credits: bigint }[]
  >`
    SELECT to_char(date_trunc('day', "created_at" AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS "day",
           COALESCE("operation", "path") AS "operation",
           count(*) AS "calls",
           count(*) FILTER (WHERE "status" >= 200 AND "status" < 300 AND "status" <> 202) AS "succeeded",
           COALESCE(sum("credits"), 0) AS "credits"
      FROM "request_logs"
     WHERE "account_id" = ${accountId} AND "created_at" >= ${since}
     GROUP BY 1, 2
     ORDER BY 1 DESC, 2 ASC`;
  return rows.map((r) => ({
    day: r.day,
    operation: r.operation,
    calls: Number(r.calls),
    succeeded: Number(r.succeeded),
    credits: Number(r.credits),
  }));
}

/** An account whose balance differs from the sum of its ledger entries (both in credits). */
export interface LedgerMismatch {
  accountId: string;
  balance: number;
  ledgerSum: number;
}

/**
 * Checks `sum(ledger_entries.amount) = accounts.balance` for every account in one aggregate query.
 * @returns the accounts checked and every mismatch (empty when the ledger is consistent).
 */
export async function reconcileLedger(
  prisma: PrismaClient,
): Promise<{ accounts: number; mismatches: LedgerMismatch[] }> {
  const [rows, accounts] = await Promise.all([
    prisma.$queryRaw<{ id: string; balance: number; sum: bigint | null }[]>`
      SELECT a."id", a."balance", s."sum"
        FROM "accounts" a
        LEFT JOIN (SELECT "account_id", sum("amount") AS "sum" FROM "ledger_entries" GROUP BY "account_id") s
          ON s."account_id" = a."id"
       WHERE a."balance" <> COALESCE(s."sum", 0)
       ORDER BY a."id"`,
    prisma.account.count(),
  ]);
  return {
    accounts,
    mismatches: rows.map((r) => ({ accountId: r.id, balance: r.balance, ledgerSum: Number(r.sum ?? 0) })),
  };
}

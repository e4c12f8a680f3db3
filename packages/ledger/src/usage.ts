import type { LedgerEntryRow } from "./credits.ts";
import { Prisma, type PrismaClient } from "./generated/prisma/client.ts";
import type { RequestChannel, RequestLogInput } from "./request-log-input.ts";

/**
 * Read-side queries of one account's usage: the request log (keyset-paginated, newest first), daily aggregates and
 * ledger pages. Every query filters by `account_id` first and orders by a time, so it runs on the
 * `(account_id, created_at)` indexes of `request_logs` and `ledger_entries` or the `(account_id, called_at)` one of
 * the charges. Callers own cursor encoding: a page position is the `(createdAt, id)` of the last row returned.
 *
 * Usage joins the access log and the billing record by request id: a call's credits are its charge's (the ledger
 * entry of kind `charge` under its request id; 0 when none), and a charge without a request-log row (its gateway was
 * killed between the charge and its answer, or the row is still buffered) is listed all the same, built from the
 * entry. Nothing billed is invisible to its owner.
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
 * A call as the Account API and the dashboard show it: the logged call ({@link RequestLogInput}) without who made it
 * and its job, plus its time and the credits of its charge. A charge whose call has no request-log row is shown as a
 * row built from the entry: its request id, operation, channel, status 200, credits and call time; empty `path`,
 * params `{}`, and null `cache`, `source`, `durationMs` (what only the access log knows).
 */
export interface RequestLogRow
  extends Pick<RequestLogInput, "id" | "operation" | "path" | "status" | "errorCode" | "source"> {
  params: unknown;
  /** Credits charged for the call (its charge's; 0 when it was not billed). */
  credits: number;
  /** Result cache status (null: no request-log row, only the charge). */
  cache: string | null;
  /** Time to answer, in ms (null: no request-log row, only the charge). */
  durationMs: number | null;
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

/** A time as a `timestamptz` parameter (the request log's `created_at`). */
const at = (date: Date) => Prisma.sql`${date.toISOString()}::timestamptz`;
/** A time as a UTC `timestamp(3)` parameter (the ledger's `called_at`). */
const utcAt = (date: Date) => Prisma.sql`(${date.toISOString()}::timestamptz AT TIME ZONE 'UTC')`;

/** The `WHERE` conditions of {@link listRequestLogs}: on the request log (`r`) and on the charges (`e`). */
function callConditions(filter: RequestLogFilter, after: PagePosition | undefined) {
  const logged = [Prisma.sql`r."account_id" = ${filter.accountId}`];
  const charged = [Prisma.sql`e."account_id" = ${filter.accountId}`, Prisma.sql`e."kind" = 'charge'`];
  if (filter.operation) {
    logged.push(Prisma.sql`r."operation" = ${filter.operation}`);
    charged.push(Prisma.sql`e."operation" = ${filter.operation}`);
  }
  if (filter.from) {
    logged.push(Prisma.sql`r."created_at" >= ${at(filter.from)}`);
    charged.push(Prisma.sql`e."called_at" >= ${utcAt(filter.from)}`);
  }
  if (filter.to) {
    logged.push(Prisma.sql`r."created_at" < ${at(filter.to)}`);
    charged.push(Prisma.sql`e."called_at" < ${utcAt(filter.to)}`);
  }
  const { status } = filter;
  if (status === "success") logged.push(Prisma.sql`r."status" >= 200 AND r."status" < 300`);
  else if (status === "error") logged.push(Prisma.sql`r."status" >= 400`);
  else if (status !== undefined) logged.push(Prisma.sql`r."status" = ${status}`);
  // A charge without its row shows as a 200.
  if (status === "error" || (typeof status === "number" && status !== 200)) charged.push(Prisma.sql`false`);
  if (after) {
    logged.push(Prisma.sql`(r."created_at", r."id") < (${at(after.createdAt)}, ${after.id})`);
    charged.push(Prisma.sql`(e."called_at", e."request_id") < (${utcAt(after.createdAt)}, ${after.id})`);
  }
  return { logged: Prisma.join(logged, " AND "), charged: Prisma.join(charged, " AND ") };
}

/**
 * The account's calls, newest first, `limit` rows after `after`, in one statement: the request-log page (`limit` + 1
 * rows, its credits joined from the charges by request id) merged with the charges that have no request-log row,
 * read only down to the oldest row of a full page (older ones rank after it), so both reads stay ≈ `limit` rows. The
 * bound is a scalar subquery (an index condition on `(account_id, called_at)`) and the missing row a per-entry
 * primary-key probe: as a join filter and an anti join the planner scanned every charge and every row of the log
 * (240 ms on 100,000 rows against 3 ms).
 * @param limit rows per page (the caller bounds it).
 */
export async function listRequestLogs(
  prisma: PrismaClient,
  filter: RequestLogFilter,
  options: { limit: number; after?: PagePosition },
): Promise<Page<RequestLogRow>> {
  const { logged, charged } = callConditions(filter, options.after);
  const take = options.limit + 1;
  const rows = await prisma.$queryRaw<(RequestLogRow & { credits: number })[]>`
    WITH logged AS (
      SELECT r."id", r."operation", r."path", r."params", r."status", r."error_code" AS "errorCode",
             COALESCE(-c."amount", 0) AS "credits", r."cache", r."source", r."duration_ms" AS "durationMs",
             r."batch_id" AS "batchId", r."monitor_id" AS "monitorId", r."channel", r."created_at" AS "createdAt"
        FROM "request_logs" r
        LEFT JOIN "ledger_entries" c ON c."request_id" = r."id" AND c."kind" = 'charge'
       WHERE ${logged}
       ORDER BY r."created_at" DESC, r."id" DESC
       LIMIT ${take}
    ), unlogged AS (
      SELECT e."request_id" AS "id", e."operation", '' AS "path", '{}'::jsonb AS "params", 200 AS "status",
             NULL::text AS "errorCode", -e."amount" AS "credits", NULL::text AS "cache", NULL::text AS "source",
             NULL::int AS "durationMs", NULL::text AS "batchId", NULL::text AS "monitorId",
             COALESCE(e."channel", 'rest') AS "channel", e."called_at" AT TIME ZONE 'UTC' AS "createdAt"
        FROM "ledger_entries" e
       WHERE ${charged}
         AND e."called_at" >= COALESCE((SELECT CASE WHEN count(*) >= ${take} THEN min("createdAt") AT TIME ZONE 'UTC' END
                                          FROM logged), '-infinity'::timestamp)
         AND (SELECT r."id" FROM "request_logs" r WHERE r."id" = e."request_id") IS NULL
       ORDER BY e."called_at" DESC, e."request_id" DESC
       LIMIT ${take}
    )
    SELECT * FROM (SELECT * FROM logged UNION ALL SELECT * FROM unlogged) AS calls
     ORDER BY "createdAt" DESC, "id" DESC
     LIMIT ${take}`;
  return toPage(
    rows.map((row) => ({ ...row, credits: Number(row.credits), channel: row.channel as RequestChannel })),
    options.limit,
  );
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
 * UTC days including today: calls from the request log (by call time), credits from the charges (by their call's
 * time), joined by day and operation, so a charge whose row is missing still counts its credits. Days without calls or
 * charges are absent. Calls without an operation (account pages) are grouped under their path.
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
    WITH calls AS (
      SELECT to_char(date_trunc('day', "created_at" AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS "day",
             COALESCE("operation", "path") AS "operation",
             count(*) AS "calls",
             count(*) FILTER (WHERE "status" >= 200 AND "status" < 300 AND "status" <> 202) AS "succeeded"
        FROM "request_logs"
       WHERE "account_id" = ${accountId} AND "created_at" >= ${at(since)}
       GROUP BY 1, 2
    ), charged AS (
      SELECT to_char(date_trunc('day', "called_at"), 'YYYY-MM-DD') AS "day", "operation", -sum("amount") AS "credits"
        FROM "ledger_entries"
       WHERE "account_id" = ${accountId} AND "kind" = 'charge' AND "called_at" >= ${utcAt(since)}
       GROUP BY 1, 2
    )
    SELECT COALESCE(c."day", e."day") AS "day", COALESCE(c."operation", e."operation") AS "operation",
           COALESCE(c."calls", 0) AS "calls", COALESCE(c."succeeded", 0) AS "succeeded",
           COALESCE(e."credits", 0) AS "credits"
      FROM calls c FULL JOIN charged e ON e."day" = c."day" AND e."operation" = c."operation"
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

import type pg from "pg";
import type { PendingUsage, RequestLogWriter } from "./request-log-writer.ts";
import type { UsageTotals } from "./usage.ts";

/**
 * The account reads of the gateway's hot paths (a free cache hit's `X-Service-Balance`, `GET /v1/account`), each ONE
 * named prepared statement on the `pg` pool under Prisma ({@link sqlPool}): one round trip, parsed and planned once
 * per connection, no query compiler. Values come straight from the rows, so they are as exact as the database.
 *
 * Times: `created_at` columns are `timestamp(3)` holding UTC (Prisma's convention), so parameters go in as ISO strings
 * converted `AT TIME ZONE 'UTC'` and results come out the same way, whatever the server's or the process's time zone;
 * `request_logs.created_at` is a `timestamptz` (the call's time), compared with the ISO parameter as it is.
 */

/** The account as `GET /v1/account` shows it, read in one statement. */
export interface AccountSummary {
  id: string;
  email: string | null;
  /** Credits (sum of the ledger entries). */
  balance: number;
  /** Credits held by calls in flight. */
  reserved: number;
  createdAt: Date;
  /** Calls and credits of the request log since the `since` given to {@link readAccountSummary}. */
  usage: UsageTotals;
}

const BALANCE: pg.QueryConfig = {
  name: "sda_account_balance",
  text: `SELECT "balance" FROM "accounts" WHERE "id" = $1`,
};

const BALANCES: pg.QueryConfig = {
  name: "sda_account_balances",
  text: `SELECT "id", "balance" FROM "accounts" WHERE "id" = ANY($1::text[])`,
};

/**
 * The account row and its request-log totals since `$2`: whole minutes from the `request_log_minutes` rollup (kept
 * by triggers in the same transactions as the log rows, so it is exact), plus the raw rows of the minute `$2` falls
 * in, from `$2` on (the `(account_id, created_at)` index), plus the calls a gateway still buffers ({@link PendingUsage},
 * none with credits): those only it writes (`$5`), and those answered 202 (`$3`, `$4`: ids and call times) that are
 * not in `request_logs` in the statement's snapshot (a worker that settled the call wrote its row, and it is counted
 * once, from the table). Reads ≤ 1,440 rollup rows instead of every logged call, and writes nothing.
 */
const SUMMARY_TEXT = `
  SELECT a."id", a."email", a."balance", a."reserved", a."created_at" AT TIME ZONE 'UTC' AS "createdAt",
         m."calls" + l."calls" + p."calls" + $5::int AS "calls", m."credits" + l."credits" AS "credits"
    FROM "accounts" a
   CROSS JOIN LATERAL (SELECT ($2::timestamptz AT TIME ZONE 'UTC') AS "since") s
   CROSS JOIN LATERAL (SELECT date_trunc('minute', s."since") + interval '1 minute' AS "from") w
   CROSS JOIN LATERAL (
         SELECT COALESCE(sum("calls"), 0) AS "calls", COALESCE(sum("credits"), 0) AS "credits"
           FROM "request_log_minutes" WHERE "account_id" = a."id" AND "minute" >= w."from") m
   CROSS JOIN LATERAL (
         SELECT count(*) AS "calls", COALESCE(sum("credits"), 0) AS "credits"
           FROM "request_logs" WHERE "account_id" = a."id" AND "created_at" >= $2::timestamptz
            AND "created_at" < (w."from" AT TIME ZONE 'UTC')) l
   CROSS JOIN LATERAL (
         SELECT count(*) AS "calls"
           FROM unnest($3::text[], $4::timestamptz[]) AS b("id", "at")
          WHERE b."at" >= $2::timestamptz
            AND NOT EXISTS (SELECT 1 FROM "request_logs" r WHERE r."id" = b."id")) p
   WHERE a."id" = $1`;

interface SummaryRow {
  id: string;
  email: string | null;
  balance: number;
  reserved: number;
  createdAt: Date;
  /** bigint sums arrive as strings from `pg`. */
  calls: string;
  credits: string;
}

/** @returns the account's balance in credits, or null for an unknown account. */
export async function readBalance(pool: pg.Pool, accountId: string): Promise<number | null> {
  const { rows } = await pool.query<{ balance: number }>({ ...BALANCE, values: [accountId] });
  return rows[0]?.balance ?? null;
}

/**
 * The balances of several accounts in one statement (one snapshot), for reads made by concurrent calls at once.
 * @returns credits by account id; unknown accounts are absent.
 */
export async function readBalances(
  pool: pg.Pool,
  accountIds: readonly string[],
): Promise<Map<string, number>> {
  const { rows } = await pool.query<{ id: string; balance: number }>({ ...BALANCES, values: [accountIds] });
  return new Map(rows.map((row) => [row.id, row.balance]));
}

/** Nothing buffered: a read of what PostgreSQL holds only. */
const NOTHING_PENDING: PendingUsage = { calls: 0, unsure: { ids: [], createdAt: [] }, mark: 0 };

/**
 * The account and its request-log calls and credits since `since` (inclusive), in one statement.
 * @param pending what a gateway still buffers of the account ({@link RequestLogWriter.pendingUsage}), added exactly
 * @returns null for an unknown account.
 */
export async function readAccountSummary(
  pool: pg.Pool,
  accountId: string,
  since: Date,
  pending: PendingUsage = NOTHING_PENDING,
): Promise<AccountSummary | null> {
  const { unsure } = pending;
  const { rows } = await pool.query<SummaryRow>({
    name: "sda_account_summary",
    text: SUMMARY_TEXT,
    values: [accountId, since.toISOString(), unsure.ids, unsure.createdAt, pending.calls],
  });
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    balance: row.balance,
    reserved: row.reserved,
    createdAt: row.createdAt,
    usage: { calls: Number(row.calls), credits: Number(row.credits) },
  };
}

/** Reads of {@link readOwnAccountSummary} whose buffer changed under them before it writes the buffer instead. */
const OWN_READ_ATTEMPTS = 3;

/**
 * Read your own writes without writing: the account's summary including the rows `writer` (this gateway) still
 * buffers, added by the same statement ({@link readAccountSummary} with {@link RequestLogWriter.pendingUsage}). When a
 * batch of the buffer began writing during the read (the rows may then be counted twice), it reads again; after
 * {@link OWN_READ_ATTEMPTS} such reads it writes the account's buffered rows first and reads the table alone.
 * @returns null for an unknown account.
 */
export async function readOwnAccountSummary(
  pool: pg.Pool,
  writer: RequestLogWriter,
  accountId: string,
  since: Date,
): Promise<AccountSummary | null> {
  for (let attempt = 0; attempt < OWN_READ_ATTEMPTS; attempt++) {
    const pending = await writer.pendingUsage(accountId, since);
    const summary = await readAccountSummary(pool, accountId, since, pending);
    if (writer.unchangedSince(pending.mark)) return summary;
  }
  await writer.flushAccount(accountId);
  return readAccountSummary(pool, accountId, since);
}

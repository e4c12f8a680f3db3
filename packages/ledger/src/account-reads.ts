import type pg from "pg";
import type { RequestLogWriter } from "./request-log-writer.ts";
import type { UsageTotals } from "./usage.ts";

/**
 * The account reads of the gateway's hot paths (a free cache hit's `X-Service-Balance`, `GET /v1/account`), each ONE
 * named prepared statement on the `pg` pool under Prisma ({@link sqlPool}): one round trip, parsed and planned once
 * per connection, no query compiler. Values come straight from the rows, so they are as exact as the database.
 *
 * Times: `created_at` columns are `timestamp(3)` holding UTC (Prisma's convention), so parameters go in as ISO strings
 * converted `AT TIME ZONE 'UTC'` and results come out the same way, whatever the server's or the process's time zone
 * (`ledger_entries.called_at` too); `request_logs.created_at` is a `timestamptz` (the call's time), compared with the
 * ISO parameter as it is.
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
  /**
   * Since the `since` given to {@link readAccountSummary}: calls of the request log (by call time), and credits of the
   * charges (by their call's time, `called_at`).
   */
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
 * The account row and its usage since `$2`: calls from the request log, credits from the charges (the ledger is the
 * billing record; a charge whose call has no request-log row yet counts all the same). Whole minutes come from the
 * `request_log_minutes` rollup (its calls kept by triggers on `request_logs`, its credits by triggers on
 * `ledger_entries` by the call's minute, each in the same transaction as the rows it counts, so it is exact), plus the
 * raw rows of the minute `$2` falls in, from `$2` on (the `(account_id, created_at)` index of `request_logs`, the
 * `(account_id, called_at)` one of `ledger_entries`), plus `$3`: the calls a gateway still buffers
 * ({@link RequestLogWriter.readWithPending}; a buffered row carries no credits). Reads ≤ 1,440 rollup rows instead of
 * every logged call, and writes nothing.
 */
const SUMMARY_TEXT = `
  SELECT a."id", a."email", a."balance", a."reserved", a."created_at" AT TIME ZONE 'UTC' AS "createdAt",
         m."calls" + l."calls" + $3::int AS "calls", m."credits" + e."credits" AS "credits"
    FROM "accounts" a
   CROSS JOIN LATERAL (SELECT ($2::timestamptz AT TIME ZONE 'UTC') AS "since") s
   CROSS JOIN LATERAL (SELECT date_trunc('minute', s."since") + interval '1 minute' AS "from") w
   CROSS JOIN LATERAL (
         SELECT COALESCE(sum("calls"), 0) AS "calls", COALESCE(sum("credits"), 0) AS "credits"
           FROM "request_log_minutes" WHERE "account_id" = a."id" AND "minute" >= w."from") m
   CROSS JOIN LATERAL (
         SELECT count(*) AS "calls"
           FROM "request_logs" WHERE "account_id" = a."id" AND "created_at" >= $2::timestamptz
            AND "created_at" < (w."from" AT TIME ZONE 'UTC')) l
   CROSS JOIN LATERAL (
         SELECT COALESCE(-sum("amount"), 0) AS "credits"
           FROM "ledger_entries" WHERE "account_id" = a."id" AND "kind" = 'charge'
            AND "called_at" >= s."since" AND "called_at" < w."from") e
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

/**
 * The account and its usage since `since` (inclusive), in one statement: calls from the request log, credits from the
 * charges.
 * @param pendingCalls calls of the account a gateway still buffers, added exactly ({@link readOwnAccountSummary})
 * @returns null for an unknown account.
 */
export async function readAccountSummary(
  pool: pg.Pool,
  accountId: string,
  since: Date,
  pendingCalls = 0,
): Promise<AccountSummary | null> {
  const { rows } = await pool.query<SummaryRow>({
    name: "sda_account_summary",
    text: SUMMARY_TEXT,
    values: [accountId, since.toISOString(), pendingCalls],
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

/**
 * Read your own writes without writing: the account's summary including the calls `writer` (this gateway) still
 * buffers, added by the same statement; the writer begins no batch while it runs
 * ({@link RequestLogWriter.readWithPending}), so each call is counted once. Credits need no such care: they are the
 * charges', committed before any call is answered.
 * @returns null for an unknown account.
 */
export function readOwnAccountSummary(
  pool: pg.Pool,
  writer: RequestLogWriter,
  accountId: string,
  since: Date,
): Promise<AccountSummary | null> {
  return writer.readWithPending(accountId, since, (pendingCalls) =>
    readAccountSummary(pool, accountId, since, pendingCalls),
  );
}

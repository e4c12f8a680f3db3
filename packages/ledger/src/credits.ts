import { creditsText } from "@sda/contract";
import { ServiceError } from "@sda/core";
import type pg from "pg";
import type { PrismaClient } from "./generated/prisma/client.ts";
import { Prisma } from "./generated/prisma/client.ts";
import type { RequestChannel } from "./request-log-input.ts";

/**
 * The money statements of a call: reserve → settle | release, each ONE SQL statement, so a crash between two round
 * trips can never leave credits half moved. The `Ledger` methods (`reserve`, `settle`, `release`, `sweepExpired`)
 * run them on the `pg` pool under the Prisma client as named prepared statements ({@link runStatement}; every call
 * runs two of them: Prisma's query layer cost more than the statements themselves); the engine's `Reservation`
 * reaches them in that one hop.
 *
 * Invariants (also CHECK constraints on `accounts`): `0 ≤ reserved ≤ balance`; `reserved` = sum of the account's
 * open reservations; `balance` = sum of its ledger entries. A call is served only after its settle statement
 * committed, so nothing is served unpaid; a charge carries the request id, which its entry takes in
 * `ledger_request_ids` (primary key: the request id; a trigger on `ledger_entries` inserts it in the same statement),
 * so nothing is charged twice. The charge is the call's billing record: it carries the call's channel and start (`called_at`), so usage shows
 * it whether or not the call's request-log row (the access log, written by whoever answered) was ever written; the
 * settle never touches `request_logs`.
 *
 * The failures these statements are built against:
 * - 90 parallel calls on 10 credits: the reservation is a conditional increment (`balance - reserved >= credits`),
 *   so exactly as many reserve as the available credits cover, the rest get 402 before any work is enqueued;
 * - a job retried after its worker died after the charge: the ledger entry exists, settle answers `duplicate` and
 *   releases what the retry reserved again;
 * - a settle racing the sweeper's release of the same reservation: both lock the reservation row first (`FOR UPDATE`
 *   / `SKIP LOCKED`), so its credits leave `reserved` exactly once;
 * - a reservation released by the sweeper (job lost with Redis, or queued past its expiry) whose job runs after all:
 *   settle then charges against the available balance, and answers 402 instead of serving when it cannot.
 */

/** A ledger entry as the money statements return it. */
export interface LedgerEntryRow {
  id: string;
  accountId: string;
  kind: "grant" | "charge" | "refund" | "adjustment";
  amount: number;
  balanceAfter: number;
  requestId: string | null;
  operation: string | null;
  note: string | null;
  /** A charge's call: the interface it came through and its start (null for grants, refunds, adjustments). */
  channel: string | null;
  calledAt: Date | null;
  createdAt: Date;
}

/** Result of `Ledger.settle`. */
export interface ChargeResult {
  /** The entry that bills the request (the existing one when the request was charged before); null for 0 credits. */
  entry: LedgerEntryRow | null;
  /** True when an earlier attempt of the same request id was charged already; nothing more was charged. */
  duplicate: boolean;
  /** The account balance after the settle, in credits. */
  balance: number;
}

/** An open reservation of one call. */
export interface ReservationRow {
  requestId: string;
  accountId: string;
  credits: number;
  operation: string;
  expiresAt: Date;
}

/** What `Ledger.reserve` needs. */
export interface ReserveInput {
  accountId: string;
  requestId: string;
  /** Credits to hold: the call's maximum price (whole credits, > 0; 0 reserves nothing). */
  credits: number;
  operation: string;
  /** How long the hold lasts before the sweeper releases it, in seconds. */
  ttlSeconds: number;
  now?: Date;
}

/** One of this module's statements: its prepared statement's name and text. */
export interface CreditStatement {
  name: string;
  text: string;
}

/**
 * Runs one of this module's statements on `pool` (the `pg` pool under the Prisma client), as a named prepared
 * statement (parsed and planned once per connection). @returns its rows.
 */
export async function runStatement<T>(
  pool: pg.Pool,
  statement: CreditStatement,
  values: unknown[],
): Promise<T[]> {
  return (await pool.query<T & pg.QueryResultRow>({ ...statement, values })).rows;
}

/** The ledger entry columns as {@link LedgerEntryRow} names them (`created_at`, `called_at` are UTC, read as such). */
const ENTRY_COLUMNS = `"id", "account_id" AS "accountId", "kind"::text AS "kind", "amount", "balance_after" AS "balanceAfter",
  "request_id" AS "requestId", "operation", "note", "channel", "called_at" AT TIME ZONE 'UTC' AS "calledAt",
  "created_at" AT TIME ZONE 'UTC' AS "createdAt"`;

/**
 * A fresh hold, in one statement: `$3` credits for request `$1` of account `$2` (operation `$4`, expiry `$5` UTC),
 * when `balance - reserved` covers them. Returns the row's credits; no row when not available; a unique violation
 * (rolled back whole, the increment too) when the request holds a reservation already.
 */
export const RESERVE: CreditStatement = {
  name: "sda_reserve",
  text: `WITH hold AS (
       UPDATE "accounts" SET "reserved" = "reserved" + $3::int
        WHERE "id" = $2 AND "balance" - "reserved" >= $3::int
       RETURNING "id"
     )
     INSERT INTO "credit_reservations" ("request_id", "account_id", "credits", "operation", "expires_at")
     SELECT $1, $2, $3::int, $4, $5::timestamp(3) FROM hold
     RETURNING "credits"`,
};

/**
 * Raises request `$1`'s existing hold to `$3` credits and renews its expiry (`$4`), in one statement (the row lock
 * orders it after a concurrent settle or release). Returns the credits now held; no row when there is no hold or the
 * available balance of account `$2` cannot cover the raise.
 */
export const RESERVE_RAISE: CreditStatement = {
  name: "sda_reserve_raise",
  text: `WITH cur AS (
       SELECT "credits" FROM "credit_reservations" WHERE "request_id" = $1 FOR UPDATE
     ), hold AS (
       UPDATE "accounts" SET "reserved" = "reserved" + GREATEST($3::int - (SELECT "credits" FROM cur), 0)
        WHERE "id" = $2 AND EXISTS (SELECT 1 FROM cur)
          AND "balance" - "reserved" >= GREATEST($3::int - (SELECT "credits" FROM cur), 0)
       RETURNING "id"
     )
     UPDATE "credit_reservations" SET "credits" = GREATEST("credits", $3::int), "expires_at" = $4::timestamp(3)
      WHERE "request_id" = $1 AND EXISTS (SELECT 1 FROM hold)
     RETURNING "credits"`,
};

/** What `Ledger.settle` needs. */
export interface SettleInput {
  accountId: string;
  requestId: string;
  /** The call's actual price in whole credits (0 for an empty result: only the hold is released). */
  credits: number;
  operation: string;
  /** The interface the call came through, recorded on its charge (default `rest`). */
  channel?: RequestChannel;
  /** When the call was made, recorded on its charge as `called_at` (default: now). */
  calledAt?: Date;
}

/**
 * The settle statement: charge and release, or (when the request was charged before) only the release of what a
 * retry reserved again; one round trip either way.
 *
 * The reservation row is locked first (FOR UPDATE): a concurrent release or sweep waits for us, or we see its row gone
 * and charge against the available balance instead. `prior` (an earlier attempt's entry, read in the statement's
 * snapshot) turns the debit into a release only; it is found through `ledger_request_ids`, which names the entry's
 * month, so one partition is read (`ledger_entries` is partitioned by `created_at`). The request id the new entry
 * takes there makes a concurrent settle of the same request that `prior` could not see roll back whole. The result row: the balance after (null when the available
 * balance could not cover the charge, or when there was nothing to release for a duplicate), `duplicate`, and the
 * entry's columns (the new one, the earlier one, or nulls for a 0-credit settle). The charge records its call's
 * channel (`$6`) and start (`$7`, UTC): the billing record usage shows for the call (`ChargedCall`).
 */
const SETTLE_TEXT = `
  WITH prior AS (
    SELECT ${ENTRY_COLUMNS} FROM "ledger_entries"
     WHERE "request_id" = $1
       AND "created_at" = (SELECT "created_at" FROM "ledger_request_ids" WHERE "request_id" = $1)
  ), res AS (
    SELECT "credits" FROM "credit_reservations" WHERE "request_id" = $1 FOR UPDATE
  ), debit AS (
    UPDATE "accounts"
       SET "balance" = "balance" - CASE WHEN EXISTS (SELECT 1 FROM prior) THEN 0 ELSE $3::int END,
           "reserved" = "reserved" - COALESCE((SELECT "credits" FROM res), 0)
     WHERE "id" = $2
       AND CASE WHEN EXISTS (SELECT 1 FROM prior) THEN EXISTS (SELECT 1 FROM res)
                ELSE "balance" - "reserved" + COALESCE((SELECT "credits" FROM res), 0) >= $3::int END
    RETURNING "balance"
  ), released AS (
    DELETE FROM "credit_reservations" WHERE "request_id" = $1 AND EXISTS (SELECT 1 FROM debit)
  ), entry AS (
    INSERT INTO "ledger_entries" ("id", "account_id", "kind", "amount", "balance_after", "request_id", "operation",
                                  "channel", "called_at")
    SELECT $4, $2, 'charge'::"ledger_entry_kind", -$3::int, debit."balance", $1, $5, $6, $7::timestamp(3)
      FROM debit WHERE $3::int > 0 AND NOT EXISTS (SELECT 1 FROM prior)
    RETURNING ${ENTRY_COLUMNS}
  ), charged AS (
    SELECT *, false AS "duplicate" FROM entry UNION ALL SELECT *, true AS "duplicate" FROM prior
  )
  SELECT (SELECT "balance" FROM debit) AS "settledBalance", COALESCE(charged."duplicate", false) AS "duplicate",
         charged."id", charged."accountId", charged."kind", charged."amount", charged."balanceAfter",
         charged."requestId", charged."operation", charged."note", charged."channel", charged."calledAt",
         charged."createdAt"
    FROM (SELECT 1) AS one LEFT JOIN charged ON true`;

/** {@link SETTLE_TEXT}: `$1` request, `$2` account, `$3` credits, `$4` new entry id, `$5` operation, `$6`, `$7`. */
export const SETTLE: CreditStatement = { name: "sda_settle", text: SETTLE_TEXT };

/** The row {@link SETTLE} returns: the entry's columns (nulls for none), the balance after, `duplicate`. */
export type SettleRow = LedgerEntryRow & { settledBalance: number | null; duplicate: boolean };

/**
 * Releases request `$1`'s reservation (failure, cancel, expiry), in one statement; no row when it has none. Returns
 * the credits released.
 */
export const RELEASE: CreditStatement = {
  name: "sda_release",
  text: `WITH gone AS (
       DELETE FROM "credit_reservations" WHERE "request_id" = $1 RETURNING "account_id", "credits"
     )
     UPDATE "accounts" SET "reserved" = "accounts"."reserved" - gone."credits"
       FROM gone WHERE "accounts"."id" = gone."account_id"
     RETURNING gone."credits" AS "credits"`,
};

/**
 * Releases up to `$2` reservations whose expiry passed before `$1` (UTC; their jobs were lost with Redis or are
 * stuck), skipping rows a settle holds right now, so every worker process may run it at once. Returns `released`
 * (a bigint, as text).
 */
export const SWEEP: CreditStatement = {
  name: "sda_sweep_reservations",
  text: `WITH gone AS (
      DELETE FROM "credit_reservations" WHERE "request_id" IN (
        SELECT "request_id" FROM "credit_reservations" WHERE "expires_at" < $1::timestamp(3)
         ORDER BY "expires_at" LIMIT $2::int FOR UPDATE SKIP LOCKED
      ) RETURNING "account_id", "credits"
    ), per_account AS (
      SELECT "account_id", SUM("credits")::int AS "credits", COUNT(*) AS "n" FROM gone GROUP BY "account_id"
    ), applied AS (
      UPDATE "accounts" SET "reserved" = "accounts"."reserved" - per_account."credits"
        FROM per_account WHERE "accounts"."id" = per_account."account_id"
      RETURNING per_account."n"
    )
    SELECT COALESCE(SUM("n"), 0)::bigint AS "released" FROM applied`,
};

/** The 402 of SPEC §5, with what the call needed and what the account has available. */
export function insufficientCredits(required: number, available: number): ServiceError {
  return new ServiceError(
    "insufficient_credits",
    `this call needs ${creditsText(required)}; ${creditsText(available)} ${available === 1 ? "is" : "are"} available`,
    { details: { requiredCredits: required, availableCredits: available } },
  );
}

/** The 402 for `required` credits with what `accountId` has available now (read after the refusal). */
export async function insufficientFor(prisma: PrismaClient, accountId: string, required: number) {
  const account = await prisma.account.findUnique({
    where: { id: accountId },
    select: { balance: true, reserved: true },
  });
  return insufficientCredits(required, account ? account.balance - account.reserved : 0);
}

/**
 * True for PostgreSQL's unique violation (23505): from `pg` (`code`), however Prisma wraps it (model query P2002, raw
 * query P2010).
 */
export function isUniqueViolation(error: unknown): boolean {
  if ((error as { code?: unknown } | null)?.code === "23505") return true;
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return false;
  if (error.code === "P2002") return true;
  const meta = JSON.stringify(error.meta ?? {}) + error.message;
  return meta.includes("23505") || meta.includes("unique constraint");
}

import { creditsText, newId, ServiceError } from "@sda/core";
import type pg from "pg";
import { sqlPool } from "./client.ts";
import type { PrismaClient } from "./generated/prisma/client.ts";
import { Prisma } from "./generated/prisma/client.ts";
import type { ChargedCall, RequestChannel } from "./request-log-input.ts";

/**
 * The money statements of a call: reserve → settle | release, each ONE SQL statement, so a crash between two round
 * trips can never leave credits half moved. They run on the `pg` pool under the Prisma client as named prepared
 * statements (every call runs two of them: Prisma's query layer cost more than the statements themselves).
 *
 * Invariants (also CHECK constraints on `accounts`): `0 ≤ reserved ≤ balance`; `reserved` = sum of the account's
 * open reservations; `balance` = sum of its ledger entries. A call is served only after its settle statement
 * committed, so nothing is served unpaid; a charge carries the request id under a unique index, so nothing is charged
 * twice. The charge is the call's billing record: it carries the call's channel and start (`called_at`), so usage shows
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

/** Result of {@link settleCall}. */
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

/** What {@link reserveCredits} needs. */
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

/** UTC timestamp literal for a `timestamp(3)` column (the columns hold UTC, as Prisma writes them). */
function utc(date: Date): string {
  return date.toISOString().replace("Z", "");
}

/**
 * Runs one of this module's statements on the `pg` pool under the Prisma client, as a named prepared statement (parsed
 * and planned once per connection). @returns its rows.
 */
async function run<T>(prisma: PrismaClient, name: string, text: string, values: unknown[]): Promise<T[]> {
  return (await sqlPool(prisma).query<T & pg.QueryResultRow>({ name, text, values })).rows;
}

/** The ledger entry columns as {@link LedgerEntryRow} names them (`created_at`, `called_at` are UTC, read as such). */
const ENTRY_COLUMNS = `"id", "account_id" AS "accountId", "kind"::text AS "kind", "amount", "balance_after" AS "balanceAfter",
  "request_id" AS "requestId", "operation", "note", "channel", "called_at" AT TIME ZONE 'UTC' AS "calledAt",
  "created_at" AT TIME ZONE 'UTC' AS "createdAt"`;

/**
 * Holds at least `credits` for one call: inserts the reservation, or raises an existing one of the same request id
 * (a retried job, the audio transcript once it knows the duration) and renews its expiry.
 * @returns the credits now held for the request.
 * @throws ServiceError 402 `insufficient_credits` when `balance - reserved` cannot cover the (additional) hold;
 *   nothing is held then beyond what was held before.
 */
export async function reserveCredits(prisma: PrismaClient, input: ReserveInput): Promise<number> {
  const { accountId, requestId, credits } = input;
  if (!Number.isInteger(credits) || credits < 0) throw new Error(`invalid reservation of ${credits} credits`);
  if (credits === 0) return 0;
  const expiresAt = utc(new Date((input.now ?? new Date()).getTime() + input.ttlSeconds * 1000));
  // Two tries: a concurrent release can delete the held row between the conflicting insert and the raise.
  for (let attempt = 0; attempt < 2; attempt++) {
    const inserted = await insertReservation(prisma, input, expiresAt);
    if (typeof inserted === "number") return inserted;
    const raised = await raiseReservation(prisma, input, expiresAt);
    if (raised !== null) return raised;
    const held = await prisma.creditReservation.findUnique({ where: { requestId } });
    if (held) throw await insufficientFor(prisma, accountId, credits - held.credits);
    if (inserted === "short") throw await insufficientFor(prisma, accountId, credits);
  }
  throw await insufficientFor(prisma, accountId, credits);
}

/** A fresh hold in one statement. @returns the credits held, "short" when not available, "conflict" when held. */
async function insertReservation(
  prisma: PrismaClient,
  input: ReserveInput,
  expiresAt: string,
): Promise<number | "short" | "conflict"> {
  const { accountId, requestId, credits, operation } = input;
  try {
    const rows = await run<{ credits: number }>(
      prisma,
      "sda_reserve",
      `WITH hold AS (
         UPDATE "accounts" SET "reserved" = "reserved" + $3::int
          WHERE "id" = $2 AND "balance" - "reserved" >= $3::int
         RETURNING "id"
       )
       INSERT INTO "credit_reservations" ("request_id", "account_id", "credits", "operation", "expires_at")
       SELECT $1, $2, $3::int, $4, $5::timestamp(3) FROM hold
       RETURNING "credits"`,
      [requestId, accountId, credits, operation, expiresAt],
    );
    return rows[0]?.credits ?? "short";
  } catch (error) {
    // The request holds a reservation already; the statement rolled back whole (the increment too).
    if (isUniqueViolation(error)) return "conflict";
    throw error;
  }
}

/**
 * Raises the request's existing hold to `credits` and renews its expiry, in one statement (the row lock orders it
 * after a concurrent settle or release). @returns the credits now held, or null (no hold, or not available).
 */
async function raiseReservation(
  prisma: PrismaClient,
  input: ReserveInput,
  expiresAt: string,
): Promise<number | null> {
  const { accountId, requestId, credits } = input;
  const rows = await run<{ credits: number }>(
    prisma,
    "sda_reserve_raise",
    `WITH cur AS (
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
    [requestId, accountId, credits, expiresAt],
  );
  return rows[0]?.credits ?? null;
}

/** What {@link settleCall} needs. */
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
 * snapshot) turns the debit into a release only. The entry's unique request id makes a concurrent settle of the same
 * request that `prior` could not see roll back whole. The result row: the balance after (null when the available
 * balance could not cover the charge, or when there was nothing to release for a duplicate), `duplicate`, and the
 * entry's columns (the new one, the earlier one, or nulls for a 0-credit settle). The charge records its call's
 * channel (`$6`) and start (`$7`, UTC): the billing record usage shows for the call ({@link ChargedCall}).
 */
const SETTLE = `
  WITH prior AS (
    SELECT ${ENTRY_COLUMNS} FROM "ledger_entries" WHERE "request_id" = $1
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

/**
 * Settles one call: charges its actual price and releases its reservation in one statement (one round trip), at most
 * once per request id. Without a reservation (released by the sweeper, or a cache hit that bills) the charge is
 * conditional on `balance - reserved >= credits`.
 * @throws ServiceError 402 `insufficient_credits` when no reservation covers the price and the available balance
 *   does not either; nothing is charged and the reservation (if any) is kept for the caller to release.
 */
export async function settleCall(prisma: PrismaClient, input: SettleInput): Promise<ChargeResult> {
  const { accountId, requestId, credits, operation } = input;
  if (!Number.isInteger(credits) || credits < 0) throw new Error(`invalid charge of ${credits} credits`);
  const call: ChargedCall = { channel: input.channel ?? "rest", calledAt: input.calledAt ?? new Date() };
  // Two tries: when a release of the same hold commits while the statement waits for the reservation's lock, the
  // statement finds no hold but judges the account by its snapshot, which still counts that hold as reserved (a
  // WHERE that fails on the snapshot's row is not re-checked on the newer one). Run again, the statement's snapshot
  // includes the release; a 402 then is a real one.
  for (let attempt = 0; ; attempt++) {
    let row: (LedgerEntryRow & { settledBalance: number | null; duplicate: boolean }) | undefined;
    try {
      [row] = await run(prisma, "sda_settle", SETTLE, [
        requestId,
        accountId,
        credits,
        newId("led"),
        operation,
        call.channel,
        utc(call.calledAt),
      ]);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // A concurrent attempt of the same request charged it first (the statement rolled back whole): ours is a
      // duplicate, and a hold it may have raised again goes back.
      const first = await prisma.ledgerEntry.findUniqueOrThrow({ where: { requestId } });
      await releaseReservation(prisma, requestId);
      return { entry: first as LedgerEntryRow, duplicate: true, balance: first.balanceAfter };
    }
    if (!row) throw new Error("the settle statement returned no row");
    const { settledBalance, duplicate, ...entry } = row;
    // An earlier attempt charged this request; a retry's hold (if any) was released by the same statement.
    if (duplicate) return { entry, duplicate: true, balance: entry.balanceAfter };
    if (settledBalance !== null)
      return { entry: entry.id ? entry : null, duplicate: false, balance: settledBalance };
    if (attempt > 0) throw await insufficientFor(prisma, accountId, credits);
  }
}

/**
 * Releases the reservation of a request (failure, cancel, expiry); a no-op when it has none.
 * @returns the credits released.
 */
export async function releaseReservation(prisma: PrismaClient, requestId: string): Promise<number> {
  const rows = await run<{ credits: number }>(
    prisma,
    "sda_release",
    `WITH gone AS (
       DELETE FROM "credit_reservations" WHERE "request_id" = $1 RETURNING "account_id", "credits"
     )
     UPDATE "accounts" SET "reserved" = "accounts"."reserved" - gone."credits"
       FROM gone WHERE "accounts"."id" = gone."account_id"
     RETURNING gone."credits" AS "credits"`,
    [requestId],
  );
  return rows[0]?.credits ?? 0;
}

/**
 * Releases up to `limit` reservations whose expiry passed (their jobs were lost with Redis or are stuck), skipping
 * rows a settle holds right now. Safe to run from every worker process at once.
 * @returns how many reservations were released.
 */
export async function sweepExpiredReservations(
  prisma: PrismaClient,
  now: Date = new Date(),
  limit = 500,
): Promise<number> {
  const rows = await prisma.$queryRaw<{ released: bigint }[]>`
    WITH gone AS (
      DELETE FROM "credit_reservations" WHERE "request_id" IN (
        SELECT "request_id" FROM "credit_reservations" WHERE "expires_at" < ${utc(now)}::timestamp(3)
         ORDER BY "expires_at" LIMIT ${limit} FOR UPDATE SKIP LOCKED
      ) RETURNING "account_id", "credits"
    ), per_account AS (
      SELECT "account_id", SUM("credits")::int AS "credits", COUNT(*) AS "n" FROM gone GROUP BY "account_id"
    ), applied AS (
      UPDATE "accounts" SET "reserved" = "accounts"."reserved" - per_account."credits"
        FROM per_account WHERE "accounts"."id" = per_account."account_id"
      RETURNING per_account."n"
    )
    SELECT COALESCE(SUM("n"), 0)::bigint AS "released" FROM applied`;
  return Number(rows[0]?.released ?? 0);
}

/** The 402 of SPEC §5, with what the call needed and what the account has available. */
export function insufficientCredits(required: number, available: number): ServiceError {
  return new ServiceError(
    "insufficient_credits",
    `this call needs ${creditsText(required)}; ${creditsText(available)} ${available === 1 ? "is" : "are"} available`,
    { details: { requiredCredits: required, availableCredits: available } },
  );
}

async function insufficientFor(prisma: PrismaClient, accountId: string, required: number) {
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

import { newId, ServiceError } from "@sda/core";
import type { PrismaClient } from "./generated/prisma/client.ts";
import { Prisma } from "./generated/prisma/client.ts";

/**
 * The money statements of a call: reserve → settle | release, each ONE SQL statement, so a crash between two round
 * trips can never leave credits half moved.
 *
 * Invariants (also CHECK constraints on `accounts`): `0 ≤ reserved ≤ balance`; `reserved` = sum of the account's
 * open reservations; `balance` = sum of its ledger entries. A call is served only after its settle statement
 * committed, so nothing is served unpaid; a charge carries the request id under a unique index, so nothing is charged
 * twice.
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
    const rows = await prisma.$queryRaw<{ credits: number }[]>`
      WITH hold AS (
        UPDATE "accounts" SET "reserved" = "reserved" + ${credits}
         WHERE "id" = ${accountId} AND "balance" - "reserved" >= ${credits}
        RETURNING "id"
      )
      INSERT INTO "credit_reservations" ("request_id", "account_id", "credits", "operation", "expires_at")
      SELECT ${requestId}, ${accountId}, ${credits}, ${operation}, ${expiresAt}::timestamp(3) FROM hold
      RETURNING "credits"`;
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
  const rows = await prisma.$queryRaw<{ credits: number }[]>`
    WITH cur AS (
      SELECT "credits" FROM "credit_reservations" WHERE "request_id" = ${requestId} FOR UPDATE
    ), hold AS (
      UPDATE "accounts" SET "reserved" = "reserved" + GREATEST(${credits} - (SELECT "credits" FROM cur), 0)
       WHERE "id" = ${accountId} AND EXISTS (SELECT 1 FROM cur)
         AND "balance" - "reserved" >= GREATEST(${credits} - (SELECT "credits" FROM cur), 0)
      RETURNING "id"
    )
    UPDATE "credit_reservations" SET "credits" = GREATEST("credits", ${credits}), "expires_at" = ${expiresAt}::timestamp(3)
     WHERE "request_id" = ${requestId} AND EXISTS (SELECT 1 FROM hold)
    RETURNING "credits"`;
  return rows[0]?.credits ?? null;
}

/** What {@link settleCall} needs. */
export interface SettleInput {
  accountId: string;
  requestId: string;
  /** The call's actual price in whole credits (0 for an empty result: only the hold is released). */
  credits: number;
  operation: string;
}

/**
 * Settles one call: charges its actual price and releases its reservation in one statement, at most once per
 * request id. Without a reservation (released by the sweeper, or a cache hit that bills) the charge is conditional on
 * `balance - reserved >= credits`.
 * @throws ServiceError 402 `insufficient_credits` when no reservation covers the price and the available balance
 *   does not either; nothing is charged and the reservation (if any) is kept for the caller to release.
 */
export async function settleCall(prisma: PrismaClient, input: SettleInput): Promise<ChargeResult> {
  const { accountId, requestId, credits, operation } = input;
  if (!Number.isInteger(credits) || credits < 0) throw new Error(`invalid charge of ${credits} credits`);
  const existing = await prisma.ledgerEntry.findUnique({ where: { requestId } });
  if (existing) {
    // An earlier attempt charged this request; a retry may have reserved again: give that back.
    await releaseReservation(prisma, requestId);
    return { entry: existing as LedgerEntryRow, duplicate: true, balance: existing.balanceAfter };
  }
  let rows: (LedgerEntryRow & { settledBalance: number })[];
  try {
    // The reservation row is locked first (FOR UPDATE): a concurrent release or sweep waits for us, or we see its
    // row gone and charge against the available balance instead. The entry's unique request id makes a concurrent
    // settle of the same request roll back whole.
    rows = await prisma.$queryRaw`
      WITH res AS (
        SELECT "credits" FROM "credit_reservations" WHERE "request_id" = ${requestId} FOR UPDATE
      ), debit AS (
        UPDATE "accounts"
           SET "balance" = "balance" - ${credits},
               "reserved" = "reserved" - COALESCE((SELECT "credits" FROM res), 0)
         WHERE "id" = ${accountId}
           AND "balance" - "reserved" + COALESCE((SELECT "credits" FROM res), 0) >= ${credits}
        RETURNING "balance"
      ), released AS (
        DELETE FROM "credit_reservations" WHERE "request_id" = ${requestId} AND EXISTS (SELECT 1 FROM debit)
      ), entry AS (
        INSERT INTO "ledger_entries" ("id", "account_id", "kind", "amount", "balance_after", "request_id", "operation")
        SELECT ${newId("led")}, ${accountId}, 'charge'::"ledger_entry_kind", ${-credits}, debit."balance", ${requestId}, ${operation}
          FROM debit WHERE ${credits}::int > 0
        RETURNING "id", "account_id" AS "accountId", "kind"::text AS "kind", "amount", "balance_after" AS "balanceAfter",
                  "request_id" AS "requestId", "operation", "note", "created_at" AS "createdAt"
      )
      SELECT debit."balance" AS "settledBalance", entry.* FROM debit LEFT JOIN entry ON true`;
  } catch (error) {
    if (isUniqueViolation(error)) {
      const first = await prisma.ledgerEntry.findUniqueOrThrow({ where: { requestId } });
      return { entry: first as LedgerEntryRow, duplicate: true, balance: first.balanceAfter };
    }
    throw error;
  }
  const row = rows[0];
  if (!row) throw await insufficientFor(prisma, accountId, credits);
  const { settledBalance, ...entry } = row;
  return { entry: entry.id ? entry : null, duplicate: false, balance: settledBalance };
}

/**
 * Releases the reservation of a request (failure, cancel, expiry); a no-op when it has none.
 * @returns the credits released.
 */
export async function releaseReservation(prisma: PrismaClient, requestId: string): Promise<number> {
  const rows = await prisma.$queryRaw<{ credits: number }[]>`
    WITH gone AS (
      DELETE FROM "credit_reservations" WHERE "request_id" = ${requestId} RETURNING "account_id", "credits"
    )
    UPDATE "accounts" SET "reserved" = "accounts"."reserved" - gone."credits"
      FROM gone WHERE "accounts"."id" = gone."account_id"
    RETURNING gone."credits" AS "credits"`;
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
    `this call needs ${required} credits; ${available} are available`,
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

/** True for PostgreSQL's unique violation (23505), however Prisma wraps it (model query P2002, raw query P2010). */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return false;
  if (error.code === "P2002") return true;
  const meta = JSON.stringify(error.meta ?? {}) + error.message;
  return meta.includes("23505") || meta.includes("unique constraint");
}

import { newId } from "@sda/core";
import type pg from "pg";
import { sqlPool } from "./client.ts";
import { isUniqueViolation, type LedgerEntryRow } from "./credits.ts";
import type { PrismaClient } from "./generated/prisma/client.ts";

/** The note of a fence's marker entry (a 0-credit `adjustment` under the call's request id). */
export const FENCE_NOTE = "void: answered not billed";

/** What {@link fenceCall} fences: one call's request id, its payer and its operation. */
export interface FenceInput {
  requestId: string;
  accountId: string;
  operation: string;
}

/**
 * What {@link fenceCall} found: `fenced` (the call was not charged and never will be: its hold is released and its
 * request id carries the marker), or `charged` with the entry that billed it before the fence came.
 */
export type FenceResult = { fenced: true } | { fenced: false; entry: LedgerEntryRow };

/**
 * The fence statement: releases the request's hold and writes the marker entry (0 credits) under its request id,
 * unless an entry holds that id already (the charge that won). The request id the marker takes in
 * `ledger_request_ids` (the trigger on `ledger_entries`; its primary key) is the fence: a settle of the same request
 * that comes later finds the marker as its `prior` entry and charges nothing. One that committed before this
 * statement's snapshot is seen by `NOT EXISTS` (no marker); one that is running right now makes the marker's take of
 * the id wait for it, then fail with a unique violation if it committed: the statement rolls back whole and
 * {@link fenceCall} reads the charge. Row locks are taken in the settle's order (reservation, then account), so the
 * two never deadlock.
 */
const FENCE = `
  WITH released AS (
    DELETE FROM "credit_reservations" WHERE "request_id" = $1 RETURNING "account_id", "credits"
  ), freed AS (
    UPDATE "accounts" SET "reserved" = "accounts"."reserved" - released."credits"
      FROM released WHERE "accounts"."id" = released."account_id"
  ), marker AS (
    INSERT INTO "ledger_entries" ("id", "account_id", "kind", "amount", "balance_after", "request_id", "operation",
                                  "note")
    SELECT $2, a."id", 'adjustment'::"ledger_entry_kind", 0, a."balance", $1, $4, $5
      FROM "accounts" a
     WHERE a."id" = $3 AND NOT EXISTS (SELECT 1 FROM "ledger_request_ids" WHERE "request_id" = $1)
    RETURNING "id"
  )
  SELECT EXISTS (SELECT 1 FROM marker) AS "fenced"`;

/**
 * Fences one call whose answer the gateway could not learn (Redis gone while it waited): after it, the call is
 * provably not billed — its hold is released and no settle of its request id can charge — unless it was charged
 * already, which is then returned. Idempotent: a second fence finds the first one's marker (`fenced`).
 *
 * The marker is a ledger entry of 0 credits (`adjustment`, note {@link FENCE_NOTE}): the ledger's sum and the
 * balance are unchanged, and the account's ledger shows that the request was voided.
 * @throws the store's error when PostgreSQL cannot be reached (nothing is known then).
 */
export async function fenceCall(prisma: PrismaClient, input: FenceInput): Promise<FenceResult> {
  const { requestId, accountId, operation } = input;
  const pool = sqlPool(prisma);
  let fenced = false;
  try {
    const [row] = (
      await pool.query<{ fenced: boolean } & pg.QueryResultRow>({
        name: "sda_fence",
        text: FENCE,
        values: [requestId, newId("led"), accountId, operation, FENCE_NOTE],
      })
    ).rows;
    fenced = row?.fenced === true;
  } catch (error) {
    // A settle of the request committed while the marker waited for its request id: the charge won.
    if (!isUniqueViolation(error)) throw error;
  }
  if (fenced) return { fenced: true };
  const entry = await prisma.ledgerEntry.findUnique({ where: { requestId } });
  // No marker and no charge: the account is gone (deleted with its entries), or another entry holds the id; either
  // way nothing can be charged under it.
  if (entry?.kind !== "charge") return { fenced: true };
  return { fenced: false, entry: entry as LedgerEntryRow };
}

/** True for the entry a settle finds when the request was fenced ({@link fenceCall}) rather than charged. */
export function isFenceEntry(entry: Pick<LedgerEntryRow, "kind" | "amount" | "note"> | null): boolean {
  return entry !== null && entry.kind !== "charge" && entry.amount === 0 && entry.note === FENCE_NOTE;
}

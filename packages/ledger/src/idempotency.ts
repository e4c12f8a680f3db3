import { createHash } from "node:crypto";
import { ServiceError, storableJsonText } from "@sda/core";
import type pg from "pg";
import { sqlPool } from "./client.ts";
import type { Prisma, PrismaClient } from "./generated/prisma/client.ts";

/**
 * How long an `Idempotency-Key` binds its first request and its answer, for direct calls and batches alike: 24 hours
 * (as Stripe's), in seconds. A call's job is kept as long.
 */
export const IDEMPOTENCY_TTL_SECONDS = 86_400;

/** The longest `Idempotency-Key` (characters), as Stripe's. */
const MAX_IDEMPOTENCY_KEY = 255;

/**
 * The `Idempotency-Key` of a request (the header of POST /v1/batch or a direct call, an MCP tool's argument), or null
 * when it has none: the same rule for every scope.
 * @throws ServiceError 400 `invalid_parameter` (param `Idempotency-Key`) for an empty key or one over 255 characters.
 */
export function idempotencyKeyOf(header: string | undefined | null): string | null {
  if (header === undefined || header === null) return null;
  if (header.length === 0 || header.length > MAX_IDEMPOTENCY_KEY)
    throw new ServiceError(
      "invalid_parameter",
      `Idempotency-Key has 1 to ${MAX_IDEMPOTENCY_KEY} characters`,
      {
        details: { param: "Idempotency-Key" },
      },
    );
  return header;
}

/** What a key is used for: a direct call (REST or MCP) or a batch submission. Each scope has its own keys. */
type IdempotencyScope = "call" | "batch";

/** One key: the API key that sent it, the `Idempotency-Key` as sent (1–255 characters), the scope. */
export interface IdempotencyRef {
  keyId: string;
  key: string;
  scope: IdempotencyScope;
}

/**
 * The claim of a key as stored: the first request made with it and, once known, its answer. A call's claim names its
 * request and job (`requestId`, `jobId`), a batch's its batch (`batchId`).
 */
export interface IdempotencyRecord {
  /** SHA-256 (hex) of the canonical request: another request under the key is refused (422 by its caller). */
  requestHash: string;
  requestId: string | null;
  jobId: string | null;
  batchId: string | null;
  /** The answer every retry gets (JSON), or null while the first request runs. */
  answer: unknown;
  /** When the current claim was made (a take-over renews it; UTC). */
  createdAt: Date;
  /** When the key stops binding: {@link IDEMPOTENCY_TTL_SECONDS} after the first claim (UTC). */
  expiresAt: Date;
}

/** A claim to make: a call's (`requestId` and `jobId`) or a batch's (`batchId`, with its answer known at once). */
type IdempotencyClaim =
  | { requestHash: string; requestId: string; jobId: string }
  | { requestHash: string; batchId: string; answer: unknown };

/** Result of a claim: this request holds the key (run it), or the earlier claim that does. */
type ClaimResult = { claimed: true } | { claimed: false; earlier: IdempotencyRecord };

/** The primary key columns of a reference: `$1` key id, `$2` SHA-256 of the key, `$3` scope. */
const WHERE_KEY = `"key_id" = $1 AND "key_hash" = $2 AND "scope" = $3::"idempotency_scope"`;

/** The record columns as {@link IdempotencyRecord} names them (timestamps are UTC, read as such). */
const RECORD_COLUMNS = `"request_hash" AS "requestHash", "request_id" AS "requestId", "job_id" AS "jobId",
  "batch_id" AS "batchId", "answer", "created_at" AT TIME ZONE 'UTC' AS "createdAt",
  "expires_at" AT TIME ZONE 'UTC' AS "expiresAt"`;

/** The claim insert: the row, unless the key is held (`$1`–`$10`: key, hash, scope, claim columns, times). */
const INSERT_CLAIM = `INSERT INTO "idempotency_keys" ("key_id", "key_hash", "scope", "request_hash", "request_id",
    "job_id", "batch_id", "answer", "created_at", "expires_at")
  VALUES ($1, $2, $3::"idempotency_scope", $4, $5, $6, $7, $8::jsonb, $9::timestamp(3), $10::timestamp(3))
  ON CONFLICT DO NOTHING RETURNING 1`;

/**
 * The claim of a call in one round trip: the insert, and the row it conflicted with as this statement's snapshot
 * saw it (NULLs when the insert won, or when the conflicting row was committed after the snapshot was taken).
 */
const CLAIM = `
  WITH claimed AS (${INSERT_CLAIM})
  SELECT EXISTS (SELECT 1 FROM claimed) AS "claimed", e.*
    FROM (SELECT 1) AS one LEFT JOIN (SELECT ${RECORD_COLUMNS} FROM "idempotency_keys" WHERE ${WHERE_KEY}) e ON true`;

/**
 * {@link IdempotencyKeys.claimWith}'s transaction: it may wait for a concurrent claim of the same key to commit, and
 * stores a whole batch, so it gets the pool's connection timeout to start and more than Prisma's 5 s to finish.
 */
const CLAIM_WITH_TRANSACTION = { maxWait: 15_000, timeout: 30_000 };

/** How often a claim tries again when the row it conflicted with is gone or expired before it could read it. */
const CLAIM_ATTEMPTS = 10;

/** UTC timestamp literal for a `timestamp(3)` column (the columns hold UTC, as Prisma writes them). */
function utc(date: Date): string {
  return date.toISOString().replace("Z", "");
}

/** SHA-256 (hex) of an `Idempotency-Key`: the key itself is never stored. */
function keyHash(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** Thrown inside {@link IdempotencyKeys.claimWith}'s transaction when the key is held: rolls back what it stored. */
class KeyHeld extends Error {}

/**
 * `ledger.idempotency`: every `Idempotency-Key` in PostgreSQL (table `idempotency_keys`), one row per (API key,
 * SHA-256 of the key, scope), for direct calls and batches with the same rules. Built against:
 * - concurrent duplicates: the claim is one `INSERT … ON CONFLICT DO NOTHING RETURNING`, so exactly one of them
 *   holds the key; the others wait for its commit and read its row;
 * - a call that lost its claim (taken over after it went quiet) finishing late: every update of a call's row
 *   (answer, release, take-over) is conditional on the request id that holds it, so it never overwrites its
 *   successor's;
 * - a Redis that keeps nothing on disk: the claim and the answer are in PostgreSQL, beside the charge, so a retry
 *   after a Redis loss is answered from the stored answer instead of running (and billing) again;
 * - a batch stored without its key or a key without its batch: {@link claimWith} inserts both in one transaction.
 *
 * Expired rows are absent to every read and are deleted by the workers' sweep ({@link sweepExpired}). The call path
 * runs named prepared statements on the `pg` pool (a keyed call pays two round trips: the claim and its answer; an
 * unkeyed call none).
 */
export class IdempotencyKeys {
  readonly #prisma: PrismaClient;

  constructor(prisma: PrismaClient) {
    this.#prisma = prisma;
  }

  /**
   * Claims a call's key for `fresh`. An expired row is deleted and claimed over.
   * @returns `claimed: true` (run the call), or the earlier claim. @throws the store's error.
   */
  async claim(ref: IdempotencyRef, fresh: IdempotencyClaim, now: Date = new Date()): Promise<ClaimResult> {
    const values = [...this.#keyValues(ref), ...claimValues(fresh, now)];
    for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
      const [row] = await this.#run<{ claimed: boolean } & Partial<IdempotencyRecord>>(
        "sda_idem_claim",
        CLAIM,
        values,
      );
      if (row?.claimed) return { claimed: true };
      const earlier =
        row?.requestHash !== undefined && row.requestHash !== null ? (row as IdempotencyRecord) : null;
      const live = await this.#unexpired(ref, earlier, now);
      if (live) return { claimed: false, earlier: live };
    }
    throw new Error(
      `the Idempotency-Key of ${ref.keyId} changed hands ${CLAIM_ATTEMPTS} times during one claim`,
    );
  }

  /**
   * Claims a key and stores what it binds in ONE transaction (a batch and its items): `store(tx)` runs only for the
   * request that wins the key, and nothing of a losing one is stored. An expired row is deleted and claimed over.
   * @returns `claimed: true` once `store` committed, or the earlier claim (nothing stored).
   * @throws `store`'s error or the store's (nothing committed then).
   */
  async claimWith(
    ref: IdempotencyRef,
    fresh: IdempotencyClaim,
    store: (tx: Prisma.TransactionClient) => Promise<void>,
    now: Date = new Date(),
  ): Promise<ClaimResult> {
    const values = [...this.#keyValues(ref), ...claimValues(fresh, now)];
    for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
      try {
        await this.#prisma.$transaction(async (tx) => {
          // A concurrent claim of the same key not yet committed makes this insert wait for it: one of them wins.
          const won = await tx.$queryRawUnsafe<unknown[]>(INSERT_CLAIM, ...values);
          if (won.length === 0) throw new KeyHeld();
          await store(tx);
        }, CLAIM_WITH_TRANSACTION);
        return { claimed: true };
      } catch (error) {
        if (!(error instanceof KeyHeld)) throw error;
      }
      const live = await this.#unexpired(ref, await this.#read(ref), now);
      if (live) return { claimed: false, earlier: live };
    }
    throw new Error(
      `the Idempotency-Key of ${ref.keyId} changed hands ${CLAIM_ATTEMPTS} times during one claim`,
    );
  }

  /** The unexpired claim of a key, or null. */
  async find(ref: IdempotencyRef, now: Date = new Date()): Promise<IdempotencyRecord | null> {
    const record = await this.#read(ref);
    return record && record.expiresAt.getTime() > now.getTime() ? record : null;
  }

  /**
   * Stores the answer of the call `requestId` while it holds the key (its text made storable:
   * `storableJsonText`). @returns false when it no longer does.
   */
  async answer(ref: IdempotencyRef, requestId: string, answer: unknown): Promise<boolean> {
    const rows = await this.#run(
      "sda_idem_answer",
      `UPDATE "idempotency_keys" SET "answer" = $5::jsonb WHERE ${WHERE_KEY} AND "request_id" = $4 RETURNING 1`,
      [...this.#keyValues(ref), requestId, storableJsonText(answer)],
    );
    return rows.length === 1;
  }

  /** Frees the key of the call `requestId` (refused or failed: nothing billed, a retry runs afresh). */
  async release(ref: IdempotencyRef, requestId: string): Promise<boolean> {
    const rows = await this.#run(
      "sda_idem_release",
      `DELETE FROM "idempotency_keys" WHERE ${WHERE_KEY} AND "request_id" = $4 RETURNING 1`,
      [...this.#keyValues(ref), requestId],
    );
    return rows.length === 1;
  }

  /**
   * Gives the key of the call `earlierRequestId` (nothing billed: it never got a job, or its job failed) to the call
   * `fresh`, keeping its expiry. @returns false when another retry took it first.
   */
  async takeOver(
    ref: IdempotencyRef,
    earlierRequestId: string,
    fresh: { requestId: string; jobId: string },
    now: Date = new Date(),
  ): Promise<boolean> {
    const rows = await this.#run(
      "sda_idem_take_over",
      `UPDATE "idempotency_keys" SET "request_id" = $5, "job_id" = $6, "answer" = NULL, "created_at" = $7::timestamp(3)
        WHERE ${WHERE_KEY} AND "request_id" = $4 RETURNING 1`,
      [...this.#keyValues(ref), earlierRequestId, fresh.requestId, fresh.jobId, utc(now)],
    );
    return rows.length === 1;
  }

  /**
   * Deletes up to `limit` rows whose expiry passed, oldest first, skipping rows another statement holds locked. Safe
   * to run from every worker at once (each row is deleted by whichever sweep gets it). @returns how many were deleted.
   */
  async sweepExpired(now: Date = new Date(), limit = 1000): Promise<number> {
    const rows = await this.#run(
      "sda_idem_sweep",
      `DELETE FROM "idempotency_keys" WHERE ("key_id", "key_hash", "scope") IN (
         SELECT "key_id", "key_hash", "scope" FROM "idempotency_keys" WHERE "expires_at" < $1::timestamp(3)
          ORDER BY "expires_at" LIMIT $2 FOR UPDATE SKIP LOCKED
       ) RETURNING 1`,
      [utc(now), limit],
    );
    return rows.length;
  }

  /** The row of a key, expired or not, or null. */
  async #read(ref: IdempotencyRef): Promise<IdempotencyRecord | null> {
    const [row] = await this.#run<IdempotencyRecord>(
      "sda_idem_read",
      `SELECT ${RECORD_COLUMNS} FROM "idempotency_keys" WHERE ${WHERE_KEY}`,
      this.#keyValues(ref),
    );
    return row ?? null;
  }

  /**
   * `record` when it still binds; else null, after deleting it when expired (a claim then takes the key afresh; a
   * fresh claim made meanwhile is not expired, so it stays).
   */
  async #unexpired(
    ref: IdempotencyRef,
    record: IdempotencyRecord | null,
    now: Date,
  ): Promise<IdempotencyRecord | null> {
    if (!record) return null;
    if (record.expiresAt.getTime() > now.getTime()) return record;
    await this.#run(
      "sda_idem_delete_expired",
      `DELETE FROM "idempotency_keys" WHERE ${WHERE_KEY} AND "expires_at" <= $4::timestamp(3)`,
      [...this.#keyValues(ref), utc(now)],
    );
    return null;
  }

  #keyValues(ref: IdempotencyRef): [string, string, IdempotencyScope] {
    return [ref.keyId, keyHash(ref.key), ref.scope];
  }

  /** Runs one statement as a named prepared statement on the `pg` pool. @returns its rows. */
  async #run<T>(name: string, text: string, values: unknown[]): Promise<T[]> {
    return (await sqlPool(this.#prisma).query<T & pg.QueryResultRow>({ name, text, values })).rows;
  }
}

/** The claim columns `$4`–`$10` of {@link INSERT_CLAIM}. */
function claimValues(fresh: IdempotencyClaim, now: Date): unknown[] {
  const expiresAt = utc(new Date(now.getTime() + IDEMPOTENCY_TTL_SECONDS * 1000));
  const call = "requestId" in fresh;
  return [
    fresh.requestHash,
    call ? fresh.requestId : null,
    call ? fresh.jobId : null,
    call ? null : fresh.batchId,
    call ? null : storableJsonText(fresh.answer),
    utc(now),
    expiresAt,
  ];
}

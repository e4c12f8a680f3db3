import { newId } from "@sda/core";
import type pg from "pg";
import { type AccountCredits, LedgerAccounts } from "./accounts.ts";
import { type CreatedApiKey, LedgerKeys } from "./api-keys.ts";
import { sqlPool, utcTimestamp } from "./client.ts";
import {
  type ChargeResult,
  insufficientFor,
  isUniqueViolation,
  type LedgerEntryRow,
  RELEASE,
  RESERVE,
  RESERVE_RAISE,
  type ReservationRow,
  type ReserveInput,
  runStatement,
  SETTLE,
  type SettleInput,
  type SettleRow,
  SWEEP,
} from "./credits.ts";
import { type FenceInput, type FenceResult, fenceCall } from "./fence.ts";
import type { PrismaClient } from "./generated/prisma/client.ts";
import { IdempotencyKeys } from "./idempotency.ts";
import { hashApiKey } from "./keys.ts";
import type { RequestLogInput } from "./request-log-input.ts";
import { writeRequestLogs } from "./request-log-writer.ts";
import { LedgerStats } from "./stats.ts";
import { type LedgerMismatch, reconcileLedger } from "./usage.ts";
import { LedgerUsage } from "./usage-reads.ts";

/** Credits granted to every new account (SPEC §8). */
export const SIGNUP_GRANT = 100;

export interface AccountRow {
  id: string;
  name: string;
  email: string | null;
  balance: number;
  createdAt: Date;
}

/** The caller behind a key, as the gateway needs it. */
export interface Principal {
  accountId: string;
  keyId: string;
  balance: number;
}

/** Result of {@link Ledger.authenticate}. */
export type AuthResult = { ok: true; principal: Principal } | { ok: false; reason: "unknown" | "revoked" };

/**
 * Accounts, keys and credits in PostgreSQL. The balance lives on the account row and moves only together with an
 * append-only ledger entry in the same transaction, so `sum(amount) = balance` always holds.
 */
export class Ledger {
  /** Accounts: the `GET /v1/account` summary, balances, credits, dashboard sign-up and sign-in. */
  readonly accounts: LedgerAccounts;
  /** API keys: create, revoke, ownership, the keys page's list, last use. */
  readonly keys: LedgerKeys;
  /** An account's request log, daily usage and ledger entries, in pages. */
  readonly usage: LedgerUsage;
  /** What `GET /v1/status` reads of the request log. */
  readonly stats: LedgerStats;
  /** Every `Idempotency-Key` (direct calls and batches): claim, answer, release, take-over, sweep. */
  readonly idempotency: IdempotencyKeys;
  /** The `pg` pool under `prisma`: the money statements run on it (`credits.ts`). */
  readonly #pool: pg.Pool;

  /**
   * @param prisma the process's one client (`createPrismaClient`), shared with the other tables' owners (History,
   *   batches, monitors, webhook deliveries) at composition time; only the ledger's own code queries its tables.
   */
  constructor(private readonly prisma: PrismaClient) {
    this.accounts = new LedgerAccounts(prisma);
    this.keys = new LedgerKeys(prisma);
    this.usage = new LedgerUsage(prisma);
    this.stats = new LedgerStats(prisma);
    this.idempotency = new IdempotencyKeys(prisma);
    this.#pool = sqlPool(prisma);
  }

  /** Whether PostgreSQL answers now (`SELECT 1`; the readiness probe). @throws the driver's error when it does not. */
  async ping(): Promise<void> {
    await this.prisma.$queryRaw`SELECT 1`;
  }

  /**
   * Checks `sum(ledger_entries.amount) = accounts.balance` for every account ({@link reconcileLedger}).
   * @returns the accounts checked and every mismatch (empty when the ledger is consistent).
   */
  reconcile(): Promise<{ accounts: number; mismatches: LedgerMismatch[] }> {
    return reconcileLedger(this.prisma);
  }

  /** Creates an account with the sign-up grant (`grant` credits, default 100) as its first ledger entry. */
  async createAccount(input: { name: string; email?: string; grant?: number }): Promise<AccountRow> {
    const grant = input.grant ?? SIGNUP_GRANT;
    const id = newId("acct");
    return this.prisma.$transaction(async (tx) => {
      const account = await tx.account.create({
        data: { id, name: input.name, email: input.email ?? null, balance: grant },
      });
      if (grant > 0)
        await tx.ledgerEntry.create({
          data: {
            id: newId("led"),
            accountId: id,
            kind: "grant",
            amount: grant,
            balanceAfter: grant,
            note: "sign-up grant",
          },
        });
      return account;
    });
  }

  /**
   * Creates an API key. The secret is returned once and never stored; only its SHA-256 is.
   * @param secret use this secret instead of a random one (the demo's `DEMO_API_KEY`).
   */
  createApiKey(accountId: string, options: { name?: string; secret?: string } = {}): Promise<CreatedApiKey> {
    return this.keys.create(accountId, options);
  }

  /** Revokes a key; later calls with it get 401 `revoked_api_key`. @returns false when no such key exists. */
  revokeApiKey(keyId: string): Promise<boolean> {
    return this.keys.revoke(keyId);
  }

  /** Looks a key up by its hash (one indexed query) and returns its account's current balance. */
  async authenticate(secret: string): Promise<AuthResult> {
    const key = await this.prisma.apiKey.findUnique({
      where: { hash: hashApiKey(secret) },
      select: { id: true, accountId: true, revokedAt: true, account: { select: { balance: true } } },
    });
    if (!key) return { ok: false, reason: "unknown" };
    if (key.revokedAt) return { ok: false, reason: "revoked" };
    return { ok: true, principal: { accountId: key.accountId, keyId: key.id, balance: key.account.balance } };
  }

  /**
   * The balance as the database holds it now (one prepared primary-key read, {@link LedgerAccounts.balance}).
   * @returns the balance in credits, or null for an unknown account.
   */
  balance(accountId: string): Promise<number | null> {
    return this.accounts.balance(accountId);
  }

  /** Adds credits (`kind: grant`) and records the entry. @throws Error for an unknown account. */
  async grant(accountId: string, credits: number, note = "grant"): Promise<LedgerEntryRow> {
    if (!Number.isInteger(credits) || credits <= 0)
      throw new Error("a grant is a positive whole number of credits");
    return this.prisma.$transaction(async (tx) => {
      const account = await tx.account.update({
        where: { id: accountId },
        data: { balance: { increment: credits } },
      });
      return tx.ledgerEntry.create({
        data: {
          id: newId("led"),
          accountId,
          kind: "grant",
          amount: credits,
          balanceAfter: account.balance,
          note,
        },
      });
    });
  }

  /**
   * Holds at least `credits` for a call in flight (its maximum price; whole credits, 0 holds nothing): inserts the
   * reservation ({@link RESERVE}), or raises an existing one of the same request id ({@link RESERVE_RAISE}: a retried
   * job, the audio transcript once it knows the duration) and renews its expiry.
   * @returns the credits now held for the request.
   * @throws ServiceError 402 `insufficient_credits` when `balance - reserved` cannot cover the (additional) hold;
   *   nothing is held then beyond what was held before.
   */
  async reserve(input: ReserveInput): Promise<number> {
    const { accountId, requestId, credits, operation } = input;
    if (!Number.isInteger(credits) || credits < 0)
      throw new Error(`invalid reservation of ${credits} credits`);
    if (credits === 0) return 0;
    const expiresAt = utcTimestamp(new Date((input.now ?? new Date()).getTime() + input.ttlSeconds * 1000));
    // Two tries: a concurrent release can delete the held row between the conflicting insert and the raise.
    for (let attempt = 0; attempt < 2; attempt++) {
      let inserted: number | "short" | "conflict";
      try {
        const [row] = await runStatement<{ credits: number }>(this.#pool, RESERVE, [
          requestId,
          accountId,
          credits,
          operation,
          expiresAt,
        ]);
        inserted = row?.credits ?? "short";
      } catch (error) {
        // The request holds a reservation already; the statement rolled back whole (the increment too).
        if (!isUniqueViolation(error)) throw error;
        inserted = "conflict";
      }
      if (typeof inserted === "number") return inserted;
      const [raised] = await runStatement<{ credits: number }>(this.#pool, RESERVE_RAISE, [
        requestId,
        accountId,
        credits,
        expiresAt,
      ]);
      if (raised) return raised.credits;
      const held = await this.prisma.creditReservation.findUnique({ where: { requestId } });
      if (held) throw await insufficientFor(this.prisma, accountId, credits - held.credits);
      if (inserted === "short") throw await insufficientFor(this.prisma, accountId, credits);
    }
    throw await insufficientFor(this.prisma, accountId, credits);
  }

  /**
   * Settles one call ({@link SETTLE}): charges its actual price and releases its reservation in one statement, at
   * most once per request id (a retry finds the earlier charge: `duplicate`, and what it reserved again is released).
   * Without a reservation (released by the sweeper, or a billed cache hit) the charge is conditional on
   * `balance - reserved >= credits`. The charge records the call's channel and start (`calledAt`, default now).
   * @throws ServiceError 402 `insufficient_credits` when no reservation covers the price and the available balance
   *   does not either; nothing is charged and the reservation (if any) is kept for the caller to release.
   */
  async settle(input: SettleInput): Promise<ChargeResult> {
    const { accountId, requestId, credits, operation } = input;
    if (!Number.isInteger(credits) || credits < 0) throw new Error(`invalid charge of ${credits} credits`);
    const channel = input.channel ?? "rest";
    const calledAt = utcTimestamp(input.calledAt ?? new Date());
    const values = [requestId, accountId, credits, newId("led"), operation, channel, calledAt];
    // Two tries: when a release of the same hold commits while the statement waits for the reservation's lock, the
    // statement finds no hold but judges the account by its snapshot, which still counts that hold as reserved (a
    // WHERE that fails on the snapshot's row is not re-checked on the newer one). Run again, the statement's snapshot
    // includes the release; a 402 then is a real one.
    for (let attempt = 0; ; attempt++) {
      let row: SettleRow | undefined;
      try {
        [row] = await runStatement<SettleRow>(this.#pool, SETTLE, values);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // A concurrent attempt of the same request charged it first (the statement rolled back whole): ours is a
        // duplicate, and a hold it may have raised again goes back.
        const first = await this.prisma.ledgerEntry.findUniqueOrThrow({ where: { requestId } });
        await this.release(requestId);
        return { entry: first as LedgerEntryRow, duplicate: true, balance: first.balanceAfter };
      }
      if (!row) throw new Error("the settle statement returned no row");
      const { settledBalance, duplicate, ...entry } = row;
      // An earlier attempt charged this request; a retry's hold (if any) was released by the same statement.
      if (duplicate) return { entry, duplicate: true, balance: entry.balanceAfter };
      if (settledBalance !== null)
        return { entry: entry.id ? entry : null, duplicate: false, balance: settledBalance };
      if (attempt > 0) throw await insufficientFor(this.prisma, accountId, credits);
    }
  }

  /**
   * Releases the reservation of a failed or cancelled call ({@link RELEASE}); a no-op when it has none.
   * @returns the credits released (0 when none).
   */
  async release(requestId: string): Promise<number> {
    const [row] = await runStatement<{ credits: number }>(this.#pool, RELEASE, [requestId]);
    return row?.credits ?? 0;
  }

  /**
   * Fences a call whose answer was lost: not billed from now on (its hold released, no later settle charges), or
   * the charge that billed it before; see {@link fenceCall}.
   */
  fence(input: FenceInput): Promise<FenceResult> {
    return fenceCall(this.prisma, input);
  }

  /**
   * Releases up to `limit` reservations whose expiry passed before `now` ({@link SWEEP}), skipping rows a settle holds
   * right now; safe to run from every worker process at once. @returns how many were released.
   */
  async sweepExpired(now: Date = new Date(), limit = 500): Promise<number> {
    const [row] = await runStatement<{ released: string }>(this.#pool, SWEEP, [utcTimestamp(now), limit]);
    return Number(row?.released ?? 0);
  }

  /** Balance, reserved and available (`balance - reserved`) credits of an account, or null when unknown. */
  credits(accountId: string): Promise<AccountCredits | null> {
    return this.accounts.credits(accountId);
  }

  /** The open reservation of a request, or null. */
  reservation(requestId: string): Promise<ReservationRow | null> {
    return this.prisma.creditReservation.findUnique({ where: { requestId } });
  }

  /** The newest ledger entries of an account, newest first. */
  async entries(accountId: string, limit = 20): Promise<LedgerEntryRow[]> {
    return this.prisma.ledgerEntry.findMany({
      where: { accountId },
      orderBy: { createdAt: "desc" },
      take: limit,
    });
  }

  /** Charges recorded for one request id (0 or 1 rows; a fence's 0-credit marker is no charge). */
  async chargesFor(requestId: string): Promise<LedgerEntryRow[]> {
    return this.prisma.ledgerEntry.findMany({ where: { requestId, kind: "charge" } });
  }

  /**
   * Writes the request-log row of a call the worker answered (a batch item, a monitor run), once, when its call
   * ended: its `created_at` is the call's start (`createdAt`, else `durationMs` before now). A row already written
   * under its id is left as it is (a re-run job); no row is ever updated ({@link writeRequestLogs}).
   */
  async logRequest(row: RequestLogInput): Promise<void> {
    const createdAt = row.createdAt ?? new Date(Date.now() - row.durationMs);
    await writeRequestLogs(this.prisma, [{ ...row, createdAt }]);
  }
}

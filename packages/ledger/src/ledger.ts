import { newApiKeySecret, newId, ServiceError } from "@sda/core";
import type { PrismaClient } from "./generated/prisma/client.ts";
import { Prisma } from "./generated/prisma/client.ts";
import { hashApiKey, keyStart } from "./keys.ts";

/** Credits granted to every new account (SPEC §8). */
export const SIGNUP_GRANT = 100;

export interface AccountRow {
  id: string;
  name: string;
  email: string | null;
  balance: number;
  createdAt: Date;
}

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

/** The caller behind a key, as the gateway needs it. */
export interface Principal {
  accountId: string;
  keyId: string;
  balance: number;
}

/** Result of {@link Ledger.authenticate}. */
export type AuthResult = { ok: true; principal: Principal } | { ok: false; reason: "unknown" | "revoked" };

/** Result of {@link Ledger.charge}. */
export interface ChargeResult {
  /** The entry that bills the request (the existing one when the request was charged before). */
  entry: LedgerEntryRow | null;
  /** True when this call found an earlier charge for the same request id and charged nothing more. */
  duplicate: boolean;
  balance: number;
}

/** A row of the request log (one per answered API call). */
export interface RequestLogInput {
  id: string;
  accountId: string | null;
  keyId: string | null;
  operation: string | null;
  method: string;
  path: string;
  params: Record<string, unknown>;
  status: number;
  errorCode: string | null;
  credits: number;
  cache: string;
  source: string | null;
  durationMs: number;
  jobId: string | null;
}

/**
 * Accounts, keys and credits in PostgreSQL. The balance lives on the account row and moves only together with an
 * append-only ledger entry in the same transaction, so `sum(amount) = balance` always holds.
 */
export class Ledger {
  constructor(readonly prisma: PrismaClient) {}

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
  async createApiKey(accountId: string, options: { name?: string; secret?: string } = {}) {
    const secret = options.secret ?? newApiKeySecret();
    const key = await this.prisma.apiKey.create({
      data: {
        id: newId("key"),
        accountId,
        name: options.name ?? "default",
        hash: hashApiKey(secret),
        start: keyStart(secret),
      },
    });
    return { keyId: key.id, secret, start: key.start };
  }

  /** Revokes a key; later calls with it get 401 `revoked_api_key`. @returns false when no such key exists. */
  async revokeApiKey(keyId: string): Promise<boolean> {
    const result = await this.prisma.apiKey.updateMany({
      where: { id: keyId, revokedAt: null },
      data: { revokedAt: new Date() },
    });
    if (result.count > 0) return true;
    return (await this.prisma.apiKey.count({ where: { id: keyId } })) > 0;
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

  /** @returns the balance in credits, or null for an unknown account. */
  async balance(accountId: string): Promise<number | null> {
    const account = await this.prisma.account.findUnique({
      where: { id: accountId },
      select: { balance: true },
    });
    return account?.balance ?? null;
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
   * Charges `credits` for one successful call, at most once per `requestId`: an atomic conditional decrement
   * (`balance >= credits`) and the ledger entry in one transaction. A second charge for the same request id (a retried
   * job) returns the first entry with `duplicate: true` and charges nothing.
   * @throws ServiceError 402 `insufficient_credits` when the balance is below `credits`; nothing is charged.
   */
  async charge(input: {
    accountId: string;
    credits: number;
    requestId: string;
    operation: string;
  }): Promise<ChargeResult> {
    const { accountId, credits, requestId, operation } = input;
    if (!Number.isInteger(credits) || credits < 0) throw new Error(`invalid charge of ${credits} credits`);
    const existing = await this.prisma.ledgerEntry.findUnique({ where: { requestId } });
    if (existing) return { entry: existing, duplicate: true, balance: existing.balanceAfter };
    if (credits === 0)
      return { entry: null, duplicate: false, balance: (await this.balance(accountId)) ?? 0 };
    let rows: LedgerEntryRow[];
    try {
      // One statement: the conditional decrement and the entry commit together or not at all, and the account row
      // is locked only for this statement (an interactive transaction would hold it across round trips, which
      // serialises concurrent calls of one account behind the network).
      rows = await this.prisma.$queryRaw<LedgerEntryRow[]>`
        WITH debit AS (
          UPDATE "accounts" SET "balance" = "balance" - ${credits}
           WHERE "id" = ${accountId} AND "balance" >= ${credits}
          RETURNING "balance"
        )
        INSERT INTO "ledger_entries" ("id", "account_id", "kind", "amount", "balance_after", "request_id", "operation")
        SELECT ${newId("led")}, ${accountId}, 'charge'::"ledger_entry_kind", ${-credits}, debit."balance", ${requestId}, ${operation}
          FROM debit
        RETURNING "id", "account_id" AS "accountId", "kind"::text AS "kind", "amount", "balance_after" AS "balanceAfter",
                  "request_id" AS "requestId", "operation", "note", "created_at" AS "createdAt"`;
    } catch (error) {
      // A concurrent attempt of the same request won the unique index: that charge stands, this statement rolled back.
      if (isUniqueViolation(error)) {
        const first = await this.prisma.ledgerEntry.findUniqueOrThrow({ where: { requestId } });
        return { entry: first, duplicate: true, balance: first.balanceAfter };
      }
      throw error;
    }
    const entry = rows[0];
    if (!entry) throw insufficientCredits(credits, (await this.balance(accountId)) ?? 0);
    return { entry, duplicate: false, balance: entry.balanceAfter };
  }

  /** The newest ledger entries of an account, newest first. */
  async entries(accountId: string, limit = 20): Promise<LedgerEntryRow[]> {
    return this.prisma.ledgerEntry.findMany({
      where: { accountId },
      orderBy: { createdAt: "desc" },
      take: limit,
    });
  }

  /** Charges recorded for one request id (0 or 1 rows). */
  async chargesFor(requestId: string): Promise<LedgerEntryRow[]> {
    return this.prisma.ledgerEntry.findMany({ where: { requestId } });
  }

  /** Appends one row to the request log. */
  async logRequest(row: RequestLogInput): Promise<void> {
    await this.prisma.requestLog.create({ data: { ...row, params: row.params as Prisma.InputJsonValue } });
  }

  /** Updates the logged outcome of a request that was answered 202 and finished later. */
  async completeRequestLog(
    id: string,
    update: { status: number; errorCode: string | null; credits: number; source: string | null },
  ) {
    await this.prisma.requestLog.updateMany({ where: { id }, data: update });
  }
}

/** True for PostgreSQL's unique violation (23505), however Prisma wraps it (model query P2002, raw query P2010). */
function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return false;
  if (error.code === "P2002") return true;
  const meta = JSON.stringify(error.meta ?? {}) + error.message;
  return meta.includes("23505") || meta.includes("unique constraint");
}

/** The 402 of SPEC §5, with what the call needed and what the account has. */
export function insufficientCredits(required: number, balance: number): ServiceError {
  return new ServiceError(
    "insufficient_credits",
    `this call needs ${required} credits; the balance is ${balance}`,
    {
      details: { requiredCredits: required, balance },
    },
  );
}

import { newId } from "@sda/core";
import {
  type AccountSummary,
  readAccountSummary,
  readBalance,
  readBalances,
  readOwnAccountSummary,
} from "./account-reads.ts";
import { sqlPool } from "./client.ts";
import { isUniqueViolation } from "./credits.ts";
import type { PrismaClient } from "./generated/prisma/client.ts";
import type { RequestLogWriter } from "./request-log-writer.ts";

/** An account that can sign in to the dashboard, as {@link LedgerAccounts.signUp} made it. */
export interface SignedUpAccount {
  id: string;
  email: string;
}

/** Result of {@link LedgerAccounts.signUp}: the account, or why none was made (nothing is written then). */
export type SignUpResult = { ok: true; account: SignedUpAccount } | { ok: false; reason: "email_taken" };

/** What signing in checks: the account of an email and its argon2id hash (null: it cannot sign in). */
export interface SignInRecord {
  id: string;
  email: string | null;
  passwordHash: string | null;
}

/** Balance, reserved and available (`balance - reserved`) credits of an account (whole credits). */
export interface AccountCredits {
  balance: number;
  reserved: number;
  available: number;
}

/**
 * `ledger.accounts`: the reads and writes of the `accounts` table (and the sign-up grant's first ledger entry) that
 * the gateway's Account API and the dashboard use. Balances are whole credits; times are UTC `Date`s.
 */
export class LedgerAccounts {
  readonly #prisma: PrismaClient;

  constructor(prisma: PrismaClient) {
    this.#prisma = prisma;
  }

  /**
   * The account as `GET /v1/account` shows it (row, calls of the request log and credits of the charges since
   * `since`, inclusive), one statement ({@link readAccountSummary}). With `writer` (the calling gateway's request-log
   * writer) the calls it still buffers are counted too: read your own writes ({@link readOwnAccountSummary}).
   * @returns null for an unknown account.
   */
  summary(accountId: string, since: Date, writer?: RequestLogWriter): Promise<AccountSummary | null> {
    const pool = sqlPool(this.#prisma);
    return writer
      ? readOwnAccountSummary(pool, writer, accountId, since)
      : readAccountSummary(pool, accountId, since);
  }

  /** The balance now (one prepared primary-key read). @returns credits, or null for an unknown account. */
  balance(accountId: string): Promise<number | null> {
    return readBalance(sqlPool(this.#prisma), accountId);
  }

  /**
   * The balances of several accounts in one statement (one snapshot).
   * @returns credits by account id; unknown accounts are absent.
   */
  balances(accountIds: readonly string[]): Promise<Map<string, number>> {
    return readBalances(sqlPool(this.#prisma), accountIds);
  }

  /** Balance, reserved and available credits, read from one row. @returns null for an unknown account. */
  async credits(accountId: string): Promise<AccountCredits | null> {
    const account = await this.#prisma.account.findUnique({
      where: { id: accountId },
      select: { balance: true, reserved: true },
    });
    return account && { ...account, available: account.balance - account.reserved };
  }

  /** Whether an account holds this email (emails are stored lower-cased by the dashboard). */
  async emailTaken(email: string): Promise<boolean> {
    return (await this.#prisma.account.findUnique({ where: { email }, select: { id: true } })) !== null;
  }

  /** The account of an email with its password hash, for signing in. @returns null when no account holds it. */
  signInRecord(email: string): Promise<SignInRecord | null> {
    return this.#prisma.account.findUnique({
      where: { email },
      select: { id: true, email: true, passwordHash: true },
    });
  }

  /**
   * Creates a dashboard account in ONE transaction: the account row with its email and argon2id `passwordHash`,
   * balance `grant`, and (when `grant > 0`) the sign-up grant's ledger entry. Either both rows exist or neither does,
   * so nothing needs undoing when a step fails.
   * @param grant credits granted (a whole number ≥ 0; the dashboard's per-address sign-up budget decides it).
   * @returns `{ ok: false, reason: "email_taken" }` when the email's unique index refused the row (two sign-ups of
   *   one email at once: one gets through).
   */
  async signUp(input: { email: string; passwordHash: string; grant: number }): Promise<SignUpResult> {
    const { email, passwordHash, grant } = input;
    const id = newId("acct");
    try {
      await this.#prisma.$transaction(async (tx) => {
        await tx.account.create({ data: { id, name: email, email, passwordHash, balance: grant } });
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
      });
    } catch (error) {
      if (isUniqueViolation(error)) return { ok: false, reason: "email_taken" };
      throw error;
    }
    return { ok: true, account: { id, email } };
  }
}

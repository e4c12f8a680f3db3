import { afterAll, describe, expect, inject, it } from "vitest";
import { createPrismaClient } from "./client.ts";
import { Ledger } from "./ledger.ts";

const prisma = createPrismaClient(inject("databaseUrl"), 6);
const ledger = new Ledger(prisma);
afterAll(() => prisma.$disconnect());

const email = () => `signup_${Math.random().toString(36).slice(2)}@example.com`;

describe("ledger.accounts", () => {
  it("signs up in one transaction: the account with its password hash and its grant entry", async () => {
    const address = email();
    const result = await ledger.accounts.signUp({
      email: address,
      passwordHash: "$argon2id$hash",
      grant: 100,
    });
    if (!result.ok) throw new Error("sign-up refused");
    expect(result.account.email).toBe(address);
    expect(await ledger.accounts.signInRecord(address)).toEqual({
      id: result.account.id,
      email: address,
      passwordHash: "$argon2id$hash",
    });
    expect(await ledger.credits(result.account.id)).toEqual({ balance: 100, reserved: 0, available: 100 });
    const entries = await ledger.entries(result.account.id);
    expect(entries).toMatchObject([{ kind: "grant", amount: 100, balanceAfter: 100, note: "sign-up grant" }]);
    expect(await ledger.accounts.emailTaken(address)).toBe(true);
  });

  it("signs up without a grant entry when the grant is 0", async () => {
    const result = await ledger.accounts.signUp({ email: email(), passwordHash: "h", grant: 0 });
    if (!result.ok) throw new Error("sign-up refused");
    expect(await ledger.balance(result.account.id)).toBe(0);
    expect(await ledger.entries(result.account.id)).toEqual([]);
  });

  it("answers email_taken to all but one of 5 concurrent sign-ups of one email, and writes nothing for them", async () => {
    const address = email();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        ledger.accounts.signUp({ email: address, passwordHash: "h", grant: 100 }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual(Array(4).fill({ ok: false, reason: "email_taken" }));
    expect(await prisma.account.count({ where: { email: address } })).toBe(1);
    const [account] = await prisma.account.findMany({ where: { email: address } });
    expect(await prisma.ledgerEntry.count({ where: { accountId: account?.id ?? "" } })).toBe(1);
  });

  it("reads balances of several accounts in one statement; unknown ones are absent", async () => {
    const a = await ledger.createAccount({ name: "a", grant: 7 });
    const b = await ledger.createAccount({ name: "b", grant: 11 });
    expect(await ledger.accounts.balances([a.id, b.id, "acct_unknown"])).toEqual(
      new Map([
        [a.id, 7],
        [b.id, 11],
      ]),
    );
    expect(await ledger.accounts.signInRecord(email())).toBeNull();
  });
});

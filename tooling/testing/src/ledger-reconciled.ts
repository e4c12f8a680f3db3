import type { PrismaClient } from "@sda/ledger";
import { expect } from "vitest";

/**
 * Asserts the ledger's invariant for each account: the sum of its ledger entries' signed amounts equals its balance,
 * the balance is never negative, and no request id is charged twice (the primary key of `ledger_request_ids` makes
 * that impossible; checked anyway so a schema change cannot silently drop it). Call it after every fault test for every account it touched.
 * @param accountIds `acct_…` ids; an unknown id fails the assertion.
 */
export async function expectLedgerReconciled(
  prisma: PrismaClient,
  accountIds: readonly string[],
): Promise<void> {
  for (const accountId of accountIds) {
    const account = await prisma.account.findUnique({ where: { id: accountId }, select: { balance: true } });
    expect(account, `account ${accountId} exists`).not.toBeNull();
    const sum = await prisma.ledgerEntry.aggregate({ where: { accountId }, _sum: { amount: true } });
    expect(sum._sum.amount ?? 0, `ledger sum of ${accountId} equals its balance`).toBe(account?.balance);
    expect(account?.balance ?? -1, `balance of ${accountId} is not negative`).toBeGreaterThanOrEqual(0);
    const charges = await prisma.ledgerEntry.groupBy({
      by: ["requestId"],
      where: { accountId, kind: "charge" },
      _count: { _all: true },
    });
    const twice = charges.filter((c) => c.requestId !== null && c._count._all > 1);
    expect(twice, `request ids of ${accountId} charged more than once`).toEqual([]);
  }
}

import type { Ledger } from "@sda/ledger";

/** Sum of the signed amounts of an account's ledger entries (equals the balance when the ledger is consistent). */
export async function ledgerSum(ledger: Ledger, accountId: string): Promise<number> {
  const rows = await ledger.prisma.ledgerEntry.findMany({ where: { accountId }, select: { amount: true } });
  return rows.reduce((sum, r) => sum + r.amount, 0);
}

/**
 * Balance, ledger sum and credits still held of an account: `{ balance: b, sum: b, reserved: 0 }` when its ledger is
 * consistent and nothing is in flight.
 */
export async function money(ledger: Ledger, accountId: string) {
  const credits = await ledger.credits(accountId);
  return { balance: credits?.balance, sum: await ledgerSum(ledger, accountId), reserved: credits?.reserved };
}

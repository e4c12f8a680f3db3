import type { Ledger } from "@sda/ledger";

/** Sum of the signed amounts of an account's ledger entries (equals the balance when the ledger is consistent). */
export async function ledgerSum(ledger: Ledger, accountId: string): Promise<number> {
  const rows = await ledger.prisma.ledgerEntry.findMany({ where: { accountId }, select: { amount: true } });
  return rows.reduce((sum, r) => sum + r.amount, 0);
}

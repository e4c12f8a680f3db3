import type { Ledger, PagePosition } from "@sda/ledger";

/** Sum of the signed amounts of an account's ledger entries (equals the balance when the ledger is consistent). */
export async function ledgerSum(ledger: Ledger, accountId: string): Promise<number> {
  let sum = 0;
  let after: PagePosition | undefined;
  do {
    const page = await ledger.usage.ledgerPage(accountId, { limit: 500, ...(after ? { after } : {}) });
    for (const entry of page.rows) sum += entry.amount;
    after = page.next ?? undefined;
  } while (after);
  return sum;
}

/**
 * Balance, ledger sum and credits still held of an account: `{ balance: b, sum: b, reserved: 0 }` when its ledger is
 * consistent and nothing is in flight.
 */
export async function money(ledger: Ledger, accountId: string) {
  const credits = await ledger.credits(accountId);
  return { balance: credits?.balance, sum: await ledgerSum(ledger, accountId), reserved: credits?.reserved };
}

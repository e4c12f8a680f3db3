import type { Stack } from "./stack.ts";

/** A call of a batch body. */
export interface BatchCall {
  path: string;
  params: Record<string, string | number | boolean>;
}

/** Polls `GET /v1/batch/{id}` until the batch has a `completedAt`; returns its last view. */
export async function waitForBatch(stack: Stack, key: string, batchId: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const r = await stack.get(`/v1/batch/${batchId}`, key);
    if (r.status !== 200) throw new Error(`GET batch answered ${r.status}: ${JSON.stringify(r.body)}`);
    if (r.body.data.completedAt) return r.body.data;
    if (Date.now() > deadline)
      throw new Error(`batch ${batchId} did not finish: ${JSON.stringify(r.body.data)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Every item of a batch, following `nextCursor` pages of `limit`. */
export async function allResults(
  stack: Stack,
  key: string,
  batchId: string,
  query: Record<string, string> = {},
) {
  // biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON
  const items: any[] = [];
  let cursor: string | undefined;
  let pages = 0;
  for (;;) {
    const r = await stack.get(`/v1/batch/${batchId}/results`, key, {
      ...query,
      ...(cursor ? { cursor } : {}),
    });
    if (r.status !== 200) throw new Error(`results answered ${r.status}: ${JSON.stringify(r.body)}`);
    items.push(...r.body.data.items);
    pages++;
    if (!r.body.data.hasMore) return { items, pages };
    cursor = r.body.data.nextCursor;
  }
}

/** Charges (negative ledger amounts) of an account's entries carrying a request id, as positive credits. */
export async function chargedCredits(stack: Stack, accountId: string): Promise<number> {
  const rows = await stack.prisma.ledgerEntry.findMany({
    where: { accountId, kind: "charge" },
    select: { amount: true },
  });
  return rows.reduce((sum, r) => sum - r.amount, 0);
}

/** Open reservations of an account (must be 0 once its batches finished). */
export async function reservedCredits(stack: Stack, accountId: string): Promise<number> {
  return (await stack.ledger.credits(accountId))?.reserved ?? -1;
}

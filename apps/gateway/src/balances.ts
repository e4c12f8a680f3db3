import { type PrismaClient, readBalances, sqlPool } from "@sda/ledger";
import DataLoader from "dataloader";

/**
 * The balances that free cache hits show (`X-Service-Balance`), read from PostgreSQL on every call, never remembered:
 * the reads that concurrent calls ask for within one turn of the event loop go out as ONE statement
 * (`WHERE id = ANY(…)`, DataLoader batching without its cache), so 64 hits in flight cost a few round trips instead of
 * 64. Each value is the balance at that statement, which runs after its call started and before it is answered: the
 * balance after a call that charged nothing, exact.
 */
export class BalanceReader {
  readonly #loader: DataLoader<string, number | null>;

  /** @param prisma a client of `createPrismaClient`: the reads use its `pg` pool. */
  constructor(prisma: PrismaClient) {
    const pool = sqlPool(prisma);
    this.#loader = new DataLoader(
      async (accountIds) => {
        const balances = await readBalances(pool, accountIds);
        return accountIds.map((id) => balances.get(id) ?? null);
      },
      // No memo: every call reads the database. Batch what the event loop's current turn asked for.
      { cache: false, batchScheduleFn: (run) => setImmediate(run), maxBatchSize: 500 },
    );
  }

  /**
   * The account's balance in credits now, or null for an unknown account.
   * @throws the driver's error when PostgreSQL cannot be reached (the gateway answers 503).
   */
  read(accountId: string): Promise<number | null> {
    return this.#loader.load(accountId);
  }
}

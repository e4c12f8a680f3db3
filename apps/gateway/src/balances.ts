import type { LedgerAccounts } from "@sda/ledger";
import DataLoader from "dataloader";

/**
 * The balances that free cache hits show (`X-Service-Balance`), read from PostgreSQL on every call, never remembered.
 * Reads are batched (DataLoader without its cache) into ONE statement (`WHERE id = ANY(…)`), and at most one batch is
 * in flight: reads asked for while a statement runs wait for it and then go out together as the next one. At c=1 a
 * read goes out in the turn after it was asked for; under load the batch grows with the load instead of the statements
 * (64 hits in flight cost a few statements, not one per event-loop turn: 3–4 points of cache-hit throughput against
 * `/healthz` in the bench, where every statement's CPU in PostgreSQL competes with the gateway's).
 *
 * Each value is the balance at a statement that ran after its call started and before it is answered: the balance
 * after a call that charged nothing, exact.
 */
export class BalanceReader {
  readonly #loader: DataLoader<string, number | null>;
  /** The statement in flight (settled either way), while there is one. */
  #inFlight: Promise<void> | undefined;

  /** @param accounts the ledger's accounts (`ledger.accounts`): each batch is one {@link LedgerAccounts.balances}. */
  constructor(accounts: Pick<LedgerAccounts, "balances">) {
    this.#loader = new DataLoader(
      async (accountIds) => {
        const statement = accounts.balances(accountIds);
        const settled = statement.then(
          () => undefined,
          () => undefined,
        );
        this.#inFlight = settled;
        void settled.then(() => {
          if (this.#inFlight === settled) this.#inFlight = undefined;
        });
        const balances = await statement;
        return accountIds.map((id) => balances.get(id) ?? null);
      },
      {
        cache: false,
        maxBatchSize: 500,
        // The next turn of the event loop, or once the statement in flight has settled.
        batchScheduleFn: (run) => {
          const inFlight = this.#inFlight;
          if (inFlight) void inFlight.then(() => setImmediate(run));
          else setImmediate(run);
        },
      },
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

import { createTestDatabase } from "../../packages/ledger/test/databases.ts";

/** A migrated database of one test file's own, on the run's PostgreSQL server. */
export interface OwnDatabase {
  /** Its URL (for `DATABASE_URL`). */
  url: string;
  /** Drops it, ending any session left on it. */
  drop(): Promise<void>;
}

/**
 * Creates and migrates a database of its own (`sda_test_<label>_<random hex>`) on the server of the run's database
 * (tooling/testing/src/global-setup.ts), for a file whose rows other stacks must never see: batches carry no
 * deployment prefix, so every stack's batch sweeper on a shared database would run (and bill) another file's batches.
 * It is the ledger tests' {@link createTestDatabase}; its client stays unused here (and so never connects).
 * @throws the driver's error when the server does not answer or a migration fails.
 */
export async function createOwnDatabase(label: string): Promise<OwnDatabase> {
  const database = await createTestDatabase(`test_${label}`);
  return { url: database.url, drop: database.drop };
}

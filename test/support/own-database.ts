import { randomBytes } from "node:crypto";
import { applyMigrations, dropDatabase, ensureDatabase } from "@sda/ledger";
import { inject } from "vitest";

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
 * @throws the driver's error when the server does not answer or a migration fails.
 */
export async function createOwnDatabase(label: string): Promise<OwnDatabase> {
  const url = new URL(inject("databaseUrl"));
  url.pathname = `/sda_test_${label}_${randomBytes(4).toString("hex")}`;
  const own = url.toString();
  await ensureDatabase(own);
  await applyMigrations(own);
  return { url: own, drop: () => dropDatabase(own) };
}

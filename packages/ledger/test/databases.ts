import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inject } from "vitest";
import {
  applyMigrations,
  dropDatabase,
  ensureDatabase,
  MIGRATIONS_DIR,
  readMigrations,
} from "../src/migrate.ts";

/** A database of one test's own, on the run's PostgreSQL server. */
export interface TestDatabase {
  /** Its URL. */
  url: string;
  /** Drops it, ending any session left on it. */
  drop(): Promise<void>;
}

/**
 * Creates a database of its own (`sda_<label>_<random hex>`) beside the run's (tooling/testing/src/global-setup.ts)
 * for a test that runs DDL (partitions made and dropped) or a migration on rows of its own, and migrates it: fully,
 * or with the migrations named before `before` only (the state a migration under test starts from).
 */
export async function createTestDatabase(
  label: string,
  options: { before?: string } = {},
): Promise<TestDatabase> {
  const target = new URL(inject("databaseUrl"));
  target.pathname = `/sda_${label}_${randomBytes(4).toString("hex")}`;
  const url = target.toString();
  await ensureDatabase(url);
  const { before } = options;
  if (before === undefined) await applyMigrations(url);
  else {
    const dir = mkdtempSync(path.join(tmpdir(), "sda-migrations-"));
    try {
      for (const m of readMigrations().filter((m) => m.name < before))
        cpSync(path.join(MIGRATIONS_DIR, m.name), path.join(dir, m.name), { recursive: true });
      await applyMigrations(url, dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return { url, drop: () => dropDatabase(url) };
}

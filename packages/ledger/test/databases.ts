import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, inject } from "vitest";
import { createPrismaClient, type PrismaClient } from "../src/client.ts";
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
  /** A client of it (connects on first use). */
  prisma: PrismaClient;
  /** Disconnects the client and drops the database, ending any session left on it. */
  drop(): Promise<void>;
}

/**
 * Creates a database of its own (`sda_<label>_<random hex>`) beside the run's (tooling/testing/src/global-setup.ts)
 * for a test that runs DDL (partitions made and dropped) or a migration on rows of its own, and migrates it: fully,
 * or with the migrations named before `before` only (the state a migration under test starts from).
 * @param options.poolSize the client's connections (default 4).
 */
export async function createTestDatabase(
  label: string,
  options: { before?: string; poolSize?: number } = {},
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
  const prisma = createPrismaClient(url, options.poolSize ?? 4);
  return {
    url,
    prisma,
    drop: async () => {
      await prisma.$disconnect();
      await dropDatabase(url);
    },
  };
}

/**
 * {@link createTestDatabase} for a whole file: made in a `beforeAll`, dropped in an `afterAll`. Its `url` and `prisma`
 * can be read from the hooks declared after this call and from the tests.
 */
export function useTestDatabase(
  label: string,
  options: { before?: string; poolSize?: number } = {},
): Omit<TestDatabase, "drop"> {
  let db: TestDatabase | undefined;
  beforeAll(async () => {
    db = await createTestDatabase(label, options);
  });
  afterAll(() => db?.drop());
  const made = () => {
    if (!db) throw new Error(`the test database ${label} is read before its beforeAll made it`);
    return db;
  };
  return {
    get url() {
      return made().url;
    },
    get prisma() {
      return made().prisma;
    },
  };
}

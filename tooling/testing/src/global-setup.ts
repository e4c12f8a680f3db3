import { randomBytes } from "node:crypto";
import { applyMigrations, ensureDatabase } from "@sda/ledger";
import pg from "pg";

/**
 * Vitest global setup: creates a database of its own for this test run (so parallel runs never share rows), applies
 * the migrations, and hands its URL to the tests as TEST_DATABASE_URL. The database is dropped afterwards.
 * The server is TEST_PG_URL (default postgresql://postgres@127.0.0.1:5432/postgres).
 */
export default async function setup({ provide }: { provide: (key: "databaseUrl", value: string) => void }) {
  const server = process.env.TEST_PG_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
  const name = `sda_test_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const url = new URL(server);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  await ensureDatabase(databaseUrl);
  await applyMigrations(databaseUrl);
  process.env.TEST_DATABASE_URL = databaseUrl;
  provide("databaseUrl", databaseUrl);
  return async () => {
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

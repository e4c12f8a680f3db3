import { createHash, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

/** `prisma/migrations` of this repository. */
export const MIGRATIONS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../prisma/migrations",
);

/** The advisory lock id `prisma migrate deploy` takes, so our step and Prisma's never run at the same time. */
const PRISMA_ADVISORY_LOCK = 72707369;

/** The bookkeeping table exactly as Prisma's schema engine creates it on PostgreSQL. */
const CREATE_MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export interface LocalMigration {
  name: string;
  sql: string;
  /** SHA-256 hex of the script, as Prisma computes it. */
  checksum: string;
}

export interface MigrationReport {
  applied: string[];
  alreadyApplied: string[];
  /** Applied migrations whose file changed since (Prisma warns about these too). */
  modified: string[];
}

/** Reads `<dir>/<name>/migration.sql` in name order (Prisma's folder layout). */
export function readMigrations(dir = MIGRATIONS_DIR): LocalMigration[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(dir, d.name, "migration.sql")))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

/**
 * Creates the database named in `url` when it does not exist (connecting to the `postgres` database of the server).
 * @throws Error naming DATABASE_URL when it names no database or a malformed one; the driver's error when the server
 *   does not answer.
 */
export async function ensureDatabase(url: string): Promise<void> {
  const name = databaseName(url);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
  } catch (error) {
    // Two processes racing to create the same database: the loser sees a duplicate, which is the wanted state.
    if ((error as { code?: string }).code !== "42P04" && (error as { code?: string }).code !== "23505")
      throw error;
  } finally {
    await client.end();
  }
}

/**
 * Drops the database named in `url` (connecting to the `postgres` database of the server), ending its sessions
 * first (`WITH (FORCE)`); nothing when it does not exist. The demo's own database goes this way on exit.
 * @throws Error when `url` names no database; the driver's error when the server does not answer.
 */
export async function dropDatabase(url: string): Promise<void> {
  const name = databaseName(url);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name.replaceAll('"', '""')}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** Whether the server of `url` holds the database `url` names (asked of its `postgres` database). */
export async function databaseExists(url: string): Promise<boolean> {
  const name = databaseName(url);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    return (await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])).rowCount === 1;
  } finally {
    await client.end();
  }
}

/** The database name of a PostgreSQL URL. @throws Error naming DATABASE_URL when it is missing or malformed. */
function databaseName(url: string): string {
  const target = new URL(url);
  let name: string;
  try {
    name = decodeURIComponent(target.pathname.slice(1));
  } catch {
    throw new Error(`DATABASE_URL has a malformed percent-escape in its database name: ${target.pathname}`);
  }
  if (!name) throw new Error(`DATABASE_URL names no database: ${url}`);
  return name;
}

/**
 * Applies the pending migrations the way `prisma migrate deploy` does: under Prisma's advisory lock, each script
 * recorded in `_prisma_migrations` (row inserted before, `finished_at` and `applied_steps_count = 1` after), so the
 * Prisma CLI agrees with the result where its engine is available. Each script runs in one transaction.
 * @throws Error when a migration failed earlier (a row without `finished_at`, Prisma's P3009) or when a script fails;
 *   the failure is recorded in `logs`, as Prisma does.
 */
export async function applyMigrations(url: string, dir = MIGRATIONS_DIR): Promise<MigrationReport> {
  const local = readMigrations(dir);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const report: MigrationReport = { applied: [], alreadyApplied: [], modified: [] };
  try {
    await client.query("SELECT pg_advisory_lock($1)", [PRISMA_ADVISORY_LOCK]);
    await client.query(CREATE_MIGRATIONS_TABLE);
    const rows = await client.query<{
      migration_name: string;
      checksum: string;
      finished_at: Date | null;
      rolled_back_at: Date | null;
    }>(
      'SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations" ORDER BY started_at',
    );
    const live = rows.rows.filter((r) => r.rolled_back_at === null);
    const failed = live.find((r) => r.finished_at === null);
    if (failed)
      throw new Error(
        `migration ${failed.migration_name} failed earlier and is not resolved; fix the database and mark it rolled back`,
      );
    for (const migration of local) {
      const done = live.find((r) => r.migration_name === migration.name);
      if (done) {
        report.alreadyApplied.push(migration.name);
        if (done.checksum !== migration.checksum) report.modified.push(migration.name);
        continue;
      }
      const id = randomUUID();
      await client.query(
        'INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count) VALUES ($1, $2, $3, now(), 0)',
        [id, migration.checksum, migration.name],
      );
      try {
        await client.query("BEGIN");
        await client.query(migration.sql);
        await client.query(
          'UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1',
          [id],
        );
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        await client.query('UPDATE "_prisma_migrations" SET logs = $2 WHERE id = $1', [id, String(error)]);
        throw new Error(`migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
      }
      report.applied.push(migration.name);
    }
    return report;
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [PRISMA_ADVISORY_LOCK]).catch(() => undefined);
    await client.end();
  }
}

import { createHash, randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { applyMigrations, ensureDatabase, MIGRATIONS_DIR, readMigrations } from "./migrate.ts";

const created: string[] = [];
function freshDatabaseUrl(): string {
  const url = new URL(inject("databaseUrl"));
  const name = `sda_migrate_${randomBytes(4).toString("hex")}`;
  url.pathname = `/${name}`;
  created.push(name);
  return url.toString();
}

afterAll(async () => {
  const admin = new URL(inject("databaseUrl"));
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  for (const name of created) await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.end();
});

async function migrationRows(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query(
    'SELECT migration_name, checksum, finished_at, rolled_back_at, applied_steps_count, logs FROM "_prisma_migrations" ORDER BY migration_name',
  );
  await client.end();
  return rows;
}

describe("offline migration step", () => {
  it("applies every migration and records it in _prisma_migrations as prisma migrate deploy does", async () => {
    const url = freshDatabaseUrl();
    await ensureDatabase(url);
    const report = await applyMigrations(url);
    const local = readMigrations();
    expect(report.applied).toEqual(local.map((m) => m.name));
    const rows = await migrationRows(url);
    expect(rows).toHaveLength(local.length);
    for (const [i, row] of rows.entries()) {
      const migration = local[i];
      expect(row.migration_name).toBe(migration?.name);
      expect(row.checksum).toBe(
        createHash("sha256")
          .update(migration?.sql ?? "")
          .digest("hex"),
      );
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.rolled_back_at).toBeNull();
      expect(row.applied_steps_count).toBe(1);
    }
  });

  it("is idempotent, also when two processes migrate at once", async () => {
    const url = freshDatabaseUrl();
    await ensureDatabase(url);
    const [a, b] = await Promise.all([applyMigrations(url), applyMigrations(url)]);
    expect([...a.applied, ...b.applied].sort()).toEqual(readMigrations().map((m) => m.name));
    const again = await applyMigrations(url);
    expect(again.applied).toEqual([]);
    expect(await migrationRows(url)).toHaveLength(readMigrations().length);
  });

  it("records a failing migration in logs, leaves it unfinished, and refuses to go on until it is resolved", async () => {
    const url = freshDatabaseUrl();
    await ensureDatabase(url);
    const dir = mkdtempSync(path.join(tmpdir(), "migrations-"));
    cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    const broken = path.join(dir, "29990101000000_broken");
    cpSync(path.join(MIGRATIONS_DIR, readMigrations()[0]?.name ?? ""), broken, { recursive: true });
    writeFileSync(path.join(broken, "migration.sql"), "ALTER TABLE no_such_table ADD COLUMN x int;");
    await expect(applyMigrations(url, dir)).rejects.toThrow(/29990101000000_broken failed/);
    const failed = (await migrationRows(url)).find((r) => r.migration_name === "29990101000000_broken");
    expect(failed?.finished_at).toBeNull();
    expect(failed?.logs).toContain("no_such_table");
    await expect(applyMigrations(url, dir)).rejects.toThrow(/failed earlier/);
  });
});

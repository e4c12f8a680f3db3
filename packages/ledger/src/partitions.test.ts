import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { readAccountSummary } from "./account-reads.ts";
import { createPrismaClient, type PrismaClient } from "./client.ts";
import { applyMigrations, dropDatabase, ensureDatabase, MIGRATIONS_DIR, readMigrations } from "./migrate.ts";
import { maintainPartitions, type PartitionedTable, requestLogPartitions } from "./partitions.ts";
import { writeRequestLogs } from "./request-log-writer.ts";
import { LedgerUsage } from "./usage-reads.ts";

// Issue 38: the migration that partitions request_logs and metric_snapshots, run on a populated database, and the
// maintenance that creates months ahead and drops expired ones. Each test has its own database.

const PARTITIONING = "20261202130000_partitioned_tables";
const created: string[] = [];
const clients: { end(): Promise<void> }[] = [];

async function freshDatabase(): Promise<string> {
  const url = new URL(inject("databaseUrl"));
  url.pathname = `/sda_partitions_${randomBytes(4).toString("hex")}`;
  created.push(url.toString());
  await ensureDatabase(url.toString());
  return url.toString();
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  clients.push(client);
  return client;
}

afterAll(async () => {
  for (const c of clients) await c.end().catch(() => undefined);
  for (const url of created) await dropDatabase(url);
});

/** The migrations before the partitioning one, in a directory of their own. */
function migrationsBefore(name: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), "sda-partitions-"));
  for (const m of readMigrations().filter((m) => m.name < name))
    cpSync(path.join(MIGRATIONS_DIR, m.name), path.join(dir, m.name), { recursive: true });
  return dir;
}

const partitionOf = async (db: pg.Client, table: string, where: string) =>
  (await db.query(`SELECT tableoid::regclass::text AS p FROM ${table} WHERE ${where}`)).rows.map((r) => r.p);

const partitionsOf = async (db: pg.Client, table: string) =>
  (
    await db.query<{ name: string }>(
      "SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = $1::regclass ORDER BY 1",
      [table],
    )
  ).rows.map((r) => r.name);

/** Every usage read of one account: its summary since a time, two request-log pages, daily usage, the rollup. */
async function usageOf(prisma: PrismaClient, db: pg.Client, url: string, now: Date) {
  const usage = new LedgerUsage(prisma);
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const first = await usage.requestLogPage({ accountId: "acct_p" }, { limit: 50 });
    const second = first.next
      ? await usage.requestLogPage({ accountId: "acct_p" }, { limit: 50, after: first.next })
      : null;
    return {
      summary: await readAccountSummary(pool, "acct_p", new Date(now.getTime() - 40 * 86_400_000)),
      first: first.rows.map((r) => r.id),
      second: second?.rows.map((r) => r.id),
      daily: await usage.daily("acct_p", 120, now),
      minutes: (await db.query("SELECT * FROM request_log_minutes ORDER BY account_id, minute")).rows,
      ledgerSum: (await db.query("SELECT sum(amount)::int AS s FROM ledger_entries")).rows[0].s,
    };
  } finally {
    await pool.end();
  }
}

describe("partitioning migration", () => {
  it("converts populated tables: every row kept in its month, the rollup and every usage read unchanged", async () => {
    const url = await freshDatabase();
    await applyMigrations(url, migrationsBefore(PARTITIONING));
    const db = await connect(url);
    await db.query(`INSERT INTO accounts (id, name, balance) VALUES ('acct_p', 'p', 1000 - 3 * 300)`);
    await db.query(
      `INSERT INTO ledger_entries (id, account_id, kind, amount, balance_after) VALUES ('led_g', 'acct_p', 'grant', 1000, 1000)`,
    );
    // 900 calls, one every 2 hours from 2026-10-01: three months of rows, the last ones at a month's first instant.
    await db.query(`INSERT INTO request_logs (id, account_id, method, path, status, cache, duration_ms, operation, created_at)
      SELECT 'req_' || g, 'acct_p', 'GET', '/v1/x', CASE WHEN g % 7 = 0 THEN 500 ELSE 200 END, 'MISS', 5, 'op.' || (g % 3),
             timestamptz '2026-10-01 00:00:00+00' + (g - 1) * interval '2 hours'
        FROM generate_series(1, 900) g`);
    await db.query(`INSERT INTO ledger_entries (id, account_id, kind, amount, balance_after, request_id, operation, channel, called_at)
      SELECT 'led_' || g, 'acct_p', 'charge', -3, 1000 - 3 * g, 'req_' || g, 'op.' || (g % 3), 'rest',
             timestamp '2026-10-01 00:00:00' + (g - 1) * interval '2 hours'
        FROM generate_series(1, 300) g`);
    await db.query(`INSERT INTO metric_snapshots VALUES
      ('videosite', 'video', 'v1', 'viewCount', '2026-10-31 23:59', 1, '2026-10-31 23:59:10'),
      ('videosite', 'video', 'v1', 'viewCount', '2026-11-01 00:00', 2, '2026-11-01 00:00:10')`);
    const prisma = createPrismaClient(url, 1);
    clients.push({ end: () => prisma.$disconnect() });
    const now = new Date("2026-12-15T00:00:00Z");
    const before = await usageOf(prisma, db, url, now);
    expect(before.first).toHaveLength(50);
    expect(before.summary?.usage.calls).toBeGreaterThan(0);
    expect(before.daily.length).toBeGreaterThan(0);

    await applyMigrations(url);

    const relkind = await db.query(
      "SELECT relname, relkind FROM pg_class WHERE relname IN ('request_logs', 'metric_snapshots') ORDER BY 1",
    );
    expect(relkind.rows).toEqual([
      { relname: "metric_snapshots", relkind: "p" },
      { relname: "request_logs", relkind: "p" },
    ]);
    expect((await db.query("SELECT count(*)::int AS n FROM request_logs")).rows[0].n).toBe(900);
    expect(await partitionOf(db, "request_logs", "id IN ('req_1', 'req_373', 'req_900')")).toEqual(
      expect.arrayContaining(["request_logs_p202610", "request_logs_p202611", "request_logs_p202612"]),
    );
    expect(await partitionOf(db, "metric_snapshots", "true ORDER BY at")).toEqual([
      "metric_snapshots_p202610",
      "metric_snapshots_p202611",
    ]);
    expect(await partitionsOf(db, "request_logs")).toContain("request_logs_default");
    expect(await usageOf(prisma, db, url, now)).toEqual(before);

    // The triggers moved with the table: a new call counts in the rollup once; the writer's retry adds nothing.
    const row = {
      id: "req_new",
      accountId: "acct_p",
      keyId: null,
      operation: "op.0",
      method: "GET",
      path: "/v1/x",
      params: {},
      status: 200,
      errorCode: null,
      cache: "MISS",
      source: null,
      durationMs: 1,
      jobId: null,
      createdAt: new Date("2026-12-01T00:00:00Z"),
    };
    await writeRequestLogs(prisma, [row]);
    await writeRequestLogs(prisma, [row]);
    const calls = await db.query(
      "SELECT count(*)::int AS n, (SELECT calls FROM request_log_minutes WHERE minute = '2026-12-01 00:00') AS m FROM request_logs WHERE id = 'req_new'",
    );
    expect(calls.rows[0]).toEqual({ n: 1, m: 2 });
    const twice = { ...row, id: "req_twice" };
    await writeRequestLogs(prisma, [twice, { ...twice, createdAt: new Date("2026-12-15T00:00:00Z") }]);
    const kept = await db.query("SELECT created_at FROM request_logs WHERE id = 'req_twice'");
    expect(kept.rows).toEqual([{ created_at: new Date("2026-12-01T00:00:00Z") }]);
  });

  it("applies on a fresh database with the current month, three ahead and a DEFAULT partition", async () => {
    const url = await freshDatabase();
    await applyMigrations(url);
    const db = await connect(url);
    const parts = await partitionsOf(db, "request_logs");
    expect(parts).toHaveLength(5);
    expect(parts).toContain("request_logs_default");
    expect(await partitionsOf(db, "metric_snapshots")).toHaveLength(5);
  });
});

describe("partition maintenance", () => {
  let url: string;
  let db: pg.Client;
  let pool: pg.Pool;
  beforeAll(async () => {
    url = await freshDatabase();
    await applyMigrations(url);
    db = await connect(url);
    pool = new pg.Pool({ connectionString: url, max: 4 });
    clients.push(pool);
  });
  const logs = (retentionDays: number): PartitionedTable[] => [requestLogPartitions(retentionDays)];
  const insertAt = (id: string, at: string) =>
    db.query(
      `INSERT INTO request_logs (id, method, path, status, cache, duration_ms, created_at) VALUES ($1, 'GET', '/x', 200, 'MISS', 1, $2)`,
      [id, at],
    );

  it("puts rows on a month's bounds in the right month, and a row of a month without a partition in DEFAULT", async () => {
    const now = new Date("2031-06-15T12:00:00Z");
    await maintainPartitions(pool, logs(0), { aheadMonths: 1, now });
    await insertAt("req_last", "2031-06-30T23:59:59.999Z");
    await insertAt("req_first", "2031-07-01T00:00:00.000Z");
    await insertAt("req_far", "2031-09-10T08:00:00.000Z");
    expect(await partitionOf(db, "request_logs", "id = 'req_last'")).toEqual(["request_logs_p203106"]);
    expect(await partitionOf(db, "request_logs", "id = 'req_first'")).toEqual(["request_logs_p203107"]);
    expect(await partitionOf(db, "request_logs", "id = 'req_far'")).toEqual(["request_logs_default"]);
  });

  it("creates the months ahead, moving DEFAULT's rows of such a month into it; twice at once is safe", async () => {
    const now = new Date("2031-08-20T00:00:00Z");
    const [a, b] = await Promise.all([
      maintainPartitions(pool, logs(0), { aheadMonths: 2, now }),
      maintainPartitions(pool, logs(0), { aheadMonths: 2, now }),
    ]);
    expect([...(a?.created ?? []), ...(b?.created ?? [])].sort()).toEqual([
      "request_logs_p203108",
      "request_logs_p203109",
      "request_logs_p203110",
    ]);
    expect((a?.moved ?? 0) + (b?.moved ?? 0)).toBe(1);
    expect(await partitionOf(db, "request_logs", "id = 'req_far'")).toEqual(["request_logs_p203109"]);
    const again = await maintainPartitions(pool, logs(0), { aheadMonths: 2, now });
    expect(again).toEqual({ created: [], dropped: [], moved: 0 });
  });

  it("drops the months past retention and nothing else", async () => {
    await db.query(
      `CREATE TABLE "request_logs_manual" PARTITION OF "request_logs" FOR VALUES FROM ('2020-01-01 00:00:00+00') TO ('2020-02-01 00:00:00+00')`,
    );
    await insertAt("req_manual", "2020-01-05T00:00:00Z");
    const before = await partitionsOf(db, "request_logs");
    const snapshots = await partitionsOf(db, "metric_snapshots");
    // Kept 31 days after their end: on 2031-08-20, months ending on or before 2031-07-20 go (June 2031 and older).
    const report = await maintainPartitions(pool, logs(31), {
      aheadMonths: 2,
      now: new Date("2031-08-20T00:00:00Z"),
    });
    const expired = before.filter((p) => /^request_logs_p\d{6}$/.test(p) && p <= "request_logs_p203106");
    expect(report.dropped).toEqual(expired);
    expect(report.created).toEqual([]);
    expect(await partitionsOf(db, "request_logs")).toEqual(before.filter((p) => !expired.includes(p)));
    expect(await partitionsOf(db, "request_logs")).toEqual(
      expect.arrayContaining(["request_logs_default", "request_logs_manual", "request_logs_p203107"]),
    );
    expect(await partitionsOf(db, "metric_snapshots")).toEqual(snapshots);
    const ids = (await db.query("SELECT id FROM request_logs ORDER BY id")).rows.map((r) => r.id);
    expect(ids).toEqual(["req_far", "req_first", "req_manual"]);
    expect(await db.query("SELECT to_regclass('request_logs_p203106') AS t")).toMatchObject({
      rows: [{ t: null }],
    });
  });
});

import { newId } from "@sda/core";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../test/databases.ts";
import type { PrismaClient } from "./client.ts";
import { Ledger } from "./ledger.ts";
import { applyMigrations } from "./migrate.ts";

// Issue 38: migration 20261203090000 partitions ledger_entries, webhook_deliveries (with webhook_attempts) and
// monitor_runs. It runs here on a database filled before it; then the partitioned ledger keeps its money guarantees:
// one entry per request id whatever its month, the fence, sum = balance.

const MIGRATION = "20261203090000_partitioned_ledger_deliveries_runs";
const TABLES = ["ledger_entries", "webhook_deliveries", "webhook_attempts", "monitor_runs"];

let db: TestDatabase;
let sql: pg.Client;
let prisma: PrismaClient;
let ledger: Ledger;

/** Every row of the four tables and the rollup, in a stable order: what the migration must keep. */
async function contents() {
  const read = async (query: string) => (await sql.query(query)).rows;
  return {
    entries: await read("SELECT * FROM ledger_entries ORDER BY id"),
    deliveries: await read("SELECT * FROM webhook_deliveries ORDER BY id"),
    attempts: await read(
      "SELECT delivery_id, attempt, replay, started_at, duration_ms, status_code, error, response_body, next_retry_at FROM webhook_attempts ORDER BY delivery_id, attempt",
    ),
    runs: await read("SELECT * FROM monitor_runs ORDER BY id"),
    minutes: await read("SELECT * FROM request_log_minutes ORDER BY account_id, minute"),
  };
}

const partitionsOf = async (table: string, where = "true") =>
  (
    await sql.query(`SELECT DISTINCT tableoid::regclass::text AS p FROM ${table} WHERE ${where} ORDER BY 1`)
  ).rows.map((r) => r.p);

const ledgerSum = async (accountId: string) =>
  (
    await sql.query(
      "SELECT (SELECT balance FROM accounts WHERE id = $1) AS balance, (SELECT sum(amount)::int FROM ledger_entries WHERE account_id = $1) AS sum",
      [accountId],
    )
  ).rows[0];

let before: Awaited<ReturnType<typeof contents>>;

beforeAll(async () => {
  db = await createTestDatabase("ledger_parts", { before: MIGRATION, poolSize: 8 });
  sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
  // One account: a grant, 150 charges of 2 credits every 12 hours from 2026-10-01 (three months; led_63 on November's
  // first instant) and a fence marker; a monitor with 60 runs; 40 deliveries with 2 attempts each.
  await sql.query(`INSERT INTO accounts (id, name, balance) VALUES ('acct_m', 'm', 1000 - 2 * 150)`);
  await sql.query(`INSERT INTO ledger_entries (id, account_id, kind, amount, balance_after, note, created_at)
    VALUES ('led_grant', 'acct_m', 'grant', 1000, 1000, 'sign-up grant', '2026-09-30 12:00')`);
  await sql.query(`INSERT INTO ledger_entries (id, account_id, kind, amount, balance_after, request_id, operation, channel, called_at, created_at)
    SELECT 'led_' || g, 'acct_m', 'charge', -2, 1000 - 2 * g, 'req_' || g, 'op', 'rest',
           timestamp '2026-10-01 00:00' + (g - 1) * interval '12 hours' - interval '1 second',
           timestamp '2026-10-01 00:00' + (g - 1) * interval '12 hours'
      FROM generate_series(1, 150) g`);
  await sql.query(`INSERT INTO ledger_entries (id, account_id, kind, amount, balance_after, request_id, operation, note, created_at)
    VALUES ('led_fence', 'acct_m', 'adjustment', 0, 700, 'req_fenced', 'op', 'void: answered not billed', '2026-11-15 00:00')`);
  await sql.query(`INSERT INTO monitors (id, account_id, key_id, queue_prefix, kind, operation, path, params, every_seconds)
    VALUES ('mon_m', 'acct_m', 'key_m', 't', 'items', 'op', '/v1/x', '{}', 900)`);
  await sql.query(`INSERT INTO monitor_runs (id, monitor_id, job_key, request_id, trigger, status, started_at, credits)
    SELECT 'run_' || g, 'mon_m', 'repeat:mon_m:' || g, 'req_run_' || g, 'schedule', 'succeeded',
           timestamp '2026-10-01 00:00' + (g - 1) * interval '36 hours', 1
      FROM generate_series(1, 60) g`);
  await sql.query(`INSERT INTO webhook_deliveries (id, account_id, owner_kind, owner_id, url, secret, message_id, event_type, body, status, attempt_count, created_at)
    SELECT 'whd_' || g, 'acct_m', 'monitor', 'mon_m', 'https://example.test/h', 'whsec_x', 'msg_' || g, 'monitor.items',
           '{"n":' || g || '}', 'succeeded', 2, timestamp '2026-10-01 00:00' + (g - 1) * interval '2 days'
      FROM generate_series(1, 40) g`);
  await sql.query(`INSERT INTO webhook_attempts (delivery_id, attempt, started_at, duration_ms, status_code)
    SELECT 'whd_' || g, a, timestamp '2026-10-01 00:00' + (g - 1) * interval '2 days' + a * interval '40 days', 5, 200
      FROM generate_series(1, 40) g, generate_series(1, 2) a`);
  before = await contents();
  expect(before.entries).toHaveLength(152);
  expect(before.minutes.length).toBeGreaterThan(0);

  await applyMigrations(db.url);
  ({ prisma } = db);
  ledger = new Ledger(prisma);
});

afterAll(async () => {
  await sql?.end();
  await db?.drop();
});

describe("partitioning migration of the ledger, deliveries and runs", () => {
  it("keeps every row of the four tables, each in its month, and the minute rollup", async () => {
    const kinds = await sql.query(
      "SELECT relname, relkind FROM pg_class WHERE relname = ANY($1) ORDER BY relname",
      [TABLES],
    );
    expect(kinds.rows).toEqual([...TABLES].sort().map((relname) => ({ relname, relkind: "p" })));
    const after = await contents();
    expect(after).toEqual(before);
    expect(await partitionsOf("ledger_entries")).toEqual([
      "ledger_entries_p202609",
      "ledger_entries_p202610",
      "ledger_entries_p202611",
      "ledger_entries_p202612",
    ]);
    expect(await partitionsOf("ledger_entries", "id = 'led_62'")).toEqual(["ledger_entries_p202610"]);
    expect(await partitionsOf("ledger_entries", "id = 'led_63'")).toEqual(["ledger_entries_p202611"]);
    expect(await partitionsOf("monitor_runs", "id = 'run_1'")).toEqual(["monitor_runs_p202610"]);
    // An attempt lives in its delivery's month, however late it ran (here 40 and 80 days after).
    const attempts = await sql.query(
      "SELECT DISTINCT d.tableoid::regclass::text = replace(a.tableoid::regclass::text, 'attempts', 'deliveries') AS same FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id AND d.created_at = a.delivery_created_at",
    );
    expect(attempts.rows).toEqual([{ same: true }]);
    expect((await sql.query("SELECT count(*)::int AS n FROM webhook_attempts")).rows[0].n).toBe(80);
    for (const table of TABLES) expect(await partitionsOf(table)).not.toContain(`${table}_default`);
  });

  it("takes every request id of the old entries, so none can be charged again", async () => {
    const taken = await sql.query(
      "SELECT count(*)::int AS n, count(DISTINCT request_id)::int AS d FROM ledger_request_ids",
    );
    expect(taken.rows[0]).toEqual({ n: 151, d: 151 });
    const again = await ledger.settle({
      accountId: "acct_m",
      requestId: "req_7",
      credits: 2,
      operation: "op",
    });
    expect(again).toMatchObject({ duplicate: true, entry: { id: "led_7" } });
    const fenced = await ledger.settle({
      accountId: "acct_m",
      requestId: "req_fenced",
      credits: 2,
      operation: "op",
    });
    expect(fenced).toMatchObject({ duplicate: true, entry: { id: "led_fence", amount: 0 } });
    expect(await ledgerSum("acct_m")).toEqual({ balance: 700, sum: 700 });
  });

  it("refuses a second entry of a request id in another month, and a request id moved to another entry", async () => {
    const second =
      sql.query(`INSERT INTO ledger_entries (id, account_id, kind, amount, balance_after, request_id, created_at)
      VALUES ('led_dup', 'acct_m', 'charge', -2, 698, 'req_1', '2027-01-02 00:00')`);
    await expect(second).rejects.toMatchObject({ code: "23505", constraint: "ledger_request_ids_pkey" });
    const moved = sql.query("UPDATE ledger_entries SET request_id = 'req_other' WHERE id = 'led_3'");
    await expect(moved).rejects.toMatchObject({ code: "23001" });
    expect(await ledgerSum("acct_m")).toEqual({ balance: 700, sum: 700 });
  });

  it("20 concurrent settles of one new request id: exactly one charge, sum = balance", async () => {
    const requestId = newId("req");
    const settles = await Promise.all(
      Array.from({ length: 20 }, () =>
        ledger.settle({ accountId: "acct_m", requestId, credits: 3, operation: "op" }),
      ),
    );
    expect(settles.filter((s) => !s.duplicate)).toHaveLength(1);
    expect(new Set(settles.map((s) => s.entry?.id)).size).toBe(1);
    expect(await ledgerSum("acct_m")).toEqual({ balance: 697, sum: 697 });
    expect(await ledger.chargesFor(requestId)).toHaveLength(1);
  });

  it("fences a new call (a later settle charges nothing) and answers a charged one with its charge", async () => {
    const requestId = newId("req");
    expect(await ledger.fence({ requestId, accountId: "acct_m", operation: "op" })).toEqual({ fenced: true });
    const late = await ledger.settle({ accountId: "acct_m", requestId, credits: 5, operation: "op" });
    expect(late).toMatchObject({ duplicate: true, entry: { amount: 0 } });
    expect(await ledger.fence({ requestId: "req_9", accountId: "acct_m", operation: "op" })).toMatchObject({
      fenced: false,
      entry: { id: "led_9" },
    });
    expect(await ledgerSum("acct_m")).toEqual({ balance: 697, sum: 697 });
  });

  it("keeps the attempts' foreign key: one of no delivery is refused, a deleted delivery takes its attempts", async () => {
    const orphan =
      sql.query(`INSERT INTO webhook_attempts (delivery_id, delivery_created_at, attempt, started_at, duration_ms)
      VALUES ('whd_1', '2026-10-01 00:00:01', 3, now(), 1)`);
    await expect(orphan).rejects.toMatchObject({ code: "23503" });
    await sql.query("DELETE FROM webhook_deliveries WHERE id = 'whd_2'");
    expect(
      (await sql.query("SELECT count(*)::int AS n FROM webhook_attempts WHERE delivery_id = 'whd_2'")).rows,
    ).toEqual([{ n: 0 }]);
  });
});

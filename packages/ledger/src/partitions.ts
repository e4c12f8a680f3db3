import { type Logger, type PeriodicTask, startPeriodicTask } from "@sda/core";
import type pg from "pg";
import { sqlPool } from "./client.ts";
import type { PrismaClient } from "./generated/prisma/client.ts";

/** A table partitioned by RANGE on one time column, one partition per UTC month `<table>_pYYYYMM` and DEFAULT. */
export interface PartitionKey {
  /** The partitioned (parent) table, e.g. `request_logs`. */
  table: string;
  /** The partition key column. */
  column: string;
  /** `timestamptz` for a column with a time zone, `timestamp` for UTC wall time without one (Prisma's DateTime). */
  columnType: "timestamptz" | "timestamp";
}

/**
 * A table partitioned by RANGE on one time column, one partition per UTC month named `<table>_pYYYYMM`, plus the
 * DEFAULT partition `<table>_default` (migrations 20261202130000_partitioned_tables,
 * 20261203090000_partitioned_ledger_deliveries_runs). Each table's owner package declares its own
 * (`requestLogPartitions`, `ledgerEntryPartitions` here; packages/history, webhooks and monitors theirs); this file
 * only runs the DDL that creates and drops their months, and the statements their owners hand it.
 */
export interface PartitionedTable extends PartitionKey {
  /**
   * Days a month is kept after its END: a month partition is detached and dropped once its last instant is more than
   * this many days old. 0 keeps every month.
   */
  retentionDays: number;
  /**
   * Partitioned tables whose rows reference this one's through a foreign key holding its partition key, partitioned
   * by that column (so by the same months; `webhook_attempts` of `webhook_deliveries`). They are maintained in this
   * table's transaction: their months are created with its months, their rows leave DEFAULT before its rows do (a
   * row deleted from the referenced DEFAULT would cascade to them), and their expired months are dropped before its
   * own (PostgreSQL refuses to detach a month whose rows are still referenced).
   */
  referencedBy?: readonly PartitionKey[];
  /**
   * What must outlive an expired month (History's rollup): `statement(partition)` runs on the month's partition (a
   * quoted identifier) in the transaction that drops it, after `into`'s partition of the same month was created.
   */
  rollup?: { into: PartitionKey; statement: (partition: string) => string };
}

/** What one {@link maintainPartitions} run did. */
export interface PartitionReport {
  /** Partitions created (`<table>_pYYYYMM`). */
  created: string[];
  /** Partitions detached and dropped. */
  dropped: string[];
  /** Rows moved out of DEFAULT partitions into a month created for them. */
  moved: number;
}

/** Advisory lock id of the maintenance: one process at a time per database (others wait, then find nothing to do). */
const PARTITION_LOCK = 38_000_038;

/** `request_logs`, by `created_at` (the call's time); `retentionDays` from `REQUEST_LOG_RETENTION_DAYS`. */
export function requestLogPartitions(retentionDays: number): PartitionedTable {
  return { table: "request_logs", column: "created_at", columnType: "timestamptz", retentionDays };
}

/**
 * `ledger_entries`, by `created_at`: months are created ahead and never dropped (the ledger is kept for ever; its sum
 * is every balance).
 */
export function ledgerEntryPartitions(): PartitionedTable {
  return { table: "ledger_entries", column: "created_at", columnType: "timestamp", retentionDays: 0 };
}

/** Start of the UTC month of `date`, shifted by `months`. */
export function monthStart(date: Date, months = 0): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
}

/** `request_logs_p202612` for December 2026. */
function partitionName(table: string, month: Date): string {
  return `${table}_p${month.getUTCFullYear()}${String(month.getUTCMonth() + 1).padStart(2, "0")}`;
}

/** A bound literal for the table's column type: UTC, with `+00` for `timestamptz`. */
function bound(spec: PartitionKey, at: Date): string {
  const text = at.toISOString().replace("T", " ").replace("Z", "");
  return spec.columnType === "timestamptz" ? `${text}+00` : text;
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Creates the months from the current one to `aheadMonths` ahead (rows of such a month already in the DEFAULT
 * partition are moved into it, in the same transaction), then detaches and drops the month partitions past each
 * table's retention, after the table's rollup kept what must outlive them. Only partitions named `<table>_pYYYYMM`
 * are ever dropped; the DEFAULT partition never is. Idempotent and safe from several processes at once: each table
 * (with the tables referencing it) is done in one transaction under an advisory lock, and every step checks what
 * exists first.
 * @param now the clock (tests pass one).
 * @throws the driver's error when a statement fails (that table's transaction is rolled back; nothing half-done).
 */
export async function maintainPartitions(
  pool: pg.Pool,
  tables: readonly PartitionedTable[],
  options: { aheadMonths: number; now?: Date },
): Promise<PartitionReport> {
  const now = options.now ?? new Date();
  const report: PartitionReport = { created: [], dropped: [], moved: 0 };
  for (const spec of tables) {
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      await client.query("SELECT pg_advisory_xact_lock($1)", [PARTITION_LOCK]);
      for (let m = 0; m <= options.aheadMonths; m++)
        await createMonth(client, [...(spec.referencedBy ?? []), spec], monthStart(now, m), report);
      if (spec.retentionDays > 0) await dropExpired(client, spec, now, report);
      await client.query("COMMIT");
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
  return report;
}

const exists = async (client: pg.PoolClient, partition: string) =>
  Boolean(
    (await client.query("SELECT 1 FROM pg_class WHERE relname = $1 AND relispartition", [partition]))
      .rowCount,
  );

/** The month's bounds as a partition's `FOR VALUES` and as a condition on the key column. */
function monthRange(key: PartitionKey, month: Date) {
  const [from, to] = [bound(key, month), bound(key, monthStart(month, 1))];
  return {
    range: `FOR VALUES FROM ('${from}') TO ('${to}')`,
    inRange: `${ident(key.column)} >= '${from}' AND ${ident(key.column)} < '${to}'`,
  };
}

/**
 * Creates `month`'s partition of every table of `group`, referencing tables first and the referenced one last. A
 * month whose rows wait in DEFAULT cannot get a partition while they are there (its constraint would be violated):
 * they move into a plain table that is attached afterwards, the referenced table's first (the referencing rows'
 * foreign key is checked when theirs is attached). Statements on partitions fire none of the parent's statement
 * triggers, so rollups kept by them (request_log_minutes) do not change: the rows are the same rows.
 */
async function createMonth(
  client: pg.PoolClient,
  group: readonly PartitionKey[],
  month: Date,
  report: PartitionReport,
): Promise<void> {
  const staged: { key: PartitionKey; name: string; range: string }[] = [];
  for (const key of group) {
    const name = partitionName(key.table, month);
    if (await exists(client, name)) continue;
    const { range, inRange } = monthRange(key, month);
    const defaultTable = ident(`${key.table}_default`);
    const waiting = await client.query(`SELECT 1 FROM ${defaultTable} WHERE ${inRange} LIMIT 1`);
    if (!waiting.rowCount) {
      await client.query(
        `CREATE TABLE IF NOT EXISTS ${ident(name)} PARTITION OF ${ident(key.table)} ${range}`,
      );
      report.created.push(name);
      continue;
    }
    await client.query(
      `CREATE TABLE ${ident(name)} (LIKE ${ident(key.table)} INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`,
    );
    const moved = await client.query(
      `WITH moved AS (DELETE FROM ${defaultTable} WHERE ${inRange} RETURNING *) INSERT INTO ${ident(name)} SELECT * FROM moved`,
    );
    report.moved += moved.rowCount ?? 0;
    staged.push({ key, name, range });
  }
  for (const { key, name, range } of staged.reverse()) {
    await client.query(`ALTER TABLE ${ident(key.table)} ATTACH PARTITION ${ident(name)} ${range}`);
    report.created.push(name);
  }
}

async function detachAndDrop(client: pg.PoolClient, table: string, name: string, report: PartitionReport) {
  await client.query(`ALTER TABLE ${ident(table)} DETACH PARTITION ${ident(name)}`);
  await client.query(`DROP TABLE ${ident(name)}`);
  report.dropped.push(name);
}

async function dropExpired(
  client: pg.PoolClient,
  spec: PartitionedTable,
  now: Date,
  report: PartitionReport,
): Promise<void> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = $1::regclass ORDER BY 1`,
    [spec.table],
  );
  const pattern = new RegExp(`^${spec.table}_p(\\d{4})(\\d{2})$`);
  const cutoff = now.getTime() - spec.retentionDays * 86_400_000;
  for (const { name } of rows) {
    const match = pattern.exec(name);
    if (!match) continue;
    const month = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
    if (monthStart(month, 1).getTime() > cutoff) continue;
    if (spec.rollup) {
      await createMonth(client, [spec.rollup.into], month, report);
      await client.query(spec.rollup.statement(ident(name)));
    }
    for (const key of spec.referencedBy ?? []) {
      const referencing = partitionName(key.table, month);
      if (await exists(client, referencing)) await detachAndDrop(client, key.table, referencing, report);
      // Referencing rows of the month left in DEFAULT (its month was missing when they came) would keep the
      // referenced month from being detached: they go with it.
      await client.query(
        `DELETE FROM ${ident(`${key.table}_default`)} WHERE ${monthRange(key, month).inRange}`,
      );
    }
    await detachAndDrop(client, spec.table, name, report);
  }
}

/**
 * Runs {@link maintainPartitions} at start and every `intervalMs` in this process (the worker): months are created
 * `aheadMonths` ahead and expired ones dropped. Every worker runs one; the advisory lock makes them take turns.
 * Logs what a run created or dropped, and a failed run (the next one tries again).
 */
export function startPartitionMaintenance(
  prisma: PrismaClient,
  tables: readonly PartitionedTable[],
  options: { intervalMs: number; aheadMonths: number },
  log: Logger,
): PeriodicTask<PartitionReport> {
  const pool = sqlPool(prisma);
  const report = {
    result: (r: PartitionReport) => {
      if (r.created.length || r.dropped.length) log.info(r, "partitions maintained");
    },
    error: (error: unknown) => log.warn({ err: error }, "partition maintenance failed"),
  };
  const task = startPeriodicTask(
    options.intervalMs,
    () => maintainPartitions(pool, tables, { aheadMonths: options.aheadMonths }),
    report,
  );
  task.runOnce().then(report.result, report.error);
  return task;
}

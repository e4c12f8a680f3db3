import { type Logger, type PeriodicTask, startPeriodicTask } from "@sda/core";
import type pg from "pg";
import { sqlPool } from "./client.ts";
import type { PrismaClient } from "./generated/prisma/client.ts";

/**
 * A table partitioned by RANGE on one time column, one partition per UTC month named `<table>_pYYYYMM`, plus the
 * DEFAULT partition `<table>_default` (migration 20261202130000_partitioned_tables). Each table's owner package
 * declares its own (`requestLogPartitions` here, `metricSnapshotPartitions` in packages/history); this file only runs
 * the DDL that creates and drops their months.
 */
export interface PartitionedTable {
  /** The partitioned (parent) table, e.g. `request_logs`. */
  table: string;
  /** The partition key column. */
  column: string;
  /** `timestamptz` for a column with a time zone, `timestamp` for UTC wall time without one (Prisma's DateTime). */
  columnType: "timestamptz" | "timestamp";
  /**
   * Days a month is kept after its END: a month partition is detached and dropped once its last instant is more than
   * this many days old. 0 keeps every month.
   */
  retentionDays: number;
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

/** Start of the UTC month of `date`, shifted by `months`. */
export function monthStart(date: Date, months = 0): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
}

/** `request_logs_p202612` for December 2026. */
function partitionName(table: string, month: Date): string {
  return `${table}_p${month.getUTCFullYear()}${String(month.getUTCMonth() + 1).padStart(2, "0")}`;
}

/** A bound literal for the table's column type: UTC, with `+00` for `timestamptz`. */
function bound(spec: PartitionedTable, at: Date): string {
  const text = at.toISOString().replace("T", " ").replace("Z", "");
  return spec.columnType === "timestamptz" ? `${text}+00` : text;
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Creates the months from the current one to `aheadMonths` ahead (rows of such a month already in the DEFAULT
 * partition are moved into it, in the same transaction), then detaches and drops the month partitions past each
 * table's retention. Only partitions named `<table>_pYYYYMM` are ever dropped; the DEFAULT partition never is.
 * Idempotent and safe from several processes at once: each table is done in one transaction under an advisory lock,
 * and every step checks what exists first.
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
        await createMonth(client, spec, monthStart(now, m), report);
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

async function createMonth(
  client: pg.PoolClient,
  spec: PartitionedTable,
  month: Date,
  report: PartitionReport,
): Promise<void> {
  const name = partitionName(spec.table, month);
  const exists = await client.query("SELECT 1 FROM pg_class WHERE relname = $1 AND relispartition", [name]);
  if (exists.rowCount) return;
  const [from, to] = [bound(spec, month), bound(spec, monthStart(month, 1))];
  const range = `FOR VALUES FROM ('${from}') TO ('${to}')`;
  const inRange = `${ident(spec.column)} >= '${from}' AND ${ident(spec.column)} < '${to}'`;
  const defaultTable = ident(`${spec.table}_default`);
  const waiting = await client.query(`SELECT 1 FROM ${defaultTable} WHERE ${inRange} LIMIT 1`);
  if (!waiting.rowCount) {
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${ident(name)} PARTITION OF ${ident(spec.table)} ${range}`,
    );
  } else {
    // The month's rows wait in DEFAULT: a new partition for them would violate its constraint. They move into a
    // plain table that is then attached. Statements on partitions fire none of the parent's statement triggers, so
    // rollups kept by them (request_log_minutes) do not change: the rows are the same rows.
    await client.query(
      `CREATE TABLE ${ident(name)} (LIKE ${ident(spec.table)} INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`,
    );
    const moved = await client.query(
      `WITH moved AS (DELETE FROM ${defaultTable} WHERE ${inRange} RETURNING *) INSERT INTO ${ident(name)} SELECT * FROM moved`,
    );
    report.moved += moved.rowCount ?? 0;
    await client.query(`ALTER TABLE ${ident(spec.table)} ATTACH PARTITION ${ident(name)} ${range}`);
  }
  report.created.push(name);
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
    const end = Date.UTC(Number(match[1]), Number(match[2]), 1);
    if (end > cutoff) continue;
    await client.query(`ALTER TABLE ${ident(spec.table)} DETACH PARTITION ${ident(name)}`);
    await client.query(`DROP TABLE ${ident(name)}`);
    report.dropped.push(name);
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

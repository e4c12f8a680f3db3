import { isStoreUnreachable, type Logger, storableJson, storableText } from "@sda/core";
import type pg from "pg";
import { sqlPool } from "./client.ts";
import type { PrismaClient } from "./generated/prisma/client.ts";
import type { RequestLogInput } from "./request-log-input.ts";

export interface RequestLogWriterOptions {
  /** Longest time a row waits in the buffer before its batch is written, in ms. */
  flushMs: number;
  /** Rows written by one multi-row INSERT; a full batch is written at once. */
  batchSize: number;
  /** Rows held at most (while PostgreSQL is slow or unreachable); newer rows past it are dropped and counted. */
  maxBuffer: number;
  log: Logger;
}

/** An update of a logged call answered 202 that finished later (`GET /v1/jobs/{id}`). */
export interface RequestLogCompletion {
  status: number;
  errorCode: string | null;
  credits: number;
  source: string | null;
}

/**
 * What a usage read adds for the rows a gateway still buffers ({@link RequestLogWriter.pendingUsage}): calls only, as
 * a buffered row that carries credits was written by its settle already and is counted from the table.
 */
export interface PendingUsage {
  /** Buffered calls no one else writes (not in PostgreSQL before this writer's next batch). */
  calls: number;
  /**
   * Buffered calls answered 202, whose worker may have written their rows at its settle since (ids and call times,
   * ISO 8601): counted when absent from the table.
   */
  unsure: { ids: string[]; createdAt: string[] };
  /** The writer's count of batches begun, for {@link RequestLogWriter.unchangedSince}. */
  mark: number;
}

/** Attempts of one batch before it is written row by row (isolating a row PostgreSQL refuses). */
const BATCH_ATTEMPTS = 3;

/**
 * The request log, written off the request's critical path: rows are buffered in memory and written by multi-row
 * INSERTs ({@link insertRequestLogs}: one prepared statement whatever the batch size, `ON CONFLICT` keeping the written
 * outcome, so a retried batch never fails on rows already written) every `flushMs` or every `batchSize` rows. Text is made storable first ({@link storableJson}). While PostgreSQL is unreachable rows
 * stay buffered up to `maxBuffer`, then are dropped and counted in `stats.dropped`. {@link close} writes everything
 * still buffered (graceful shutdown loses nothing).
 */
export class RequestLogWriter {
  readonly #prisma: PrismaClient;
  readonly #pool: pg.Pool;
  readonly #options: RequestLogWriterOptions;
  #buffer: StorableRow[] = [];
  #timer: NodeJS.Timeout | null = null;
  #flushing: Promise<void> | null = null;
  /** Flushes begun so far ({@link unchangedSince}). */
  #batchesBegun = 0;
  #failures = 0;
  #closed = false;
  /** Rows written, dropped (buffer full or refused by PostgreSQL), and batches that failed (for metrics and tests). */
  readonly stats = { written: 0, dropped: 0, failedBatches: 0 };

  constructor(prisma: PrismaClient, options: RequestLogWriterOptions) {
    this.#prisma = prisma;
    this.#pool = sqlPool(prisma);
    this.#options = options;
  }

  /** Rows waiting to be written. */
  get pending(): number {
    return this.#buffer.length;
  }

  /** Buffers one row; never throws, never waits. */
  add(row: RequestLogInput): void {
    if (this.#buffer.length >= this.#options.maxBuffer) {
      this.stats.dropped++;
      if (this.stats.dropped % 1000 === 1)
        this.#options.log.error({ dropped: this.stats.dropped }, "request log buffer full; rows dropped");
      return;
    }
    this.#buffer.push(toRow(row));
    if (this.#buffer.length >= this.#options.batchSize) void this.flush();
    else this.#schedule();
  }

  /**
   * Records the final outcome of a call answered 202: patched in the buffer when its row is not written yet, else
   * updated in PostgreSQL. Never throws.
   */
  async complete(id: string, update: RequestLogCompletion): Promise<void> {
    const patch = { ...update, source: update.source === null ? null : storableText(update.source) };
    const buffered = this.#buffer.find((row) => row.id === id);
    if (buffered) Object.assign(buffered, patch);
    // The row may be in a batch being written right now: let that finish, then update the written row.
    await this.#flushing;
    if (this.#buffer.some((row) => row.id === id)) return;
    try {
      await this.#prisma.requestLog.updateMany({ where: { id }, data: patch });
    } catch (error) {
      this.#options.log.warn({ err: error, requestId: id }, "request log completion failed");
    }
  }

  /** Writes everything buffered now (one batch after another). Never throws. */
  async flush(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    while (this.#flushing) await this.#flushing;
    if (this.#buffer.length === 0) return;
    this.#batchesBegun++;
    this.#flushing = this.#writeAll().finally(() => {
      this.#flushing = null;
    });
    await this.#flushing;
  }

  /**
   * What a usage read of `accountId` since `since` must add for the rows this writer still buffers, taken when no batch
   * is being written (it waits for one that is). A row with credits was written by its call's settle already (a billed
   * call's row is written in the settle's transaction; the buffered copy only adds duration and query), so it is
   * left out; a row answered 202 without credits may have been settled by its worker since, so it goes to `unsure`
   * (the read counts those absent from `request_logs`); every other row only this writer writes, so it is counted
   * here. The read is exact when {@link unchangedSince}(`mark`) holds after it: no batch began writing meanwhile.
   */
  async pendingUsage(accountId: string, since: Date): Promise<PendingUsage> {
    while (this.#flushing) await this.#flushing;
    const from = since.toISOString();
    const usage: PendingUsage = { calls: 0, unsure: { ids: [], createdAt: [] }, mark: this.#batchesBegun };
    for (const row of this.#buffer) {
      if (row.accountId !== accountId || row.credits > 0 || row.createdAt < from) continue;
      if (row.status === 202) {
        usage.unsure.ids.push(row.id);
        usage.unsure.createdAt.push(row.createdAt);
      } else usage.calls++;
    }
    return usage;
  }

  /** True when no batch began writing since {@link pendingUsage} returned `mark` (nothing buffered then is written). */
  unchangedSince(mark: number): boolean {
    return this.#flushing === null && this.#batchesBegun === mark;
  }

  /**
   * Read your own writes: writes the buffer now when it holds a row of `accountId` (or a batch of them is being
   * written), so a usage read that follows sees the account's calls answered by this process. Never throws.
   */
  async flushAccount(accountId: string): Promise<void> {
    if (this.#flushing) await this.#flushing;
    if (this.#buffer.some((row) => row.accountId === accountId)) await this.flush();
  }

  /** Flushes and stops the timer; later rows are still accepted and written by the next {@link flush}. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.flush();
    // A failed final write is retried a few times before giving up (PostgreSQL restarting during a deploy).
    for (let attempt = 0; attempt < BATCH_ATTEMPTS && this.#buffer.length > 0; attempt++) {
      await new Promise((r) => setTimeout(r, 200 * (attempt + 1)));
      await this.flush();
    }
    if (this.#buffer.length > 0)
      this.#options.log.error(
        { lost: this.#buffer.length },
        "request log rows could not be written at shutdown",
      );
  }

  #schedule(): void {
    if (this.#timer || this.#closed) return;
    const delay =
      this.#failures > 0
        ? Math.min(5000, this.#options.flushMs * 2 ** this.#failures)
        : this.#options.flushMs;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.flush();
    }, delay);
    this.#timer.unref();
  }

  async #writeAll(): Promise<void> {
    while (this.#buffer.length > 0) {
      const batch = this.#buffer.slice(0, this.#options.batchSize);
      try {
        await insertRequestLogs(this.#pool, batch);
        this.#buffer.splice(0, batch.length);
        this.stats.written += batch.length;
        this.#failures = 0;
      } catch (error) {
        this.stats.failedBatches++;
        this.#failures++;
        this.#options.log.warn({ err: error, rows: batch.length }, "request log batch failed; will retry");
        if (this.#failures >= BATCH_ATTEMPTS && !isStoreUnreachable(error)) await this.#writeOneByOne(batch);
        this.#schedule();
        return;
      }
    }
  }

  /** A batch PostgreSQL keeps refusing: write its rows one by one and drop only the ones it refuses. */
  async #writeOneByOne(batch: StorableRow[]): Promise<void> {
    for (const row of batch) {
      try {
        await insertRequestLogs(this.#pool, [row]);
        this.stats.written++;
      } catch (error) {
        if (isStoreUnreachable(error)) return;
        this.stats.dropped++;
        this.#options.log.error({ err: error, requestId: row.id }, "request log row refused; dropped");
      }
      const at = this.#buffer.indexOf(row);
      if (at >= 0) this.#buffer.splice(at, 1);
    }
    this.#failures = 0;
  }
}

/**
 * A buffered row: every column present (absent batch and monitor ids as null, channel `rest` by default), `params`
 * as storable JSON text, `createdAt` the call's time as an ISO string (the time of {@link RequestLogWriter.add} when
 * the row has none).
 */
type StorableRow = Omit<Required<RequestLogInput>, "params" | "createdAt"> & {
  params: string;
  createdAt: string;
};

function toRow(row: RequestLogInput): StorableRow {
  return {
    ...row,
    createdAt: (row.createdAt ?? new Date()).toISOString(),
    method: storableText(row.method),
    path: storableText(row.path),
    source: row.source === null ? null : storableText(row.source),
    params: JSON.stringify(storableJson(row.params)),
    batchId: row.batchId ?? null,
    monitorId: row.monitorId ?? null,
    channel: row.channel ?? "rest",
  };
}

/** The columns of {@link insertRequestLogs}: row field, SQL column, SQL element type of its array parameter. */
const COLUMNS: readonly [keyof StorableRow, string, string][] = [
  ["id", "id", "text"],
  ["accountId", "account_id", "text"],
  ["keyId", "key_id", "text"],
  ["operation", "operation", "text"],
  ["method", "method", "text"],
  ["path", "path", "text"],
  ["params", "params", "jsonb"],
  ["status", "status", "int"],
  ["errorCode", "error_code", "text"],
  ["credits", "credits", "int"],
  ["cache", "cache", "text"],
  ["source", "source", "text"],
  ["durationMs", "duration_ms", "int"],
  ["jobId", "job_id", "text"],
  ["batchId", "batch_id", "text"],
  ["monitorId", "monitor_id", "text"],
  ["createdAt", "created_at", "timestamptz"],
  ["channel", "channel", "text"],
];

/**
 * One column per array parameter, unnested into rows; `created_at` is each row's call time. A row already written by
 * the settle of its call (a billed call's row is written in the settle's transaction, `credits.ts`) keeps its
 * outcome, credits and time; the gateway's row only adds what the gateway alone knows (the duration, the raw query,
 * the channel).
 */
const INSERT: pg.QueryConfig = {
  name: "sda_request_logs_insert",
  text: `INSERT INTO "request_logs" (${COLUMNS.map(([, column]) => `"${column}"`).join(", ")})
    SELECT u.*
      FROM unnest(${COLUMNS.map(([, , type], i) => `$${i + 1}::${type}[]`).join(", ")}) AS u
    ON CONFLICT ("id") DO UPDATE SET "duration_ms" = EXCLUDED."duration_ms", "params" = EXCLUDED."params",
      "path" = EXCLUDED."path", "channel" = EXCLUDED."channel",
      "batch_id" = COALESCE("request_logs"."batch_id", EXCLUDED."batch_id"),
      "monitor_id" = COALESCE("request_logs"."monitor_id", EXCLUDED."monitor_id")
      WHERE ("request_logs"."duration_ms", "request_logs"."params", "request_logs"."path", "request_logs"."channel")
            IS DISTINCT FROM (EXCLUDED."duration_ms", EXCLUDED."params", EXCLUDED."path", EXCLUDED."channel")`,
};

/**
 * Writes request-log rows now, in one statement (rows already written keep their outcome: a billed call's row written
 * at its settle gets the duration, path and query). For rows written once their call ended (batch items, monitor runs).
 */
export async function writeRequestLogs(
  prisma: PrismaClient,
  rows: readonly RequestLogInput[],
): Promise<void> {
  await insertRequestLogs(sqlPool(prisma), rows.map(toRow));
}

/**
 * Writes rows to `request_logs` in ONE statement with one array parameter per column (`unnest`): the statement text
 * is the same for every batch size, so it is prepared once per connection, and the rows cost about 8 µs of CPU each
 * against ≈ 340 µs each through Prisma's `createMany` (its query compiler works per row). Rows whose id is already
 * logged keep their outcome (a retried batch, a billed call's row written at its settle).
 */
function insertRequestLogs(pool: pg.Pool, rows: readonly StorableRow[]): Promise<unknown> {
  const values: unknown[] = COLUMNS.map(([field]) => rows.map((row) => row[field]));
  return pool.query({ ...INSERT, values });
}

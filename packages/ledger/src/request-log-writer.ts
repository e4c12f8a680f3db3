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

/** Attempts of one batch before it is written row by row (isolating a row PostgreSQL refuses). */
const BATCH_ATTEMPTS = 3;

/**
 * The request log, written off the request's critical path: rows are buffered in memory and written by multi-row
 * INSERTs ({@link insertRequestLogs}: one prepared statement whatever the batch size, `ON CONFLICT DO NOTHING`, so a
 * retried batch never fails on rows already written) every `flushMs` or every `batchSize` rows. Each row has this
 * one writer and is never updated: the ids it is given must be this process's own, one per call it answered (an HTTP
 * request, an MCP tool call; `own` ids: no id lock, no lookup in the other partitions); a row another process may
 * write too (a batch item, a monitor run) goes through {@link writeRequestLogs}. Text is made storable first
 * ({@link storableJson}). While PostgreSQL is unreachable rows stay buffered up to `maxBuffer`, then are dropped and
 * counted in `stats.dropped`. {@link close} writes everything still buffered (graceful shutdown loses nothing).
 *
 * Read your own writes ({@link readWithPending}): a usage read adds the calls still buffered here to what its
 * statement counts in PostgreSQL. A small writer-preferring gate makes that exact: a batch does not begin writing
 * while such a read runs (between taking its count and its statement's end), and a read does not start while a batch
 * waits or writes; so a buffered row is counted either from the buffer or from the table, never both, never neither.
 */
export class RequestLogWriter {
  readonly #pool: pg.Pool;
  readonly #options: RequestLogWriterOptions;
  #buffer: StorableRow[] = [];
  #timer: NodeJS.Timeout | null = null;
  #flushing: Promise<void> | null = null;
  /** Usage reads running ({@link readWithPending}); a batch waits for them to end. */
  #readers = 0;
  /** Wakes the batch that waits for the running reads to end. */
  #readersDone: (() => void) | null = null;
  #failures = 0;
  #closed = false;
  /** Rows written, dropped (buffer full or refused by PostgreSQL), and batches that failed (for metrics and tests). */
  readonly stats = { written: 0, dropped: 0, failedBatches: 0 };

  constructor(prisma: PrismaClient, options: RequestLogWriterOptions) {
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

  /** Writes everything buffered now (one batch after another). Never throws. */
  async flush(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    while (this.#flushing) await this.#flushing;
    if (this.#buffer.length === 0) return;
    // Set before the wait: reads that come now wait for this batch (the gate prefers the writer).
    this.#flushing = this.#readsEnded()
      .then(() => this.#writeAll())
      .finally(() => {
        this.#flushing = null;
      });
    await this.#flushing;
  }

  /** Resolves when no usage read runs ({@link readWithPending}). */
  #readsEnded(): Promise<void> {
    if (this.#readers === 0) return Promise.resolve();
    return new Promise((resolve) => {
      this.#readersDone = resolve;
    });
  }

  /**
   * Read your own writes without writing: runs `read` with the number of calls of `accountId` since `since` (inclusive,
   * by call time) that this writer still buffers, which `read` adds to what its statement counts in PostgreSQL. No
   * batch begins writing until `read` has settled, and none is being written when the count is taken (it waits for
   * one that is), so the sum is exact. Reads run together; a batch that is waiting goes before new reads.
   * @returns what `read` returns; @throws what it throws.
   */
  async readWithPending<T>(
    accountId: string,
    since: Date,
    read: (pendingCalls: number) => Promise<T>,
  ): Promise<T> {
    while (this.#flushing) await this.#flushing;
    this.#readers++;
    try {
      const from = since.toISOString();
      let calls = 0;
      for (const row of this.#buffer) if (row.accountId === accountId && row.createdAt >= from) calls++;
      return await read(calls);
    } finally {
      this.#readers--;
      if (this.#readers === 0 && this.#readersDone) {
        const wake = this.#readersDone;
        this.#readersDone = null;
        wake();
      }
    }
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
        await insertRequestLogs(this.#pool, batch, "own");
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
        await insertRequestLogs(this.#pool, [row], "own");
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
 * as storable JSON ({@link storableJson}), `createdAt` the call's time as an ISO string (the time of
 * {@link RequestLogWriter.add} when the row has none).
 */
type StorableRow = Omit<Required<RequestLogInput>, "params" | "createdAt"> & {
  params: unknown;
  createdAt: string;
};

/**
 * Every field named, in {@link COLUMNS}' order (no spread of the input): rows of one shape, which `JSON.stringify`
 * writes about a third faster than spread copies (a micro-benchmark of 500-row batches: 1.3 against 2.0 µs a row).
 */
function toRow(row: RequestLogInput): StorableRow {
  return {
    id: row.id,
    accountId: row.accountId,
    keyId: row.keyId,
    operation: row.operation,
    method: storableText(row.method),
    path: storableText(row.path),
    params: storableJson(row.params),
    status: row.status,
    errorCode: row.errorCode,
    cache: row.cache,
    source: row.source === null ? null : storableText(row.source),
    durationMs: row.durationMs,
    jobId: row.jobId,
    batchId: row.batchId ?? null,
    monitorId: row.monitorId ?? null,
    createdAt: (row.createdAt ?? new Date()).toISOString(),
    channel: row.channel ?? "rest",
  };
}

/** The columns of {@link insertRequestLogs}: row field (a key of the JSON rows), SQL column, SQL type. */
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
 * The INSERT of `request_logs`' columns from ONE parameter, the batch's rows as a JSON array of {@link StorableRow}s
 * (`json_to_recordset`: each row's fields by name, typed by the column list), rows kept by `WHERE`.
 */
const insertText = (
  where: string,
) => `INSERT INTO "request_logs" (${COLUMNS.map(([, column]) => `"${column}"`).join(", ")})
    SELECT ${COLUMNS.map(([field]) => `u."${field}"`).join(", ")}
      FROM json_to_recordset($1::json)
        AS u(${COLUMNS.map(([field, , type]) => `"${field}" ${type}`).join(", ")})
     ${where}
    ON CONFLICT DO NOTHING`;

/**
 * Who else may write a batch's request ids ({@link insertRequestLogs}):
 * - `own`: no one. Every id was made by this process for one call it answered (`newId("req")` per HTTP request and per
 *   MCP tool call, the gateway's {@link RequestLogWriter}), and is written again only by a retry of its batch, with
 *   the same values and the same `created_at`, hence in the same partition under the same primary key (`id`,
 *   `created_at`): `ON CONFLICT DO NOTHING` alone keeps one row per id.
 * - `shared`: a worker's row (a batch item, a monitor run), which a stalled job and its re-run may both write, with
 *   different call times, so in different months' partitions: the ids are locked, then looked up in every partition.
 */
type IdOwnership = "own" | "shared";

/**
 * THE insert of `request_logs` (the only one in the code base), in its two forms ({@link IdOwnership}): the rows as
 * one JSON parameter ({@link insertText}); `created_at` is each row's call time. A row whose id is written already is
 * left as it is (a batch retried after a lost answer, a re-run job's row with another time or other values); no row
 * is ever updated.
 *
 * The table is partitioned by `created_at`, so its primary key is (id, created_at) and cannot make `id` unique on its
 * own (issue 38). For `shared` ids one row per request id is kept by the statement: it skips every id that has a row
 * already, and it runs after {@link LOCK_IDS} took a transaction advisory lock per id, so two writers of one id take
 * turns and the second, whose statement starts after the first committed, sees its row. The lookup is a scalar
 * subquery on purpose: as `NOT EXISTS` the planner may turn it into a hash anti-join that reads the whole current
 * partition for every batch (it did from a few ten thousand rows on: 16 of a 500-row batch's 28 ms); as a subplan it
 * is one probe of each partition's primary key per row.
 */
const INSERT: Record<IdOwnership, pg.QueryConfig> = {
  own: { name: "sda_request_logs_insert_own", text: insertText("") },
  shared: {
    name: "sda_request_logs_insert_shared",
    text: insertText(`WHERE (SELECT 1 FROM "request_logs" r WHERE r."id" = u."id" LIMIT 1) IS NULL`),
  },
};

/** Takes a transaction advisory lock per request id (key space 38, the issue), in id order so writers never deadlock. */
const LOCK_IDS: pg.QueryConfig = {
  name: "sda_request_logs_lock_ids",
  text: `SELECT count(pg_advisory_xact_lock(38, hashtext(id)))
      FROM (SELECT DISTINCT id FROM unnest($1::text[]) AS id ORDER BY id) AS ids`,
};

/**
 * Writes request-log rows now, in one statement (a row whose id is written already is left as it is). For the rows
 * the worker writes once their call ended (batch items, monitor runs).
 */
export async function writeRequestLogs(
  prisma: PrismaClient,
  rows: readonly RequestLogInput[],
): Promise<void> {
  await insertRequestLogs(sqlPool(prisma), rows.map(toRow), "shared");
}

/**
 * Writes rows to `request_logs` in ONE INSERT whose one parameter is the rows as JSON: the statement text is the
 * same for every batch size, so it is prepared once per connection, and a row costs the writer a few µs of CPU
 * against ≈ 340 µs through Prisma's `createMany` (its query compiler works per row). Rows whose id is already
 * logged are skipped (a retried batch). `own` ids: the insert alone; `shared` ids: two statements in one
 * transaction, the id locks, then the insert ({@link INSERT}).
 */
async function insertRequestLogs(
  pool: pg.Pool,
  batch: readonly StorableRow[],
  ids: IdOwnership,
): Promise<void> {
  // JSON.stringify is native (pg escaped every text element of 17 array literals in JavaScript), for about the same
  // work in PostgreSQL (bench/README.md, section 7, fourth pass).
  if (ids === "own") {
    await pool.query({ ...INSERT.own, values: [JSON.stringify(batch)] });
    return;
  }
  // One id twice in one batch (two times of a re-run job): the lookup cannot see a row of the same statement, and
  // (id, created_at) differs, so the first one is kept here, as `ON CONFLICT ("id")` did before the partitions. (An
  // `own` batch cannot hold one id twice: each is a call this process answered once.)
  const seen = new Set<string>();
  const rows = batch.filter((row) => !seen.has(row.id) && Boolean(seen.add(row.id)));
  const values = [JSON.stringify(rows)];
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    await client.query({ ...LOCK_IDS, values: [rows.map((row) => row.id)] });
    await client.query({ ...INSERT.shared, values });
    await client.query("COMMIT");
    client.release();
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    // A connection that failed mid-transaction is not handed out again.
    client.release(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
}

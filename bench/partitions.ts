/**
 * `npm run bench -- partitions` (issue 38): the partitioned `request_logs` at 1 M and then 10 M rows, same run, in a
 * database of its own (`sda_bench_partitions_<hex>` on the server of BENCH_PG_URL, migrated, dropped on exit and on
 * SIGINT/SIGTERM). Rows are added with `INSERT … SELECT generate_series` (the minute-rollup triggers run as for any
 * insert), spread over 1,000 accounts and the 120 days before now (five month partitions). At each size it measures:
 *  - the fill's cost per row (the bulk INSERT, indexes and triggers included);
 *  - the service's insert: `writeRequestLogs` of 200 rows (the form for ids another process may write too, a
 *    worker's batch items and monitor runs: per-id locks, the already-logged check in every partition), median of
 *    BENCH_PARTITIONS_N batches, per row;
 *  - the usage reads of one account: `GET /v1/account/usage`'s first page (`ledger.usage.requestLogPage`, 50 rows)
 *    and `GET /v1/account`'s totals (`readAccountSummary`) over a window that holds the same number of an account's
 *    calls at every size (24 h at the first size, shorter as the fill gets denser), median of BENCH_PARTITIONS_N.
 * PASS when every figure at 10 M is within 1.5× of the same figure at 1 M ("the same": partitioning keeps the cost of
 * a read or a write of recent rows independent of the table's size). BENCH_PARTITIONS_ROWS=1000000,10000000 sets the
 * sizes (ascending; the first is the baseline).
 */
import { randomBytes } from "node:crypto";
import {
  applyMigrations,
  createPrismaClient,
  dropDatabase,
  ensureDatabase,
  LedgerUsage,
  maintainPartitions,
  monthStart,
  readAccountSummary,
  requestLogPartitions,
  writeRequestLogs,
} from "@sda/ledger";
import pg from "pg";

const SIZES = (process.env.BENCH_PARTITIONS_ROWS ?? "1000000,10000000").split(",").map(Number);
const N = Number(process.env.BENCH_PARTITIONS_N ?? 51);
const CHUNK = 1_000_000;
const ACCOUNTS = 1000;
const RATIO = 1.5;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

interface Figures {
  rows: number;
  fillUsPerRow: number;
  writerUsPerRow: number;
  usagePageMs: number;
  summaryMs: number;
}

/** Runs the section. @throws the driver's error when PostgreSQL refuses a statement (the database is dropped). */
export async function runPartitions(): Promise<void> {
  const server = process.env.BENCH_PG_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
  const url = new URL(server);
  url.pathname = `/sda_bench_partitions_${randomBytes(4).toString("hex")}`;
  const databaseUrl = url.toString();
  const onSignal = () => void dropDatabase(databaseUrl).finally(() => process.exit(130));
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  await ensureDatabase(databaseUrl);
  const db = new pg.Client({ connectionString: databaseUrl });
  const prisma = createPrismaClient(databaseUrl, 2);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    await applyMigrations(databaseUrl);
    await db.connect();
    console.log(
      `\n## partitions: request_logs at ${SIZES.join(", ")} rows (database ${url.pathname.slice(1)})`,
    );
    await db.query(
      `INSERT INTO accounts (id, name) SELECT 'acct_' || g, 'bench' FROM generate_series(0, ${ACCOUNTS - 1}) g`,
    );
    // The months of the fill (the migration made the current one and three ahead), as the maintenance makes them.
    await maintainPartitions(pool, [requestLogPartitions(0)], {
      aheadMonths: 4,
      now: monthStart(new Date(), -4),
    });
    const parts = await db.query(
      "SELECT count(*)::int AS n FROM pg_inherits WHERE inhparent = 'request_logs'::regclass",
    );
    console.log(`partitions: ${parts.rows[0].n} (months, DEFAULT included)`);
    const usage = new LedgerUsage(prisma);
    const results: Figures[] = [];
    let filled = 0;
    let writes = 0;
    for (const size of SIZES) {
      let fillMs = 0;
      const added = size - filled;
      while (filled < size) {
        const n = Math.min(CHUNK, size - filled);
        // Row g: account g % 1000, at a pseudo-random second of the 120 days before now (10,368,000 s), so every
        // fill step spreads its rows over the same five months.
        fillMs += await timed(() =>
          db.query(
            `INSERT INTO request_logs (id, account_id, key_id, operation, method, path, params, status, cache,
                                       duration_ms, created_at)
             SELECT 'req_fill' || g, 'acct_' || (g % ${ACCOUNTS}), 'key_' || (g % ${ACCOUNTS}), 'videosite.video',
                    'GET', '/v1/videosite/video', '{"url":"x"}', CASE WHEN g % 50 = 0 THEN 500 ELSE 200 END, 'MISS',
                    120, now() - interval '1 second' * ((g * 104729) % 10368000)
               FROM generate_series($1::bigint, $2::bigint) g`,
            [filled + 1, filled + n],
          ),
        );
        filled += n;
        process.stdout.write(`  filled ${filled.toLocaleString("en")} rows\r`);
      }
      // What autovacuum does in a running deployment: the fill's rollup rows too (the summary reads them).
      await db.query("VACUUM ANALYZE request_logs, request_log_minutes");
      const writer: number[] = [];
      for (let i = 0; i < N; i++) {
        const rows = Array.from({ length: 200 }, () => ({
          id: `req_w${writes++}`,
          accountId: `acct_${writes % ACCOUNTS}`,
          keyId: null,
          operation: "videosite.video",
          method: "GET",
          path: "/v1/videosite/video",
          params: { url: "x" },
          status: 200,
          errorCode: null,
          cache: "MISS",
          source: null,
          durationMs: 100,
          jobId: null,
        }));
        writer.push((await timed(() => writeRequestLogs(prisma, rows))) / 200);
      }
      const page: number[] = [];
      const summary: number[] = [];
      // The fill's calls per account and day grow with its size: a 24-hour window at 10 M rows sums ten times the
      // calls it sums at 1 M. The window shrinks as the table grows (24 h at the first size), so every size sums the
      // same number of an account's calls, and what the figure compares is the table's size alone.
      const windowMs = (86_400_000 * (SIZES[0] ?? size)) / size;
      const since = () => new Date(Date.now() - windowMs);
      for (let i = 0; i < N; i++) {
        const account = `acct_${(i * 37) % ACCOUNTS}`;
        page.push(await timed(() => usage.requestLogPage({ accountId: account }, { limit: 50 })));
        summary.push(await timed(() => readAccountSummary(pool, account, since())));
      }
      const figures = {
        rows: size,
        fillUsPerRow: (fillMs * 1000) / added,
        writerUsPerRow: median(writer) * 1000,
        usagePageMs: median(page),
        summaryMs: median(summary),
      };
      results.push(figures);
      console.log(
        `${size.toLocaleString("en").padStart(12)} rows: fill ${figures.fillUsPerRow.toFixed(1)} µs/row (${(fillMs / 1000).toFixed(0)} s), ` +
          `writer ${figures.writerUsPerRow.toFixed(1)} µs/row (200-row batch, median of ${N}), ` +
          `usage page ${figures.usagePageMs.toFixed(2)} ms, summary ${figures.summaryMs.toFixed(2)} ms over ${(windowMs / 3_600_000).toFixed(1)} h (medians of ${N})`,
      );
    }
    const [base, last] = [results[0], results.at(-1)];
    if (base && last && base !== last) {
      const checks: [string, number, number][] = [
        ["writer µs/row", base.writerUsPerRow, last.writerUsPerRow],
        ["usage page ms", base.usagePageMs, last.usagePageMs],
        ["summary ms (the same calls)", base.summaryMs, last.summaryMs],
      ];
      for (const [name, a, b] of checks)
        console.log(
          `${b <= a * RATIO ? "PASS" : "FAIL"} ${name}: ${a.toFixed(2)} at ${base.rows.toLocaleString("en")} → ${b.toFixed(2)} at ${last.rows.toLocaleString("en")} (×${(b / a).toFixed(2)}; rule ≤ ×${RATIO})`,
        );
    }
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    await db.end().catch(() => undefined);
    await pool.end().catch(() => undefined);
    await prisma.$disconnect().catch(() => undefined);
    await dropDatabase(databaseUrl);
  }
}

/**
 * Section `stores` of `npm run bench` (issue 38: "the cost of a call in the stores, measured"). On a `redis-server`
 * of its own (as section `redis`) and the run's own PostgreSQL database it starts a stack (gateway and one worker
 * process, `NODE_ENV=production`, default settings), a bare BullMQ round trip (`lib/raw-queue.ts`, its worker in a
 * process of its own) and a scratch table, then measures windows of `BENCH_STORES_WINDOW_SECONDS` (default 18) each,
 * `BENCH_STORES_WINDOWS` rounds (default 5) of five kinds in turn: idle (nothing), `BENCH_STORES_CALLS` (default 50)
 * fresh `video-details` calls at c=1, as many cache hits (`cache=true`), as many bare BullMQ round trips, as many bare
 * single-row INSERTs. Per window it reads:
 *  - Redis commands: `INFO commandstats` deltas, and by process from `MONITOR` (a connection belongs to the process
 *    that holds its socket), as section `redis` does;
 *  - PostgreSQL statements by process (the timing hook's count of `pg.Client#query` calls: Prisma's `BEGIN`/`COMMIT`
 *    count as statements), committed transactions, rows written per table and WAL bytes (`lib/pg-counters.ts`).
 * Every figure is per call: the window's count less the idle rate (median of the idle windows) over the window's
 * length, divided by the calls, then the median over the windows of the kind. WAL is cluster-wide: every other
 * database of a shared server adds to the LSN difference, hence the idle windows, the medians and, where `pg_waldump`
 * can read the server's `pg_wal`, the WAL of the run's database alone. Then `BENCH_STORES_THROUGHPUT_RUNS` (3) pairs of
 * autocannon runs at c=64 (`/healthz`, a cache hit) and the issue's goals as PASS/FAIL lines (never the exit code).
 */
import { performance } from "node:perf_hooks";
import { load } from "./lib/measure.ts";
import { type PgCounters, type PgWindow, startPgCounters } from "./lib/pg-counters.ts";
import { type Counts, connectionOwners, difference, startPrivateRedis } from "./lib/private-redis.ts";
import { cpuPerRequest, processCpu } from "./lib/process-cpu.ts";
import { startRawQueue } from "./lib/raw-queue.ts";
import { type BenchStack, startStack } from "./lib/stack.ts";
import { median, percent, printTable, verdict } from "./lib/stats.ts";
import { cpuTable, type Run, walByRelation } from "./lib/stores-tables.ts";
import { probePaths } from "./lib/targets.ts";

const CALLS = Number(process.env.BENCH_STORES_CALLS ?? 50);
const ROUNDS = Number(process.env.BENCH_STORES_WINDOWS ?? 5);
const WINDOW_SECONDS = Number(process.env.BENCH_STORES_WINDOW_SECONDS ?? 18);
const WARMUP = Number(process.env.BENCH_STORES_WARMUP ?? 30);
const THROUGHPUT_SECONDS = Number(process.env.BENCH_STORES_THROUGHPUT_SECONDS ?? 5);
const THROUGHPUT_RUNS = Number(process.env.BENCH_STORES_THROUGHPUT_RUNS ?? 3);
/**
 * WAL bytes of the run's database per fresh call before issue 38's changes, and without the full-page images (the
 * steadier part): `bench/README.md`, section 7, measured on 2026-12-02 at `2aa8ff9`. The goal is half of it.
 */
const BASELINE_WAL_BYTES = Number(process.env.BENCH_STORES_WAL_BASELINE ?? 5175);
const BASELINE_WAL_BYTES_NO_FPI = 2919;
/** Another checkout to measure instead of this one (e.g. an export of `main`, as for `bench:ab`). */
const ROOT = process.env.BENCH_STORES_ROOT;

const KINDS = ["idle", "fresh", "hit", "bullmq", "insert"] as const;
type Kind = (typeof KINDS)[number];
const LABELS: Record<Exclude<Kind, "idle">, string> = {
  fresh: "fresh call",
  hit: "cache hit",
  bullmq: "bare BullMQ round trip",
  insert: "bare INSERT",
};

/** One measured window. */
interface Window {
  kind: Kind;
  seconds: number;
  /** Seconds the calls took (the rest of the window lets the counters settle). */
  workSeconds: number;
  failed: number;
  redis: Counts;
  /** MONITOR's commands by client port. */
  monitor: Map<number, number>;
  statements: { gateway: number; worker: number };
  pg: PgWindow;
}

/** Runs the section on a private Redis and a stack of its own. */
export async function runStores(): Promise<void> {
  const redis = await startPrivateRedis();
  const ports = new Map<number, number>();
  // A script's own commands (MONITOR's `lua` lines after it) are its caller's, as `INFO commandstats` counts them.
  let caller = 0;
  await redis.monitor((c) => {
    if (c.source !== "lua") caller = Number(c.source.split(":")[1]);
    if (Number.isFinite(caller)) ports.set(caller, (ports.get(caller) ?? 0) + 1);
  });
  const stack = await startStack({ NODE_ENV: "production" }, ROOT, {
    redisUrl: redis.url,
  });
  let counters: PgCounters | undefined;
  const raw = await startRawQueue(redis.url, stack.prefix, true).catch(async (error) => {
    await stack.close();
    await redis.stop();
    throw error;
  });
  try {
    console.log(
      `\n== 7. the cost of a call in the stores: database ${new URL(stack.databaseUrl).pathname.slice(1)}, ` +
        `private redis-server :${redis.port}${ROOT ? `, checkout ${ROOT}` : ""} ==`,
    );
    counters = await startPgCounters(stack.databaseUrl);
    const { secret } = await stack.createAccount(10_000_000);
    const paths = await probePaths(stack.gatewayUrl, secret);
    await stack.sql(
      "CREATE TABLE bench_scratch (id bigserial PRIMARY KEY, at timestamptz NOT NULL DEFAULT now())",
    );
    const auth = { authorization: `Bearer ${secret}` };
    const calls = (list: string[]) => async (n: number) => {
      let failed = 0;
      for (let i = 0; i < n; i++) {
        const response = await fetch(`${stack.gatewayUrl}${list[i % list.length]}`, { headers: auth });
        await response.arrayBuffer();
        if (response.status !== 200) failed++;
      }
      return failed;
    };
    const work: Record<Kind, (n: number) => Promise<number>> = {
      idle: async () => 0,
      fresh: calls(paths.freshDetails),
      hit: calls(paths.cacheHit),
      bullmq: async (n) => {
        for (let i = 0; i < n; i++) await raw.roundTrip();
        return 0;
      },
      insert: async (n) => {
        for (let i = 0; i < n; i++) await stack.sql("INSERT INTO bench_scratch DEFAULT VALUES");
        return 0;
      },
    };
    for (const kind of KINDS) await work[kind](WARMUP);

    const pgCounters = counters;
    const measure = async (kind: Kind): Promise<Window> => {
      await Promise.all([stack.timings("gateway", true), stack.timings("worker", true)]);
      const t0 = performance.now();
      const redis0 = await redis.commandStats();
      const monitor0 = new Map(ports);
      const pg0 = await pgCounters.snapshot();
      const failed = await work[kind](kind === "idle" ? 0 : CALLS);
      const workSeconds = (performance.now() - t0) / 1000;
      await new Promise((r) => setTimeout(r, Math.max(0, t0 + WINDOW_SECONDS * 1000 - performance.now())));
      const pg1 = await pgCounters.snapshot();
      const redis1 = await redis.commandStats();
      const monitor = new Map([...ports].map(([port, n]) => [port, n - (monitor0.get(port) ?? 0)]));
      const [gateway, worker] = await Promise.all([
        stack.timings("gateway", true),
        stack.timings("worker", true),
      ]);
      const seconds = (performance.now() - t0) / 1000;
      const count = (t: typeof gateway) => t.moneySqlQueries + t.otherSqlQueries;
      return {
        kind,
        seconds,
        workSeconds,
        failed,
        redis: difference(redis1, redis0),
        monitor,
        statements: { gateway: count(gateway), worker: count(worker) },
        pg: await pgCounters.window(pg0, pg1),
      };
    };
    const windows: Window[] = [];
    for (let round = 0; round < ROUNDS; round++)
      for (const kind of KINDS) {
        const w = await measure(kind);
        windows.push(w);
        if (w.pg.dbWalError)
          console.log(`  (${kind} window ${round + 1}: pg_waldump read nothing: ${w.pg.dbWalError})`);
        if (w.workSeconds > WINDOW_SECONDS - 11)
          console.log(
            `  (${kind} window ${round + 1}: the calls took ${w.workSeconds.toFixed(1)} s of ${WINDOW_SECONDS} s: ` +
              "table counters may spill into the next window; raise BENCH_STORES_WINDOW_SECONDS)",
          );
      }
    const owners = connectionOwners(redis.port, {
      gateway: [stack.gatewayPid],
      worker: stack.workerPids(),
      bench: [process.pid],
    });
    // MONITOR slows every command and its parsing shares this process with autocannon: off for the throughput.
    redis.stopMonitors();
    const cpu = processCpu(
      () => ({
        gateway: [stack.gatewayPid],
        worker: stack.workerPids(),
        redis: [redis.pid],
        bench: [process.pid],
      }),
      new URL(stack.databaseUrl).pathname.slice(1),
    );
    const shares = await throughput(stack, paths.cacheHit[0] as string, auth, cpu);
    report(windows, owners, shares, counters.dbWal);
  } finally {
    await counters?.close().catch(() => undefined);
    await raw.close().catch(() => undefined);
    await stack.close();
    await redis.stop();
  }
}

/** `THROUGHPUT_RUNS` pairs of c=64 runs, `/healthz` then the cache hit: each pair's hit req/s over healthz's. */
async function throughput(
  stack: BenchStack,
  hitPath: string,
  headers: Record<string, string>,
  cpu: ReturnType<typeof processCpu>,
) {
  const shares: { healthz: Run; hit: Run }[] = [];
  const at64 = async (path: string, h: Record<string, string> = {}): Promise<Run> => {
    const start = cpu.sample();
    const result = await load(stack.gatewayUrl, {
      connections: 64,
      durationSeconds: THROUGHPUT_SECONDS,
      paths: [path],
      headers: h,
    });
    return {
      requestsPerSecond: result.requestsPerSecond,
      cpu: cpuPerRequest(start, cpu.sample(), result.total),
    };
  };
  for (let i = 0; i < THROUGHPUT_RUNS; i++) {
    const healthz = await at64("/healthz");
    const hit = await at64(hitPath, headers);
    shares.push({ healthz, hit });
  }
  return shares;
}

const sumOf = (counts: Map<unknown, number>) => [...counts.values()].reduce((a, b) => a + b, 0);

/** Per call of `kind`: each window's value less the idle rate over its length, over the calls; sorted. */
function perCall(windows: Window[], kind: Kind, value: (w: Window) => number): number[] {
  // An idle window pg_waldump could not read (a quiet server: no whole record in it) leaves the others' rate.
  const idleRate = median(
    windows
      .filter((w) => w.kind === "idle")
      .map((w) => value(w) / w.seconds)
      .filter((n) => !Number.isNaN(n)),
  );
  return windows
    .filter((w) => w.kind === kind)
    .map((w) => (value(w) - idleRate * w.seconds) / CALLS)
    .filter((n) => !Number.isNaN(n))
    .sort((a, b) => a - b);
}

/** A pair's cache-hit throughput over its bare `/healthz`'s. */
const shareOf = (s: { healthz: Run; hit: Run }) => s.hit.requestsPerSecond / s.healthz.requestsPerSecond;

function report(
  windows: Window[],
  owners: Map<number, string>,
  shares: { healthz: Run; hit: Run }[],
  dbWal: string,
): void {
  const byOwner = (w: Window, who: string) =>
    [...w.monitor].reduce((total, [port, n]) => total + ((owners.get(port) ?? "other") === who ? n : 0), 0);
  const kinds = ["fresh", "hit", "bullmq", "insert"] as const;
  const fixed = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : "n/a");
  const cell = (values: number[], digits: number, spread: boolean) =>
    spread && values.length > 1
      ? `${fixed(median(values), digits)} (${fixed(values[0] as number, 0)}…${fixed(values.at(-1) as number, 0)})`
      : fixed(median(values), digits);
  const row = (label: string, value: (w: Window) => number, digits = 1, spread = false) => [
    label,
    ...kinds.map((k) => cell(perCall(windows, k, value), digits, spread)),
  ];
  const tables = [...new Set(windows.flatMap((w) => [...w.pg.tables.keys()]))].sort();
  const tableRows = tables.flatMap((t) =>
    (["ins", "upd", "del"] as const)
      .map((field) => row(`  ${t} ${field}`, (w) => w.pg.tables.get(t)?.[field] ?? 0, 2))
      .filter((r) => r.slice(1).some((c) => Math.abs(Number(c)) >= 0.005)),
  );
  const rows = (w: Window) =>
    [...w.pg.tables.values()].reduce((total, r) => total + r.ins + r.upd + r.del, 0);
  const idle = windows.filter((w) => w.kind === "idle");
  const idleRange = (value: (w: Window) => number) => {
    const rates = idle.map((w) => value(w) / w.seconds).sort((a, b) => a - b);
    return `${fixed(median(rates), 0)}/s (${fixed(rates[0] ?? Number.NaN, 0)}…${fixed(rates.at(-1) ?? Number.NaN, 0)})`;
  };
  const failed = windows.reduce((n, w) => n + w.failed, 0);
  console.log(
    `\nper call: ${ROUNDS} windows of ${WINDOW_SECONDS} s per kind, ${CALLS} calls each at c=1 (${failed} not 200), ` +
      "the idle windows' median rate subtracted; median over the windows (min…max where shown)",
  );
  console.log(
    `idle rates: Redis ${idleRange((w) => sumOf(w.redis))} commands, cluster WAL ${idleRange((w) => w.pg.walBytes)} ` +
      `bytes, the run's database WAL ${idleRange((w) => w.pg.dbWalBytes)} bytes\n`,
  );
  printTable([
    ["per call", ...kinds.map((k) => LABELS[k])],
    row("Redis commands (INFO commandstats)", (w) => sumOf(w.redis)),
    row("  of them the gateway's (MONITOR)", (w) => byOwner(w, "gateway")),
    row("  of them the worker's (MONITOR)", (w) => byOwner(w, "worker")),
    row(
      "  of them the bench's and its raw worker's (MONITOR)",
      (w) => byOwner(w, "bench") + byOwner(w, "other"),
    ),
    row("PostgreSQL statements, gateway (pg.Client#query)", (w) => w.statements.gateway, 2),
    row("PostgreSQL statements, worker (pg.Client#query)", (w) => w.statements.worker, 2),
    row("transactions committed (the run's database)", (w) => w.pg.xactCommit, 2),
    row("rows written (pg_stat_user_tables)", rows, 2),
    ...tableRows,
    row("WAL bytes, the run's database (pg_waldump)", (w) => w.pg.dbWalBytes, 0, true),
    row("  of them in full-page images", (w) => w.pg.dbFpiBytes, 0),
    row("  without the full-page images", (w) => w.pg.dbWalBytes - w.pg.dbFpiBytes, 0, true),
    row("WAL bytes, cluster-wide (pg_wal_lsn_diff)", (w) => w.pg.walBytes, 0, true),
    row("  WAL records, cluster-wide (pg_stat_wal)", (w) => w.pg.walRecords, 1),
    row("  full-page images, cluster-wide (pg_stat_wal)", (w) => w.pg.walFpi, 2),
  ]);
  console.log(`the run's database WAL: ${dbWal}`);
  walByRelation(windows, perCall);
  console.log(
    `\ncache hit at c=64 over bare /healthz (${THROUGHPUT_SECONDS} s each, autocannon): ${shares
      .map(
        (s) =>
          `${s.hit.requestsPerSecond.toFixed(0)} / ${s.healthz.requestsPerSecond.toFixed(0)} req/s = ${percent(shareOf(s))}`,
      )
      .join("; ")}`,
  );
  cpuTable(shares);

  console.log("\ngoals (issue 38; reported, never failing the run):\n");
  const redisFresh = median(perCall(windows, "fresh", (w) => sumOf(w.redis)));
  const redisRaw = median(perCall(windows, "bullmq", (w) => sumOf(w.redis)));
  console.log(
    verdict(
      redisFresh <= 1.2 * redisRaw,
      "Redis commands per fresh call ≤ 1.2× the bare BullMQ round trip",
      `${fixed(redisFresh)} vs ${fixed(redisRaw)} (×${fixed(redisFresh / redisRaw, 2)})`,
    ),
  );
  const ratios = shares.map(shareOf);
  console.log(
    verdict(
      ratios.length > 0 && ratios.every((r) => r >= 0.6),
      `cache hits ≥ 60 % of bare /healthz (c=64), every one of ${ratios.length} runs`,
      ratios.map(percent).join(", "),
    ),
  );
  const dbWalFresh = median(perCall(windows, "fresh", (w) => w.pg.dbWalBytes));
  const walFresh = Number.isFinite(dbWalFresh)
    ? dbWalFresh
    : median(perCall(windows, "fresh", (w) => w.pg.walBytes));
  console.log(
    verdict(
      walFresh <= BASELINE_WAL_BYTES / 2,
      "PostgreSQL WAL bytes per fresh call ≤ half of today's",
      `${fixed(walFresh, 0)} B vs ${fixed(BASELINE_WAL_BYTES, 0)} B at 2aa8ff9 (bench/README.md, section 7)`,
    ),
  );
  const noFpi = median(perCall(windows, "fresh", (w) => w.pg.dbWalBytes - w.pg.dbFpiBytes));
  console.log(
    verdict(
      noFpi <= BASELINE_WAL_BYTES_NO_FPI / 2,
      "  the same without full-page images (the steadier part; not a goal)",
      `${fixed(noFpi, 0)} B vs ${BASELINE_WAL_BYTES_NO_FPI} B at 2aa8ff9`,
    ),
  );
}

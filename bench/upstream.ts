/**
 * Section `upstream` of `npm run bench` (issue 26): fresh calls at a real platform's latency. The replay adds
 * `BENCH_UPSTREAM_DELAY_MS` (default 250) to every upstream answer; the service runs with its default settings, one
 * worker process. It measures, in one run:
 *  - the per-call latency at c=1 (the floor: the mean over the videos of the loads, 3 calls each; each video's
 *    upstream requests in sequence plus the service's own work);
 *  - fresh `video-details` from c = 16, 64, 256 callers in a closed loop, counted over `BENCH_UPSTREAM_SECONDS` (default
 *    10) after `BENCH_UPSTREAM_WARMUP_SECONDS` (10) of the same load: calls/s, p50, against the
 *    ideal (in-flight slots ÷ per-call latency, slots = min(c, WORKER_CONCURRENCY × workers)) and against the
 *    worker's CPU-bound limit (1000 ÷ its CPU ms per call: what one process could do if it never waited);
 *  - the worker's CPU per call (user + system time of the worker processes, from /proc, ÷ calls answered);
 *  - the same c=256 run with a second worker process (scale-out: × the one-worker figure), and the same pair on a stack
 *    whose workers keep 32 jobs each (`WORKER_CONCURRENCY=32`), where one worker's slots, not the machine's CPU, are the
 *    limit: scale-out measured where a second process has room to add throughput;
 *  - the whole machine's CPU use during each run (/proc/stat: cores busy), which says when the cores ran out.
 * On a shared 2-core machine the figures move with the other load; compare the ratios of one run.
 */
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { getter, sequential } from "./lib/measure.ts";
import { type BenchStack, startStack } from "./lib/stack.ts";
import { mean, median, ms, percent, printTable } from "./lib/stats.ts";
import { probePaths } from "./lib/targets.ts";

const DELAY_MS = Number(process.env.BENCH_UPSTREAM_DELAY_MS ?? 250);
const SECONDS = Number(process.env.BENCH_UPSTREAM_SECONDS ?? 10);
const CONCURRENCY = [16, 64, 256];
/** Seconds of the same load before the counted window (the pipeline fills: at c=256 a call may take seconds). */
const WARMUP_SECONDS = Number(process.env.BENCH_UPSTREAM_WARMUP_SECONDS ?? 10);
/** The service's default `WORKER_CONCURRENCY` (the bench sets none). */
const SLOTS_PER_WORKER = 256;
/** Linux clock ticks per second of /proc/<pid>/stat times. */
const TICKS_PER_SECOND = 100;

/** CPU time (user + system) of the processes so far, in ms. */
function cpuMs(pids: readonly number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    // Fields after the command's closing parenthesis: state is the 3rd field; utime and stime the 14th and 15th.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** Busy and total time of all the machine's cores so far, in clock ticks (/proc/stat's first line). */
function machineTicks(): { busy: number; total: number } {
  const fields = (readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "")
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  // user nice system idle iowait irq softirq steal …: idle and iowait are not busy.
  const total = fields.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: total - (fields[3] ?? 0) - (fields[4] ?? 0), total };
}

interface Row {
  label: string;
  workers: number;
  connections: number;
  /** Jobs one worker process keeps in flight (`WORKER_CONCURRENCY`). */
  slotsPerWorker: number;
  callsPerSecond: number;
  p50: number;
  ok: number;
  failed: number;
  /** Worker CPU per answered call, ms (all worker processes together). */
  cpuPerCall: number;
  /** Gateway CPU per answered call, ms. */
  gatewayCpuPerCall: number;
  /** Cores the whole machine kept busy during the counted window (every process, ours or not). */
  machineCores: number;
}

/**
 * A closed loop of `connections` callers, each calling the next path as soon as its last answer came, for
 * `WARMUP_SECONDS + SECONDS`; counted are the answers that arrive after the warm-up (the pipeline is full by then), and
 * the CPU the processes spend in the same window. The loop then waits for every call in flight, so the next run starts
 * on an empty pipeline.
 */
async function measure(
  stack: BenchStack,
  paths: string[],
  headers: Record<string, string>,
  label: string,
  connections: number,
  slotsPerWorker = SLOTS_PER_WORKER,
): Promise<Row> {
  const pids = stack.workerPids();
  const t0 = performance.now();
  const windowStart = t0 + WARMUP_SECONDS * 1000;
  const windowEnd = windowStart + SECONDS * 1000;
  let cpuBefore = Number.NaN;
  let gatewayBefore = Number.NaN;
  let machineBefore = { busy: Number.NaN, total: Number.NaN };
  let machineAfter = machineBefore;
  const warm = setTimeout(() => {
    cpuBefore = cpuMs(pids);
    gatewayBefore = cpuMs([stack.gatewayPid]);
    machineBefore = machineTicks();
  }, WARMUP_SECONDS * 1000);
  let cpuAfter = Number.NaN;
  let gatewayAfter = Number.NaN;
  const done = setTimeout(
    () => {
      cpuAfter = cpuMs(pids);
      gatewayAfter = cpuMs([stack.gatewayPid]);
      machineAfter = machineTicks();
    },
    (WARMUP_SECONDS + SECONDS) * 1000,
  );
  const latencies: number[] = [];
  let ok = 0;
  let failed = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < windowEnd) {
        const path = paths[next++ % paths.length] as string;
        const started = performance.now();
        const status = await fetch(`${stack.gatewayUrl}${path}`, { headers })
          .then(async (r) => {
            await r.arrayBuffer();
            return r.status;
          })
          .catch(() => 0);
        const ended = performance.now();
        if (ended < windowStart || ended > windowEnd) continue;
        if (status === 200) {
          ok++;
          latencies.push(ended - started);
        } else failed++;
      }
    }),
  );
  clearTimeout(warm);
  clearTimeout(done);
  const perCall = (spent: number) => (ok > 0 ? spent / ok : Number.NaN);
  return {
    label,
    workers: pids.length,
    connections,
    slotsPerWorker,
    callsPerSecond: ok / SECONDS,
    p50: median(latencies),
    ok,
    failed,
    cpuPerCall: perCall(cpuAfter - cpuBefore),
    gatewayCpuPerCall: perCall(gatewayAfter - gatewayBefore),
    machineCores:
      ((machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total)) *
      availableParallelism(),
  };
}

/** The settings before issue 26 (8 jobs per queue, 32 upstream connections), measured first as the run's baseline. */
const OLD_DEFAULTS = { WORKER_CONCURRENCY: "8", UPSTREAM_CONNECTIONS: "32" };

/** The baseline line: one worker with {@link OLD_DEFAULTS} at c=256, on a stack of its own. */
async function baseline(): Promise<Row> {
  const stack = await startStack({ NODE_ENV: "production", ...OLD_DEFAULTS }, undefined, {
    replayDelayMs: DELAY_MS,
  });
  try {
    const { secret } = await stack.createAccount(10_000_000);
    const paths = (await probePaths(stack.gatewayUrl, secret)).freshDetails;
    return await measure(
      stack,
      paths,
      { authorization: `Bearer ${secret}` },
      "1 worker, before (8 / 32)",
      256,
      8,
    );
  } finally {
    await stack.close();
  }
}

/** Jobs per worker of the slot-bound scale-out pair ({@link slotBoundScaleOut}). */
const SLOT_BOUND_JOBS = 32;

/**
 * One worker and then two with {@link SLOT_BOUND_JOBS} jobs each, at c=256, on a stack of their own: the in-flight
 * slots of one process are the limit (ideal 32 ÷ per-call latency), so a second process doubles the ideal while the
 * machine has CPU to spare; at the defaults one worker's 256 slots exceed what 2 cores serve, and a second process
 * only shares them.
 */
async function slotBoundScaleOut(): Promise<Row[]> {
  const stack = await startStack(
    { NODE_ENV: "production", WORKER_CONCURRENCY: String(SLOT_BOUND_JOBS) },
    undefined,
    { replayDelayMs: DELAY_MS },
  );
  try {
    const { secret } = await stack.createAccount(10_000_000);
    const headers = { authorization: `Bearer ${secret}` };
    const paths = (await probePaths(stack.gatewayUrl, secret)).freshDetails;
    const label = `${SLOT_BOUND_JOBS} jobs per worker`;
    const one = await measure(stack, paths, headers, `1 worker, ${label}`, 256, SLOT_BOUND_JOBS);
    await stack.addWorker();
    return [one, await measure(stack, paths, headers, `2 workers, ${label}`, 256, SLOT_BOUND_JOBS)];
  } finally {
    await stack.close();
  }
}

/** Runs the section on stacks of its own (the replay with the added delay): the old defaults, then today's. */
export async function runUpstreamLatency(): Promise<void> {
  const before = await baseline();
  const stack = await startStack({ NODE_ENV: "production" }, undefined, { replayDelayMs: DELAY_MS });
  try {
    const { secret } = await stack.createAccount(10_000_000);
    const headers = { authorization: `Bearer ${secret}` };
    const paths = (await probePaths(stack.gatewayUrl, secret)).freshDetails;
    // The floor: one call at a time over the same paths as the loads (videos differ in how many upstream requests
    // they take), their mean: the ideal throughput of n slots is n ÷ the mean latency. A few warm-up calls first.
    const getters = paths.map((path) => getter(`${stack.gatewayUrl}${path}`, headers));
    let turn = 0;
    const floor = mean(
      await sequential(
        () => (getters[turn++ % getters.length] as () => Promise<void>)(),
        3 * getters.length,
        5,
      ),
    );
    const rows: Row[] = [before];
    for (const c of CONCURRENCY) rows.push(await measure(stack, paths, headers, "1 worker", c));
    await stack.addWorker();
    rows.push(await measure(stack, paths, headers, "2 workers", 256));
    await stack.close();
    const slotBound = await slotBoundScaleOut();
    rows.push(...slotBound);

    const one = rows.find((r) => r.label === "1 worker" && r.connections === 256);
    const cpuLimit = one ? 1000 / one.cpuPerCall : Number.NaN;
    console.log(
      `\nupstream latency: replay +${DELAY_MS} ms per upstream answer, fresh video-details, default settings, ${SECONDS} s per run`,
    );
    console.log(`per-call latency at c=1 (mean over the ${paths.length} videos, 3 calls each): ${ms(floor)}`);
    printTable([
      [
        "workers",
        "c",
        "calls/s",
        "p50",
        "ideal (slots ÷ latency)",
        "of ideal",
        "of CPU-bound limit",
        "worker CPU / call",
        "gateway CPU / call",
        `machine CPU (${availableParallelism()} cores)`,
        "answered (failed)",
      ],
      ...rows.map((r) => {
        const ideal = Math.min(r.connections, r.slotsPerWorker * r.workers) / (floor / 1000);
        return [
          r.label,
          String(r.connections),
          r.callsPerSecond.toFixed(1),
          ms(r.p50),
          ideal.toFixed(1),
          percent(r.callsPerSecond / ideal),
          percent(r.callsPerSecond / (cpuLimit * r.workers)),
          ms(r.cpuPerCall),
          ms(r.gatewayCpuPerCall),
          r.machineCores.toFixed(2),
          `${r.ok} (${r.failed})`,
        ];
      }),
    ]);
    const two = rows.find((r) => r.label === "2 workers");
    console.log(
      `CPU-bound limit of one worker: ${cpuLimit.toFixed(1)} calls/s (1000 ÷ ${ms(one?.cpuPerCall ?? Number.NaN)} per call)`,
    );
    if (one && two)
      console.log(
        `scale-out: 2 workers ×${(two.callsPerSecond / one.callsPerSecond).toFixed(2)} one worker at c=256 (defaults; machine ${one.machineCores.toFixed(2)} → ${two.machineCores.toFixed(2)} cores busy)`,
      );
    const [oneBound, twoBound] = slotBound;
    if (oneBound && twoBound)
      console.log(
        `scale-out where one worker's ${SLOT_BOUND_JOBS} slots are the limit: 2 workers ×${(twoBound.callsPerSecond / oneBound.callsPerSecond).toFixed(2)} one worker at c=256`,
      );
    if (one)
      console.log(
        `today's defaults ×${(one.callsPerSecond / before.callsPerSecond).toFixed(2)} the old ones (8 jobs, 32 connections) at c=256`,
      );
  } finally {
    await stack.close();
  }
}

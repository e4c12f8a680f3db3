/**
 * Section `redis` of `npm run bench` (issue 26: "Redis commands per waiting call flat in the wait time"). On a
 * `redis-server` of its own (a free port, no persistence, killed on exit and on SIGINT/SIGTERM) it starts a stack
 * (gateway and one worker process, `NODE_ENV=production`, default settings), makes `BENCH_REDIS_WARMUP` calls
 * (default 10), measures the idle command rate over `BENCH_REDIS_IDLE_SECONDS` (default 20), then makes
 * `BENCH_REDIS_CALLS` fresh `video-details` calls (default 20), one every `BENCH_REDIS_GAP_MS` (default 250), twice:
 * with the replay answering at once, and with `BENCH_REDIS_DELAY_MS` (default 5000) added to every upstream answer
 * (~3 upstream requests in sequence: a call then waits ~15 s). For each it prints Redis commands per call, the idle
 * rate over the same time subtracted:
 *  - per command name from `INFO commandstats` (commands run inside Lua scripts are counted as themselves, and each
 *    `evalsha`/`eval` once more);
 *  - per process and per command or Lua script from `MONITOR` (a client connection belongs to the process that holds
 *    its socket, `/proc`; a script's own commands are those MONITOR shows as `lua` right after it).
 */
import { performance } from "node:perf_hooks";
import {
  type Counts,
  connectionOwners,
  difference,
  type MonitoredCommand,
  startPrivateRedis,
} from "./lib/private-redis.ts";
import { type BenchStack, startStack } from "./lib/stack.ts";
import { mean, printTable } from "./lib/stats.ts";
import { videoDetailsPath } from "./lib/targets.ts";

const CALLS = Number(process.env.BENCH_REDIS_CALLS ?? 20);
/** Between two calls' starts, ms. */
const GAP_MS = Number(process.env.BENCH_REDIS_GAP_MS ?? 250);
const WARMUP = Number(process.env.BENCH_REDIS_WARMUP ?? 10);
const DELAY_MS = Number(process.env.BENCH_REDIS_DELAY_MS ?? 5000);
const IDLE_SECONDS = Number(process.env.BENCH_REDIS_IDLE_SECONDS ?? 20);
/** After the last answer, ms: the worker's completion (`moveToFinished`) and stores run after its reply. */
const SETTLE_MS = 1000;
/** Recorded videos whose fresh `video-details` answers 200 (`lib/targets.ts`). */
const VIDEO_IDS = ["M4gD1WSo5mA", "7PIMiDcwNvc", "GJLlxj_dtq8", "F1xioXWb8CY", "Fjg5lYqvzUs"];

/** MONITOR's counts so far, by `<client port or "lua">\t<command or script>\t<"call" | "inside">`. */
type MonitorCounts = Map<string, number>;

interface Tally {
  label: string;
  seconds: number;
  /** `INFO commandstats` over the window. */
  stats: Counts;
  monitor: MonitorCounts;
  ok: number;
  failed: number;
  /** Mean wait at the client per call, ms. */
  waitMs: number;
}

/**
 * `calls` GETs of fresh video-details, the i-th started `i × GAP_MS` after the first whatever the others do (the same
 * arrivals at any upstream latency: in a closed loop the long run's callers all start again together, and work that
 * depends on how calls overlap changed with it).
 * @returns the latencies of the 200s (ms) and the count of other answers.
 */
async function callMany(
  stack: BenchStack,
  secret: string,
  calls: number,
): Promise<{ waits: number[]; failed: number }> {
  const waits: number[] = [];
  let failed = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: calls }, async (_, i) => {
      await new Promise((r) => setTimeout(r, Math.max(0, t0 + i * GAP_MS - performance.now())));
      const path = videoDetailsPath(VIDEO_IDS[i % VIDEO_IDS.length] as string, false);
      const started = performance.now();
      const response = await fetch(`${stack.gatewayUrl}${path}`, {
        headers: { authorization: `Bearer ${secret}` },
      });
      await response.arrayBuffer();
      if (response.status === 200) waits.push(performance.now() - started);
      else failed++;
    }),
  );
  return { waits, failed };
}

/** Runs the section on a private Redis and a stack of its own. */
export async function runRedisCommands(): Promise<void> {
  const redis = await startPrivateRedis();
  const monitor: MonitorCounts = new Map();
  let caller = { source: "", script: "" };
  const count = (key: string) => monitor.set(key, (monitor.get(key) ?? 0) + 1);
  await redis.monitor((c: MonitoredCommand) => {
    if (c.source === "lua") return count(`${caller.source}\t${caller.script}\tinside`);
    if (c.script) caller = { source: c.source, script: c.script };
    count(`${c.source}\t${c.script ?? `${c.name} ${c.key}`}\tcall`);
  });
  const stack = await startStack({ NODE_ENV: "production" }, undefined, { redisUrl: redis.url });
  try {
    const { secret } = await stack.createAccount(10_000_000);
    const warm = await callMany(stack, secret, WARMUP);
    if (warm.waits.length === 0) throw new Error("no fresh video-details answered 200: is the corpus there?");
    await new Promise((r) => setTimeout(r, 2000));

    const measure = async (label: string, work: () => Promise<{ waits: number[]; failed: number }>) => {
      const stats0 = await redis.commandStats();
      const monitor0 = new Map(monitor);
      const t0 = performance.now();
      const { waits, failed } = await work();
      await new Promise((r) => setTimeout(r, SETTLE_MS));
      const seconds = (performance.now() - t0) / 1000;
      const stats = difference(await redis.commandStats(), stats0);
      const tally: Tally = {
        label,
        seconds,
        stats,
        monitor: differenceOf(monitor, monitor0),
        ok: waits.length,
        failed,
        waitMs: mean(waits),
      };
      return tally;
    };
    const idleWait = async () => {
      await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
      return { waits: [], failed: 0 };
    };
    const idle = await measure("idle", idleWait);
    const short = await measure("replay +0 ms", () => callMany(stack, secret, CALLS));
    const removeDelay = stack.replay.addFault({ when: () => true, delayMs: DELAY_MS });
    const long = await measure(`replay +${DELAY_MS} ms`, () => callMany(stack, secret, CALLS));
    removeDelay();

    const owners = connectionOwners(redis.port, {
      gateway: [stack.gatewayPid],
      worker: stack.workerPids(),
      bench: [process.pid],
    });
    report(idle, [short, long], owners, redis.port);
  } finally {
    await stack.close();
    await redis.stop();
  }
}

function differenceOf(a: MonitorCounts, b: MonitorCounts): MonitorCounts {
  const out: MonitorCounts = new Map();
  for (const [key, n] of a) out.set(key, n - (b.get(key) ?? 0));
  return out;
}

/** Per call, the idle rate over the same time subtracted. */
function perCall(tally: Tally, idle: Tally, value: (t: Tally) => number): number {
  return (value(tally) - (value(idle) * tally.seconds) / idle.seconds) / CALLS;
}

const fixed = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : "n/a");
const signed = (n: number) => (n >= 0 ? `+${fixed(n)}` : fixed(n));
const sum = (counts: Map<string, number>, keep: (key: string) => boolean = () => true) =>
  [...counts].reduce((total, [key, n]) => (keep(key) ? total + n : total), 0);

/** MONITOR counts regrouped by `<process>\t<command or script>\t<call | inside>`. */
function byProcess(counts: MonitorCounts, owners: Map<number, string>): Map<string, number> {
  const out = new Map<string, number>();
  for (const [key, n] of counts) {
    const [source = "", what = "", kind = ""] = key.split("\t");
    const owner = owners.get(Number(source.split(":")[1])) ?? "other (closed)";
    const k = `${owner}\t${what}\t${kind}`;
    out.set(k, (out.get(k) ?? 0) + n);
  }
  return out;
}

function report(idle: Tally, runs: Tally[], owners: Map<number, string>, port: number): void {
  const [short, long] = runs as [Tally, Tally];
  const processes = ["gateway", "worker", "bench", "other (closed)"];
  const grouped = new Map([idle, ...runs].map((t) => [t, byProcess(t.monitor, owners)]));
  const of = (t: Tally) => grouped.get(t) ?? new Map<string, number>();
  const idleRate = sum(idle.stats) / idle.seconds;
  console.log(
    `\nredis commands per call: private redis-server :${port}, ${CALLS} fresh video-details ${GAP_MS} ms apart per run, ` +
      `idle ${idleRate.toFixed(1)} commands/s over ${idle.seconds.toFixed(0)} s subtracted`,
  );
  const row = (name: string, value: (t: Tally) => number) => {
    const [a, b] = runs.map((t) => perCall(t, idle, value)) as [number, number];
    return [name, fixed(a), fixed(b), signed(b - a)];
  };
  printTable([
    ["per call", short.label, long.label, "Δ"],
    [
      "wait at the client (mean)",
      `${(short.waitMs / 1000).toFixed(2)} s`,
      `${(long.waitMs / 1000).toFixed(2)} s`,
      "",
    ],
    ["answered (failed)", `${short.ok} (${short.failed})`, `${long.ok} (${long.failed})`, ""],
    row("commands (INFO commandstats)", (t) => sum(t.stats)),
    row("commands (MONITOR, the bench's INFO left out)", (t) => sum(of(t), (k) => !k.startsWith("bench\t"))),
    ...processes.map((p) => row(`  of them ${p}`, (t) => sum(of(t), (k) => k.startsWith(`${p}\t`)))),
  ]);
  console.log(
    `idle rate by process (commands/s): ${processes
      .map((p) => `${p} ${(sum(of(idle), (k) => k.startsWith(`${p}\t`)) / idle.seconds).toFixed(1)}`)
      .join(", ")}`,
  );

  // What the idle rate is: the worker's blocking pops and stalled checks, per queue (all queues of the catalog).
  const idleByWhat = new Map<string, number>();
  for (const [key, n] of of(idle)) {
    const what = key.split("\t")[1]?.replace(/ [a-z]+:marker$/, " <queue>:marker") ?? "";
    idleByWhat.set(what, (idleByWhat.get(what) ?? 0) + n / idle.seconds);
  }
  console.log(
    `idle rate by command or script, scripts' commands included (commands/s): ${[...idleByWhat]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([what, rate]) => `${what} ${rate.toFixed(1)}`)
      .join(", ")}`,
  );

  const names = [...new Set(runs.flatMap((t) => [...t.stats.keys()]))];
  const statRows = names
    .map((name) => row(name, (t) => t.stats.get(name) ?? 0))
    .filter((r) => Math.abs(Number(r[1])) >= 0.05 || Math.abs(Number(r[2])) >= 0.05)
    .sort((a, b) => Number(b[2]) - Number(a[2]));
  console.log("\nper command name (INFO commandstats; a script's commands counted as themselves), per call:");
  printTable([["command", short.label, long.label, "Δ"], ...statRows]);

  const keys = [...new Set(runs.flatMap((t) => [...of(t).keys()]))]
    .map((k) => k.split("\t").slice(0, 2).join("\t"))
    .filter((k, i, all) => all.indexOf(k) === i);
  const monitorRows = keys
    .map((k) => {
      const [owner = "", what = ""] = k.split("\t");
      const calls = (t: Tally) => of(t).get(`${k}\tcall`) ?? 0;
      const inside = (t: Tally) => of(t).get(`${k}\tinside`) ?? 0;
      const [c0, c1] = runs.map((t) => perCall(t, idle, calls)) as [number, number];
      const [i0, i1] = runs.map((t) => perCall(t, idle, inside)) as [number, number];
      const total = c1 + i1 - (c0 + i0);
      return {
        cells: [owner, what, fixed(c0), fixed(i0), fixed(c1), fixed(i1), signed(total)],
        total,
        c0,
        c1,
      };
    })
    .filter((r) => Math.abs(r.c0) >= 0.05 || Math.abs(r.c1) >= 0.05 || Math.abs(r.total) >= 0.05)
    .sort((a, b) => b.total - a.total);
  console.log(
    "\nper process and command or Lua script (MONITOR), per call: the command or script, and the commands a script ran",
  );
  printTable([
    ["process", "command or script", `${short.label}`, "inside", `${long.label}`, "inside", "Δ all"],
    ...monitorRows.map((r) => r.cells),
  ]);
}

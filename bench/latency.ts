/**
 * Section 1 of `npm run bench`: medians at concurrency 1 against baselines measured in the same run (bare
 * `GET /healthz`, the raw BullMQ round trip), throughput of the cheap paths at c=64, the breakdown of the two fresh
 * paths (gateway overhead, queue hop, upstream fetch, parse/normalise, charge) and the targets as PASS/FAIL.
 */
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { getter, load, sequential, summary, WARMUP_CALLS } from "./lib/measure.ts";
import { rawRoundTrips, startRawQueue } from "./lib/raw-queue.ts";
import type { BenchStack } from "./lib/stack.ts";
import { mean, ms, percent, printTable, verdict } from "./lib/stats.ts";
import type { Paths } from "./lib/targets.ts";

const CALLS = Number(process.env.BENCH_SEQUENTIAL ?? 200);
const THROUGHPUT_SECONDS = Number(process.env.BENCH_THROUGHPUT_SECONDS ?? 5);

/** Where the time of one fresh call went, means per call in ms (see {@link breakdown}). */
interface Breakdown {
  p50: number;
  p99: number;
  /** Mean latency at the client: the breakdown's parts are means too, so they add up to it. */
  meanMs: number;
  /** BullMQ `processedOn → finishedOn` of the call's job: the worker's whole share. */
  workerMs: number;
  /** BullMQ `timestamp → processedOn`: wait in Redis before a worker took the job. */
  queueWaitMs: number;
  /** The operation's handler (`sda:engine:handler` span): upstream fetch + parse/normalise. */
  handlerMs: number;
  upstreamMs: number;
  upstreamRequests: number;
  /** The settle call in the worker (`sda:engine:settle`), and the SQL of the money statements in it. */
  settleMs: number;
  settleSqlMs: number;
  /** The result cache write and the observers (History), run together after the settle (`sda:engine:store`). */
  storeMs: number;
  /** The rest of the worker's share: BullMQ's job handling, parameter parsing, the processor wrapper. */
  workerRestMs: number;
  /** The reservation statement in the gateway (SQL time). */
  reserveSqlMs: number;
  /** The gateway's enqueue and wait (`sda:queue:submit`) − the worker's share: the queue hop of these calls. */
  hopMs: number;
  /** Mean at the client − the enqueue and wait − the reservation: HTTP, auth, validation, the answer's JSON. */
  gatewayRestMs: number;
}

/** Jobs of `queue` that finished since `since` (epoch ms): their wait and run times. */
async function finishedJobs(stack: BenchStack, since: number) {
  const connection = new Redis(stack.redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue("videosite", { connection, prefix: stack.prefix });
  try {
    const jobs = await queue.getJobs(["completed"], 0, -1);
    return jobs
      .filter((j) => j.timestamp >= since && j.processedOn && j.finishedOn)
      .map((j) => ({
        wait: (j.processedOn as number) - j.timestamp,
        run: (j.finishedOn as number) - (j.processedOn as number),
      }));
  } finally {
    await queue.close();
    connection.disconnect();
  }
}

/**
 * c=1 series of a fresh path with the timing hooks' totals (`lib/timing-hook.ts`): the engine's spans in the worker
 * (handler, settle, store), the gateway's enqueue-and-wait span (`sda:queue:submit`), undici's upstream requests and
 * the money statements' SQL in both processes. Queue hop = the submit span − the worker's share; the gateway's own
 * share = the mean latency − the submit span − the reservation (made before the job is added).
 */
async function breakdown(stack: BenchStack, once: () => Promise<void>): Promise<Breakdown> {
  for (let i = 0; i < WARMUP_CALLS; i++) await once();
  await Promise.all([stack.timings("worker", true), stack.timings("gateway", true)]);
  const since = Date.now();
  const latencies = await sequential(once, CALLS, 0);
  const [worker, gateway] = await Promise.all([
    stack.timings("worker", true),
    stack.timings("gateway", true),
  ]);
  const jobs = await finishedJobs(stack, since);
  const { p50, p99 } = summary(latencies);
  const workerMs = mean(jobs.map((j) => j.run));
  const perCall = (total: number) => total / CALLS;
  const handlerMs = perCall(worker.handlerMs);
  const settleMs = perCall(worker.settleMs);
  const storeMs = perCall(worker.storeMs);
  const reserveSqlMs = perCall(gateway.moneySqlMs);
  return {
    p50,
    p99,
    meanMs: mean(latencies),
    workerMs,
    queueWaitMs: mean(jobs.map((j) => j.wait)),
    handlerMs,
    upstreamMs: perCall(worker.upstreamMs),
    upstreamRequests: perCall(worker.upstreamRequests),
    settleMs,
    settleSqlMs: perCall(worker.moneySqlMs),
    storeMs,
    workerRestMs: workerMs - handlerMs - settleMs - storeMs,
    reserveSqlMs,
    hopMs: perCall(gateway.submitMs) - workerMs,
    gatewayRestMs: mean(latencies) - perCall(gateway.submitMs) - reserveSqlMs,
  };
}

/** Runs section 1 and prints its tables and target lines. */
export async function runLatency(stack: BenchStack, secret: string, paths: Paths): Promise<void> {
  const auth = { authorization: `Bearer ${secret}` };
  const url = stack.gatewayUrl;
  console.log(
    `\n== 1. latency at c=1 (${CALLS} calls each, after ${WARMUP_CALLS} warm-up calls), same run ==\n`,
  );
  // The target's baseline is the round trip between two processes, as the gateway and the worker are deployed; the
  // one within a single process (no other process to wake) is shown beside it.
  const rawHere = await startRawQueue(stack.redisUrl, stack.prefix);
  const rawHereLatency = summary(await rawRoundTrips(rawHere, CALLS));
  await rawHere.close();
  const raw = await startRawQueue(stack.redisUrl, stack.prefix, true);
  const rawSeries = await rawRoundTrips(raw, CALLS);
  const rawLatency = summary(rawSeries);
  const rawMean = mean(rawSeries);
  await raw.close();
  const healthz = summary(await sequential(getter(`${url}/healthz`), CALLS));
  const hit = summary(await sequential(getter(`${url}${paths.cacheHit[0]}`, auth), CALLS));
  const account = summary(await sequential(getter(`${url}/v1/account`, auth), CALLS));
  const details = await breakdown(stack, getter(`${url}${paths.freshDetails[0]}`, auth));
  const transcript = await breakdown(stack, getter(`${url}${paths.transcript[0]}`, auth));
  printTable([
    ["path", "p50", "p99", "p50 / healthz p50"],
    [
      "raw BullMQ round trip, worker in its own process (baseline)",
      ms(rawLatency.p50),
      ms(rawLatency.p99),
      "",
    ],
    ["raw BullMQ round trip, worker in the same process", ms(rawHereLatency.p50), ms(rawHereLatency.p99), ""],
    ["GET /healthz (baseline)", ms(healthz.p50), ms(healthz.p99), "×1.00"],
    ...(
      [
        ["cache-hit video-details", hit],
        ["GET /v1/account", account],
        ["fresh video-details", details],
        ["transcript (replay)", transcript],
      ] as const
    ).map(([label, s]) => [label, ms(s.p50), ms(s.p99), `×${(s.p50 / healthz.p50).toFixed(2)}`]),
  ]);

  console.log(
    "\nbreakdown of the fresh paths at c=1 (means per call; spans and SQL from the bench's timing hooks):\n",
  );
  const row = (label: string, pick: (b: Breakdown) => string) => [label, pick(details), pick(transcript)];
  printTable([
    ["", "fresh video-details", "transcript"],
    row("mean at the client", (b) => ms(b.meanMs)),
    row("gateway (mean − its enqueue-and-wait span)", (b) => ms(b.gatewayRestMs + b.reserveSqlMs)),
    row("  reservation (SQL)", (b) => ms(b.reserveSqlMs)),
    row("  HTTP, auth, validation, answer", (b) => ms(b.gatewayRestMs)),
    row("queue hop (enqueue-and-wait span − worker)", (b) => ms(b.hopMs)),
    row("  of it: wait before a worker took the job", (b) => ms(b.queueWaitMs)),
    row("  for reference: raw BullMQ round trip mean (worker in its own process), same run", () =>
      ms(rawMean),
    ),
    row("worker (job processedOn → finishedOn)", (b) => ms(b.workerMs)),
    row("  handler (upstream fetch + parse/normalise)", (b) => ms(b.handlerMs)),
    row(
      "    of it: upstream fetch (replay, undici)",
      (b) => `${ms(b.upstreamMs)} (${b.upstreamRequests.toFixed(1)} req)`,
    ),
    row("    of it: parse/normalise and the handler's own reads (handler − fetch)", (b) =>
      ms(Math.max(0, b.handlerMs - b.upstreamMs)),
    ),
    row("  charge: settle (of it SQL)", (b) => `${ms(b.settleMs)} (${ms(b.settleSqlMs)})`),
    row("  result cache write + History, together", (b) => ms(b.storeMs)),
    row("  rest (BullMQ job handling, params)", (b) => ms(b.workerRestMs)),
  ]);

  console.log(`\nthroughput at c=64 (${THROUGHPUT_SECONDS} s each, autocannon), same run:\n`);
  const at64 = (path: string, headers = {}) =>
    load(url, { connections: 64, durationSeconds: THROUGHPUT_SECONDS, paths: [path], headers });
  const healthzLoad = await at64("/healthz");
  const hitLoad = await at64(paths.cacheHit[0] as string, auth);
  const accountLoad = await at64("/v1/account", auth);
  printTable([
    ["path", "req/s", "p50", "p99", "of healthz", "non-2xx"],
    ...(
      [
        ["GET /healthz (baseline)", healthzLoad],
        ["cache-hit video-details", hitLoad],
        ["GET /v1/account", accountLoad],
      ] as const
    ).map(([label, r]) => [
      label,
      r.requestsPerSecond.toFixed(0),
      ms(r.p50),
      ms(r.p99),
      percent(r.requestsPerSecond / healthzLoad.requestsPerSecond),
      String(r.non2xx + r.errors),
    ]),
  ]);

  console.log(
    "\ntargets (issue 9; reported, never failing the run; handler = the handler span: upstream fetch + parse/normalise):\n",
  );
  const hitShare = hitLoad.requestsPerSecond / healthzLoad.requestsPerSecond;
  console.log(
    verdict(hitShare >= 0.6, "cache-hit throughput ≥ 60 % of bare /healthz (c=64)", percent(hitShare)),
  );
  console.log(verdict(account.p50 <= 1.5, "GET /v1/account p50 ≤ 1.5 ms at c=1", ms(account.p50)));
  for (const [label, b] of [
    ["fresh video-details", details],
    ["transcript", transcript],
  ] as const) {
    const budget = rawLatency.p50 + b.handlerMs + 2;
    const stricter = rawHereLatency.p50 + b.handlerMs + 2;
    console.log(
      verdict(
        b.p50 <= budget,
        `${label} p50 ≤ raw BullMQ p50 + handler + 2 ms`,
        `${ms(b.p50)} vs ${ms(budget)} (same-process raw: ${ms(stricter)})`,
      ),
    );
  }
}

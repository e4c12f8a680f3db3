/**
 * Queue and gateway benchmark (`npm run bench`). In one run it measures:
 *  - raw BullMQ: Queue.add → a worker whose processor returns at once → the completion event;
 *  - the full gateway path: HTTP GET + key lookup + credit check + enqueue + worker (its own process, as deployed) +
 *    replay upstream (zero latency) + charge + envelope, for `GET /v1/videosite/transcript`;
 * and prints the median latency at concurrency 1 and the throughput at concurrency 64 for both, with their ratio.
 * Needs the local Redis and PostgreSQL (database `sda_bench`, created and migrated here).
 */
import { spawn } from "node:child_process";
import { performance } from "node:perf_hooks";
import { loadServiceEnv, replayOrigins, replayPathRules } from "@sda/catalog";
import { createLogger } from "@sda/core";
import { startGateway } from "@sda/gateway";
import { applyMigrations, ensureDatabase } from "@sda/ledger";
import { createRedis } from "@sda/queue";
import { defaultCorpusDir, startReplayServer } from "@sda/replay";
import { Queue, QueueEvents, Worker } from "bullmq";

const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 200);
const PARALLEL_TOTAL = Number(process.env.BENCH_PARALLEL ?? 2000);
const CONCURRENCY = 64;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

async function measure(label: string, once: () => Promise<void>) {
  for (let i = 0; i < 20; i++) await once(); // warm-up
  const latencies: number[] = [];
  for (let i = 0; i < SEQUENTIAL; i++) {
    const t = performance.now();
    await once();
    latencies.push(performance.now() - t);
  }
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < PARALLEL_TOTAL) await once();
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const result = { label, medianMs: median(latencies), throughput: PARALLEL_TOTAL / seconds };
  console.log(
    `${label.padEnd(14)} median ${result.medianMs.toFixed(2)} ms (c=1)   ${result.throughput.toFixed(0)} calls/s (c=${CONCURRENCY})`,
  );
  return result;
}

/** Resolves once a worker process is consuming the queue (BullMQ lists it as a worker). */
async function waitForWorker(queue: Queue) {
  for (let i = 0; i < 200; i++) {
    if ((await queue.getWorkers()).length > 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the worker process did not start");
}

async function main() {
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/sda_bench";
  await ensureDatabase(databaseUrl);
  await applyMigrations(databaseUrl);
  const prefix = `bench_${Date.now().toString(36)}`;
  const replay = await startReplayServer({
    dirs: [defaultCorpusDir(process.env.CORPUS_DIR)],
    pathRules: replayPathRules(),
  });
  const env = {
    DATABASE_URL: databaseUrl,
    QUEUE_PREFIX: prefix,
    LOG_LEVEL: "silent",
    ...replayOrigins(replay.origin),
    WORKER_CONCURRENCY: String(CONCURRENCY),
    // The per-key rate limit would measure itself, not the path.
    RATE_LIMIT_PER_SECOND: "1000000",
  };
  const config = loadServiceEnv(env);
  const log = createLogger({ name: "bench", level: "silent" });

  // Baseline: raw BullMQ round trip on the same Redis.
  const redis = createRedis(config.REDIS_URL);
  const queue = new Queue("raw", { connection: redis, prefix });
  // waitUntilFinished adds one listener per waiting call to the queue.
  queue.setMaxListeners(CONCURRENCY * 2);
  const events = new QueueEvents("raw", { connection: redis.duplicate(), prefix });
  await events.waitUntilReady();
  const rawWorker = new Worker("raw", async () => ({ ok: true }), {
    connection: redis.duplicate(),
    prefix,
    concurrency: CONCURRENCY,
  });
  await rawWorker.waitUntilReady();
  const raw = await measure("raw BullMQ", async () => {
    const job = await queue.add("x", {}, { removeOnComplete: { age: 60 } });
    await job.waitUntilFinished(events, 30_000);
  });

  // Full path: the gateway in this process, the worker as its own process (as deployed), the replay in this process.
  const gateway = await startGateway(config, log, { port: 0, host: "127.0.0.1" });
  const workerProcess = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_WORKER_PROF ? ["--cpu-prof", "--cpu-prof-dir=/tmp/prof"] : []),
      "--import",
      "tsx",
      "apps/worker/src/main.ts",
    ],
    {
      env: { ...process.env, ...env },
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  await waitForWorker(gateway.deps.bridge.queue("videosite"));
  const account = await gateway.deps.ledger.createAccount({ name: "bench", grant: 10_000_000 });
  const { secret } = await gateway.deps.ledger.createApiKey(account.id);
  const url = `${gateway.url}/v1/videosite/transcript?url=https://www.youtube.com/watch?v=M4gD1WSo5mA`;
  const full = await measure("gateway path", async () => {
    const response = await fetch(url, { headers: { authorization: `Bearer ${secret}` } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`gateway answered ${response.status}`);
  });

  console.log(
    `\nratio gateway/raw: latency ×${(full.medianMs / raw.medianMs).toFixed(1)}, throughput ×${(full.throughput / raw.throughput).toFixed(2)}`,
  );
  workerProcess.kill("SIGTERM");
  await new Promise((r) => workerProcess.once("exit", r));
  await gateway.close();
  await rawWorker.close();
  await events.close();
  await queue.obliterate({ force: true });
  await queue.close();
  redis.disconnect();
  await replay.close();
}

await main();

/**
 * Queue and gateway benchmark (`npm run bench`). In one run it measures:
 *  - raw BullMQ: Queue.add → a worker whose processor returns at once → the completion event;
 *  - the full gateway path: HTTP GET + key lookup + credit check + enqueue + worker + replay upstream (zero latency,
 *    in-process) + charge + envelope, for `GET /v1/videosite/transcript`;
 * and prints the median latency at concurrency 1 and the throughput at concurrency 64 for both, with their ratio.
 * Needs the local Redis and PostgreSQL (database `sda_bench`, created and migrated here).
 */
import { performance } from "node:perf_hooks";
import { createLogger, loadEnv } from "@sda/core";
import { startGateway } from "@sda/gateway";
import { applyMigrations, ensureDatabase } from "@sda/ledger";
import { createRedis } from "@sda/queue";
import { defaultCorpusDir, startReplayServer } from "@sda/replay";
import { startWorkers } from "@sda/worker";
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

async function main() {
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/sda_bench";
  await ensureDatabase(databaseUrl);
  await applyMigrations(databaseUrl);
  const prefix = `bench_${Date.now().toString(36)}`;
  const replay = await startReplayServer({ dirs: [defaultCorpusDir(process.env.CORPUS_DIR)] });
  const config = loadEnv({
    DATABASE_URL: databaseUrl,
    QUEUE_PREFIX: prefix,
    LOG_LEVEL: "silent",
    VIDEOSITE_ORIGIN: replay.origin,
    WORKER_CONCURRENCY: String(CONCURRENCY),
    // The per-key rate limit would measure itself, not the path.
    RATE_LIMIT_PER_SECOND: "1000000",
  });
  const log = createLogger({ name: "bench", level: "silent" });

  // Baseline: raw BullMQ round trip on the same Redis.
  const redis = createRedis(config.REDIS_URL);
  const queue = new Queue("raw", { connection: redis, prefix });
  // waitUntilFinished adds one listener per waiting call to the queue.
  queue.setMaxListeners(CONCURRENCY * 2);
  const events = new QueueEvents("raw", { connection: redis.duplicate(), prefix });
  await events.waitUntilReady();
  const worker = new Worker("raw", async () => ({ ok: true }), {
    connection: redis.duplicate(),
    prefix,
    concurrency: CONCURRENCY,
  });
  await worker.waitUntilReady();
  const raw = await measure("raw BullMQ", async () => {
    const job = await queue.add("x", {}, { removeOnComplete: { age: 60 } });
    await job.waitUntilFinished(events, 30_000);
  });

  // Full path.
  const gateway = await startGateway(config, log, { port: 0, host: "127.0.0.1" });
  const workers = await startWorkers(config, log);
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
  await workers.close(1000);
  await gateway.close();
  await worker.close();
  await events.close();
  await queue.obliterate({ force: true });
  await queue.close();
  redis.disconnect();
  await replay.close();
}

await main();

/**
 * Batch benchmark (`npm run bench:batch`). In one run, on the replay upstream (zero latency) with the worker in its own
 * process (as deployed):
 *  - idle: the median latency of a direct `GET /v1/videosite/video-details` at concurrency 1;
 *  - baseline: N direct calls at concurrency 16 through the gateway (wall time, calls/s);
 *  - batch: one N-item batch of the same calls (submit → `completedAt`; wall time, items/s) while a direct caller keeps
 *    calling at concurrency 1 (its median latency against the idle one).
 * Every call runs (no `cache=true`: each is a cache miss). Prints both throughputs, their ratio, and the latency ratio.
 * Needs the local Redis and PostgreSQL (database `sda_bench_batch`, created and migrated here).
 */
import { spawn } from "node:child_process";
import { performance } from "node:perf_hooks";
import { batchShare } from "@sda/batch/env";
import { recordingRules, replayOrigins } from "@sda/catalog";
import { createLogger, type ServiceConfig } from "@sda/core";
import { gatewayEnv, type RunningGateway, startGateway } from "@sda/gateway";
import { applyMigrations, ensureDatabase } from "@sda/ledger";
import { defaultCorpusDir, startReplayServer } from "@sda/replay";
import { loadServiceEnv } from "@sda/services/env";
import { deleteKeysWithPrefix } from "@sda/testing";
import pg from "pg";

const ITEMS = Number(process.env.BENCH_BATCH_ITEMS ?? 1000);
const DIRECT_CONCURRENCY = 16;
/** Latency the replay adds to every upstream answer (`BENCH_UPSTREAM_DELAY_MS`, default 0: the CPU-bound path). */
const DELAY_MS = Number(process.env.BENCH_UPSTREAM_DELAY_MS ?? 0);
const VIDEOS = ["M4gD1WSo5mA", "ud9d5cMDP_0"];

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const databaseUrl =
    process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/sda_bench_batch";
  await ensureDatabase(databaseUrl);
  await applyMigrations(databaseUrl);
  const prefix = `bench_batch_${Date.now().toString(36)}`;
  const replay = await startReplayServer({
    dirs: [defaultCorpusDir(process.env.CORPUS_DIR)],
    rules: recordingRules(),
    delayMs: DELAY_MS,
  });
  const env = {
    DATABASE_URL: databaseUrl,
    QUEUE_PREFIX: prefix,
    LOG_LEVEL: "silent",
    ...replayOrigins(replay.origin),
    // The per-key rate limit would measure itself, not the path.
    RATE_LIMIT_PER_SECOND: "1000000",
  };
  const config = loadServiceEnv({ ...process.env, ...env }, [gatewayEnv]);
  const log = createLogger({ name: "bench", level: "silent" });
  const gateway = await startGateway(config, log, { port: 0, host: "127.0.0.1" });
  const worker = spawn(process.execPath, ["--import", "tsx", "apps/worker/src/main.ts"], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "inherit", "inherit"],
  });
  try {
    await run(gateway, config);
  } finally {
    // Stop the worker process whatever happened, so a failed run leaves nothing behind.
    if (worker.exitCode === null) {
      const exited = new Promise((r) => worker.once("exit", r));
      worker.kill("SIGTERM");
      await exited;
    }
    await gateway.close();
    await replay.close();
    // Leave nothing behind: this run's Redis keys (queues, jobs, cache, limits) and its accounts' database.
    await deleteKeysWithPrefix(config.REDIS_URL, prefix);
    await dropDatabase(databaseUrl).catch(() => undefined);
  }
}

/** Drops the bench database (it is created and migrated anew by the next run). */
async function dropDatabase(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  url.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

async function run(gateway: RunningGateway, config: ServiceConfig) {
  const queue = gateway.deps.bridge.queue("videosite");
  while ((await queue.getWorkers()).length === 0) await sleep(100);

  const account = await gateway.deps.ledger.createAccount({ name: "bench", grant: 10_000_000 });
  const { secret } = await gateway.deps.ledger.createApiKey(account.id);
  const headers = { authorization: `Bearer ${secret}` };
  const videoUrl = (i: number) => `https://www.youtube.com/watch?v=${VIDEOS[i % VIDEOS.length]}`;
  const direct = async (i: number) => {
    const t = performance.now();
    const response = await fetch(
      `${gateway.url}/v1/videosite/video-details?url=${encodeURIComponent(videoUrl(i))}`,
      {
        headers,
      },
    );
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`direct call answered ${response.status}`);
    return performance.now() - t;
  };

  for (let i = 0; i < 30; i++) await direct(i); // warm-up
  const idle: number[] = [];
  for (let i = 0; i < 100; i++) idle.push(await direct(i));
  const idleP50 = median(idle);

  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: DIRECT_CONCURRENCY }, async () => {
      while (next < ITEMS) await direct(next++);
    }),
  );
  const directSeconds = (performance.now() - t0) / 1000;

  const calls = Array.from({ length: ITEMS }, (_, i) => ({
    path: "/v1/videosite/video-details",
    params: { url: videoUrl(i) },
  }));
  const t1 = performance.now();
  const submitted = await fetch(`${gateway.url}/v1/batch`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify({ calls }),
  });
  const { data } = (await submitted.json()) as { data: { batchId: string } };
  if (submitted.status !== 202) throw new Error(`batch submit answered ${submitted.status}`);
  let finished = false;
  const underLoad: number[] = [];
  const caller = (async () => {
    for (let i = 0; !finished; i++) underLoad.push(await direct(i));
  })();
  let final: { succeeded: number; failed: number; completedAt: string | null } = {
    succeeded: 0,
    failed: 0,
    completedAt: null,
  };
  while (!final.completedAt) {
    await sleep(50);
    const r = await fetch(`${gateway.url}/v1/batch/${data.batchId}`, { headers });
    final = ((await r.json()) as { data: typeof final }).data;
  }
  const batchSeconds = (performance.now() - t1) / 1000;
  finished = true;
  await caller;
  if (final.succeeded !== ITEMS) throw new Error(`batch ended with ${final.failed} failed items`);

  const share = batchShare(config);
  const directRate = ITEMS / directSeconds;
  const batchRate = ITEMS / batchSeconds;
  const loadedP50 = median(underLoad);
  console.log(
    `items                      ${ITEMS} video-details (cache miss), per-account cap ${share.fixed ?? `fair share of ${share.capacity}`}, upstream +${DELAY_MS} ms`,
  );
  console.log(
    `direct, c=${DIRECT_CONCURRENCY}               ${directSeconds.toFixed(2)} s   ${directRate.toFixed(0)} calls/s`,
  );
  console.log(`batch                      ${batchSeconds.toFixed(2)} s   ${batchRate.toFixed(0)} items/s`);
  console.log(`ratio batch/direct         ×${(batchRate / directRate).toFixed(2)} throughput`);
  console.log(
    `direct caller p50, c=1     idle ${idleP50.toFixed(1)} ms, during the batch ${loadedP50.toFixed(1)} ms (×${(loadedP50 / idleP50).toFixed(2)}, ${underLoad.length} calls)`,
  );
}

// Exit once the table is printed and everything is closed: a pooled connection or timer left open by a library must
// not keep a finished benchmark alive (it used to hang after its table).
await main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

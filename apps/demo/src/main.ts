import { type ChildProcess, spawn } from "node:child_process";
import { recordingRules, replayOrigins } from "@sda/catalog";
import { createLogger, EnvError, findUpwards, type RedisTarget, randomSuffix, rawEnv } from "@sda/core";
import { gatewayEnv } from "@sda/gateway/env";
import { applyMigrations, createPrismaClient, dropDatabase, ensureDatabase, Ledger } from "@sda/ledger";
import { createRedis, deleteKeysUnder, redisReady, redisTarget } from "@sda/queue";
import { defaultCorpusDir, startReplayServer } from "@sda/replay";
import { loadServiceEnv } from "@sda/services/env";
import { ensureDemoKey } from "./account.ts";
import { demoEnv } from "./env.ts";
import { describeDelivery, startInbox } from "./inbox.ts";
import { checkServices } from "./services.ts";
import { demoDatabase, demoWebhookEnv } from "./settings.ts";

// `npm run demo`: the whole service on the recorded corpus, in the foreground, until SIGINT/SIGTERM.
const log = createLogger({ name: "demo", level: "info", format: "pretty" });
/** The demo's own database once created (dropped on exit, also when the start fails half-way). */
let ownDatabase: string | null = null;

async function main() {
  // The gateway's slice too: the demo starts its gateway on the gateway's PORT and calls it there.
  const config = loadServiceEnv(undefined, [gatewayEnv, demoEnv]);
  const problems = await checkServices(redisTarget(config), config.DATABASE_URL);
  if (problems.length) {
    console.error(problems.join("\n"));
    process.exit(1);
  }
  // The inbox first: a busy port stops the demo before it creates anything.
  const inbox = await startInbox(config.DEMO_INBOX_PORT, (delivery) =>
    log.info(describeDelivery(delivery)),
  ).catch((error: unknown) => {
    console.error(
      `the demo's webhook inbox cannot listen on 127.0.0.1:${config.DEMO_INBOX_PORT} (${(error as Error).message}); ` +
        "set DEMO_INBOX_PORT to a free port (0: any)",
    );
    process.exit(1);
  });

  const suffix = randomSuffix();
  const database = demoDatabase(rawEnv(), config.DATABASE_URL, suffix);
  await ensureDatabase(database.url);
  if (database.own) ownDatabase = database.url;
  await applyMigrations(database.url);

  const dirs = config.REPLAY_DIRS ? config.REPLAY_DIRS.split(":").filter(Boolean) : [defaultCorpusDir()];
  const replay = await startReplayServer(
    { dirs, rules: recordingRules(), delayMs: config.REPLAY_DELAY_MS },
    config.REPLAY_PORT,
  );

  const prisma = createPrismaClient(database.url, 2);
  const demo = await ensureDemoKey(new Ledger(prisma), config.DEMO_API_KEY);
  await prisma.$disconnect();

  // QUEUE_PREFIX when given; else a prefix of its own, so a demo never picks up another run's jobs or cached results.
  // Either way every key under it is deleted on exit (see stop).
  const prefix = rawEnv().QUEUE_PREFIX ? config.QUEUE_PREFIX : `demo_${suffix}`;
  const env = {
    ...rawEnv(),
    DATABASE_URL: database.url,
    PORT: String(config.PORT),
    QUEUE_PREFIX: prefix,
    ...replayOrigins(replay.origin),
    ...demoWebhookEnv(rawEnv()),
    LOG_LEVEL: rawEnv().LOG_LEVEL ?? "warn",
    // A person reads the demo's terminal: readable lines unless asked for JSON (LOG_FORMAT=json).
    LOG_FORMAT: rawEnv().LOG_FORMAT ?? "pretty",
    // The demo checks every answer against the OpenAPI document and logs any mismatch (warn).
    VALIDATE_RESPONSES: rawEnv().VALIDATE_RESPONSES ?? "true",
  };
  let stopping = false;
  const children: ChildProcess[] = [];
  for (const app of ["gateway", "worker"]) {
    const child = spawn(process.execPath, processArgs(app), { env, stdio: "inherit" });
    child.once("exit", (code, signal) => {
      if (!stopping) {
        console.error(`${app} exited (${signal ?? code}); stopping the demo`);
        void stop(1);
      }
    });
    children.push(child);
  }

  const base = `http://127.0.0.1:${config.PORT}`;
  await waitReady(`${base}/readyz`, 30_000);

  async function stop(code: number) {
    if (stopping) return;
    stopping = true;
    for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
    await Promise.race([
      Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once("exit", r)) : null))),
      new Promise((r) => setTimeout(r, 15_000).unref()),
    ]);
    for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
    await replay.close();
    await inbox.close();
    await deleteDemoKeys(redisTarget(config), prefix);
    if (ownDatabase) await dropDemoDatabase(ownDatabase);
    process.exit(code);
  }
  process.on("SIGINT", () => void stop(0));
  process.on("SIGTERM", () => void stop(0));

  console.log(`
Social data API demo — gateway ${base}, one worker, replay upstream ${replay.origin} (${replay.entries.length} recorded answers)

  Demo API key (${demo.balance} credits):  ${demo.secret}
  Web dashboard (sign up for your own key):  ${base}/dashboard
  Webhook inbox (what your monitors and batches deliver):  ${inbox.url}/
  API reference (OpenAPI ${base}/v1/openapi.json):  ${base}/docs
  Database:  ${new URL(database.url).pathname.slice(1)}${database.own ? " (the demo's own, dropped on exit)" : ""}

  export KEY=${demo.secret}
  curl -H "Authorization: Bearer $KEY" "${base}/v1/videosite/transcript?url=https://www.youtube.com/watch?v=M4gD1WSo5mA"
  curl -H "X-API-Key: $KEY" "${base}/v1/videosite/video-details?url=https://youtu.be/M4gD1WSo5mA"
  curl -H "Authorization: Bearer $KEY" "${base}/v1/account"
  curl -H "Authorization: Bearer $KEY" "${base}/v1/account/usage?limit=5"
  curl "${base}/v1/openapi.json"

  # a monitor of a video's comments: its first run delivers them to the inbox at once, then every 15 minutes
  curl -X POST "${base}/v1/monitors" -H "Authorization: Bearer $KEY" -H "content-type: application/json" \\
    -d '{"path":"/v1/videosite/comments","params":{"url":"xaQJbozY_Is","limit":20},"schedule":{"every":"15m"},"webhookUrl":"${inbox.url}/hooks/demo","deliverInitial":true}'
  curl ${inbox.url}/

Ctrl-C stops everything.
`);
}

/**
 * Deletes the demo's Redis keys (queues, results, cache, rate limits) once its processes are stopped, where they
 * ran: the single Redis or the cluster (`REDIS_CLUSTER_NODES`, every master scanned).
 */
async function deleteDemoKeys(target: RedisTarget, prefix: string) {
  const redis = createRedis(target, { failFast: true });
  try {
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error("Redis not reachable within 5 s")), 5000).unref(),
    );
    await Promise.race([redisReady(redis), timeout]);
    const deleted = await deleteKeysUnder(redis, prefix);
    log.info({ prefix, deleted }, "demo Redis keys deleted");
  } catch (error) {
    log.warn({ err: error, prefix }, `could not delete the demo's Redis keys (${prefix}:*)`);
  } finally {
    redis.disconnect();
  }
}

/** Drops the demo's own database once its processes are stopped (a failure is logged, never thrown). */
async function dropDemoDatabase(url: string) {
  try {
    await dropDatabase(url);
    log.info({ database: new URL(url).pathname.slice(1) }, "demo database dropped");
  } catch (error) {
    log.warn({ err: error }, `could not drop the demo's database (${new URL(url).pathname.slice(1)})`);
  }
}

/** Node arguments that start a process: its bundle when built, else its TypeScript source through tsx. */
function processArgs(app: string): string[] {
  const bundle = findUpwards(import.meta.url, `apps/${app}/dist/main.js`);
  if (bundle) return [bundle];
  const source = findUpwards(import.meta.url, `apps/${app}/src/main.ts`);
  if (!source) throw new Error(`apps/${app} not found; run npm run build`);
  return ["--import", "tsx", source];
}

async function waitReady(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the gateway did not become ready at ${url} within ${timeoutMs / 1000} s`);
}

main().catch(async (error: unknown) => {
  if (error instanceof EnvError) console.error(error.message);
  else log.error({ err: error }, "demo failed");
  if (ownDatabase) await dropDemoDatabase(ownDatabase);
  process.exit(1);
});

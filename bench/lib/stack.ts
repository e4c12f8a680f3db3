/**
 * The service as deployed, started for one benchmark run: the gateway and the worker as their own processes (their
 * `main.ts` entry points), the HTTP replay of the recorded corpus as the upstream, a PostgreSQL database and a Redis
 * key prefix of this run only. Both are deleted when the run ends, also on SIGINT/SIGTERM.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { createServer } from "node:net";
import { recordingRules, replayOrigins } from "@sda/catalog";
import { applyMigrations, ensureDatabase } from "@sda/ledger";
import { defaultCorpusDir, type ReplayServer, startReplayServer } from "@sda/replay";
import { deleteKeysWithPrefix } from "@sda/testing";
import { Queue } from "bullmq";
import pg from "pg";
import type { ProcessMemory, ProcessTimings } from "./timing-hook.ts";

/** A running stack; `close` stops the processes and deletes the database and the Redis keys. */
export interface BenchStack {
  /** `http://127.0.0.1:<port>` of the gateway process. */
  gatewayUrl: string;
  databaseUrl: string;
  redisUrl: string;
  /** `QUEUE_PREFIX` of this run (`bench_<time>_<random>`). */
  prefix: string;
  replay: ReplayServer;
  /** The environment both processes got (the raw-queue baseline uses the same Redis and prefix). */
  env: Record<string, string>;
  /** Creates an account with `credits` and one API key, through the operator CLI (`apps/cli`). */
  createAccount(credits: number): Promise<{ accountId: string; secret: string }>;
  /** The timing hook's totals in the gateway or the worker process since the last reset (see `timing-hook.ts`). */
  timings(which: "gateway" | "worker", reset: boolean): Promise<ProcessTimings>;
  /** The gateway's or the first worker's `process.memoryUsage()` after a full garbage collection (bytes). */
  memory(which: "gateway" | "worker"): Promise<ProcessMemory>;
  /** Process id of the gateway process (for its CPU time). */
  gatewayPid: number;
  /** Process ids of the worker processes (the first, then any added by `addWorker`), for their CPU time. */
  workerPids(): number[];
  /** Starts one more worker process on the same stores; resolves once the videosite queue sees it. */
  addWorker(): Promise<void>;
  /** `SELECT` on this run's database (reconciliation reads). */
  sql<T extends object>(text: string, values?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/** The checkout whose gateway and worker run by default: this one. */
const ROOT = new URL("../../", import.meta.url).pathname;
const TSX = ["--import", "tsx"];
/**
 * Both service processes get the bench's timing hook (this checkout's), read over their IPC channel, and `--expose-gc`
 * so that the hook can collect garbage before it reports the heap (nothing else calls `gc`).
 */
const HOOK = ["--expose-gc", "--import", new URL("./timing-hook.ts", import.meta.url).pathname];

/**
 * Sends `message` to a service process's timing hook (`timing-hook.ts`) over its IPC channel and resolves with the
 * hook's answer of the same `type`. @throws when no answer came within 10 s.
 */
function askHook<Answer>(
  child: ChildProcess,
  which: string,
  message: { type: string } & Record<string, unknown>,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const onMessage = (answer: { type?: string }) => {
      if (answer.type !== message.type) return;
      clearTimeout(timer);
      child.off("message", onMessage);
      resolve(answer as Answer);
    };
    const timer = setTimeout(() => {
      child.off("message", onMessage);
      reject(new Error(`the ${which}'s timing hook did not answer`));
    }, 10_000);
    child.on("message", onMessage);
    child.send(message);
  });
}

/** A TCP port free on 127.0.0.1 right now (the OS's pick). */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

function run(args: string[], env: Record<string, string>, root: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env } });
    let out = "";
    let err = "";
    child.stdout.on("data", (c: Buffer) => (out += c));
    child.stderr.on("data", (c: Buffer) => (err += c));
    child.once("error", reject);
    child.once("close", (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${args.join(" ")}: ${err}`)),
    );
  });
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not happen within ${timeoutMs} ms`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Starts the stack. Server addresses: BENCH_PG_URL (default `postgresql://postgres@127.0.0.1:5432/postgres`, the
 * database of the run is created beside it) and REDIS_URL (default `redis://127.0.0.1:6379`).
 * @param extraEnv more variables for both processes (e.g. `WORKER_CONCURRENCY`).
 * @param root the checkout whose gateway, worker and CLI run (default: this one; another build for an A/B, `ab.ts`).
 * @param options `replayDelayMs`: latency the replay adds to every upstream answer (default 0); `redisUrl`: the
 *   Redis of this stack instead of REDIS_URL (section `redis` gives each run a private server).
 */
export async function startStack(
  extraEnv: Record<string, string> = {},
  root = ROOT,
  options: { replayDelayMs?: number; redisUrl?: string } = {},
): Promise<BenchStack> {
  const id = `${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const server = process.env.BENCH_PG_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
  const dbUrl = new URL(server);
  dbUrl.pathname = `/sda_bench_${id}`;
  const databaseUrl = dbUrl.toString();
  const redisUrl = options.redisUrl ?? process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
  const prefix = `bench_${id}`;
  const children: ChildProcess[] = [];
  let replay: ReplayServer | undefined;
  let pool: pg.Pool | undefined;
  let closed: Promise<void> | undefined;

  const close = () => {
    closed ??= (async () => {
      for (const child of children.reverse()) await stop(child).catch(() => undefined);
      await pool?.end().catch(() => undefined);
      await replay?.close().catch(() => undefined);
      await deleteKeysWithPrefix(redisUrl, prefix).catch(() => undefined);
      const admin = new pg.Client({ connectionString: server });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "sda_bench_${id}" WITH (FORCE)`).catch(() => undefined);
      await admin.end();
    })();
    return closed;
  };
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(
      `\n${signal}: stopping the stack, deleting database sda_bench_${id} and Redis keys ${prefix}:*`,
    );
    void close().finally(() => process.exit(130));
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);

  try {
    await ensureDatabase(databaseUrl);
    // The migrations of the checkout that runs (another build's schema may differ from this one's).
    await applyMigrations(databaseUrl, `${root.replace(/\/$/, "")}/prisma/migrations`);
    pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    replay = await startReplayServer({
      dirs: [defaultCorpusDir(process.env.CORPUS_DIR)],
      rules: recordingRules(),
      delayMs: options.replayDelayMs ?? 0,
    });
    const port = await freePort();
    const env: Record<string, string> = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      // The bench's own connections (its clean-up, the raw queue, MONITOR) speak to one Redis: a cluster setting in
      // the caller's environment must not move the stack's processes away from it.
      REDIS_CLUSTER_NODES: "",
      QUEUE_PREFIX: prefix,
      // BENCH_LOG_LEVEL=error shows the processes' errors (their logs go to this terminal).
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "silent",
      HOST: "127.0.0.1",
      PORT: String(port),
      // Every platform of the catalog goes to the replay: nothing reaches a live host.
      ...replayOrigins(replay.origin),
      // The per-key rate limit would measure itself, not the path.
      RATE_LIMIT_PER_SECOND: "1000000",
      ...extraEnv,
    };
    const gatewayProfile = process.env.BENCH_GATEWAY_PROF ? ["--cpu-prof", "--cpu-prof-dir=/tmp/prof"] : [];
    const gateway = spawn(
      process.execPath,
      [...gatewayProfile, ...TSX, ...HOOK, "apps/gateway/src/main.ts"],
      {
        cwd: root,
        env: { ...process.env, ...env },
        stdio: ["ignore", "inherit", "inherit", "ipc"],
      },
    );
    children.push(gateway);
    const spawnWorker = () => {
      const child = spawn(
        process.execPath,
        [
          ...(process.env.BENCH_WORKER_PROF ? ["--cpu-prof", "--cpu-prof-dir=/tmp/prof"] : []),
          ...TSX,
          ...HOOK,
          "apps/worker/src/main.ts",
        ],
        { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "inherit", "inherit", "ipc"] },
      );
      children.push(child);
      return child;
    };
    const worker = spawnWorker();
    const workers = [worker];
    const gatewayUrl = `http://127.0.0.1:${port}`;
    await until("the gateway answering /readyz", async () => (await fetch(`${gatewayUrl}/readyz`)).ok);
    const consumers = async (count: number) => {
      const videosite = new Queue("videosite", { connection: { url: redisUrl }, prefix });
      try {
        await until(
          `${count} worker(s) consuming the videosite queue`,
          async () => (await videosite.getWorkers()).length >= count,
        );
      } finally {
        await videosite.close();
      }
    };
    await consumers(1);

    const db = pool;
    return {
      gatewayUrl,
      databaseUrl,
      redisUrl,
      prefix,
      replay,
      env,
      async createAccount(credits) {
        const cli = [...TSX, "apps/cli/src/main.ts"];
        const account = JSON.parse(
          await run(
            [...cli, "account", "create", "--name", "bench", "--credits", String(credits), "--json"],
            env,
            root,
          ),
        ) as { id: string };
        const key = JSON.parse(
          await run([...cli, "key", "create", "--account", account.id, "--json"], env, root),
        ) as { secret: string };
        return { accountId: account.id, secret: key.secret };
      },
      timings: (which, reset) =>
        askHook<ProcessTimings>(which === "gateway" ? gateway : worker, which, {
          type: "bench:timings",
          reset,
        }),
      memory: (which) =>
        askHook<ProcessMemory>(which === "gateway" ? gateway : worker, which, { type: "bench:memory" }),
      gatewayPid: gateway.pid ?? 0,
      workerPids: () => workers.map((w) => w.pid ?? 0),
      async addWorker() {
        workers.push(spawnWorker());
        await consumers(workers.length);
      },
      async sql<T extends object>(text: string, values: unknown[] = []) {
        return (await db.query(text, values)).rows as T[];
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

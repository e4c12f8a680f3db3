import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { platforms } from "@sda/catalog";
import { gatewayEnv, type RunningGateway, startGateway } from "@sda/gateway";
import { createPrismaClient, type Ledger, type PrismaClient } from "@sda/ledger";
import type { ReplayFault, ReplayServer } from "@sda/replay";
import { loadServiceEnv } from "@sda/services/env";
import { defaultCorpusDir, deleteKeysWithPrefix, startReplay, testEnv, testLogger } from "@sda/testing";
import { type RunningWorkers, startWorkers, workerEnv } from "@sda/worker";
import { expect } from "vitest";
import { expectDocumentedAnswer } from "./contract.ts";
import { createOwnDatabase } from "./own-database.ts";

/** A whole service for one test file: replay upstream, gateway on a free port, workers (in-process by default). */
export interface Stack {
  replay: ReplayServer;
  gateway: RunningGateway;
  workers: RunningWorkers | null;
  ledger: Ledger;
  /**
   * The test's own PrismaClient on the stack's database, for setup and assertions on any table (the service's code
   * reaches the ledger's tables only through `ledger`).
   */
  prisma: PrismaClient;
  env: Record<string, string>;
  /** A new account with `credits` and a key for it. */
  account(credits?: number): Promise<{ accountId: string; keyId: string; key: string }>;
  /** GET `path` with the key (Bearer), query from `query`. */
  get(
    path: string,
    key: string | null,
    query?: Record<string, string>,
    headers?: Record<string, string>,
  ): Promise<ApiResponse>;
  /** Starts a worker as its own OS process (for crash tests). */
  spawnWorker(extraEnv?: Record<string, string>): ChildProcess;
  close(): Promise<void>;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON
  body: any;
}

/** How `startStack` sets up a service (all optional: the default is the recorded corpus, in-process workers). */
export interface StackOptions {
  /** Env over the test env (`testEnv`): tunables, fake provider URLs, other origins. */
  env?: Record<string, string | undefined>;
  /** `none`: no workers (calls wait out the deadline, or the test spawns worker processes with `spawnWorker`). */
  workers?: "in-process" | "none";
  /** Options of the in-process workers (an injected clock, webhook retry schedule). */
  workerOptions?: WorkerOptions;
  replayDelayMs?: number;
  /** Replay faults in force from the start (e.g. caption bodies held 1.5 s), for the whole stack's life. */
  replayFaults?: readonly ReplayFault[];
  /** Extra replay directories (test-only synthetic cases) served beside the recorded corpus. */
  replayDirs?: readonly string[];
  /**
   * A database of the stack's own (`sda_test_<label>_<hex>`, created and migrated first, dropped on close) instead
   * of the run's shared one: for a file that submits batches, so that no other file's batch sweeper runs, bills or
   * counts them in the fair share (batches carry no deployment prefix), and the file can run beside the others.
   */
  ownDatabase?: string;
}

type WorkerOptions = NonNullable<Parameters<typeof startWorkers>[2]>;

/** The request id the gateway answered with (`X-Service-Request-Id`), "" when absent. */
export const requestIdOf = (response: ApiResponse): string =>
  response.headers.get("x-service-request-id") ?? "";

/**
 * A response as `ApiResponse`: its body parsed as JSON, or kept as text when it is not JSON. A JSON answer of a
 * documented route is checked against the OpenAPI document (`expectDocumentedAnswer`): every suite proves the
 * contract on every answer it gets.
 */
async function readResponse(method: string, response: Response): Promise<ApiResponse> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text for the assertion message
  }
  expectDocumentedAnswer(method, response.url, response.status, body);
  return { status: response.status, headers: response.headers, body };
}

/**
 * `method path` to the stack's gateway with the key (Bearer) and a JSON body (POST, PATCH, DELETE; GET through
 * `stack.get`); a string body is sent as it is (malformed JSON for the parser's tests).
 */
export async function send(
  stack: Stack,
  method: string,
  path: string,
  key: string | null,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<ApiResponse> {
  const response = await fetch(new URL(path, stack.gateway.url), {
    method,
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
  });
  return readResponse(method, response);
}

/**
 * A replay fault holding every answer on `path` for `delayMs` (e.g. `/api/timedtext`, the caption bodies), so the calls
 * reaching it are certainly in flight (for `StackOptions.replayFaults` or `stack.replay.addFault`).
 */
export const holdReplies = (path: string, delayMs: number): ReplayFault => ({
  when: (r) => r.path === path,
  delayMs,
});

/**
 * Holds every answer on `path` until the returned release is called (the calls reaching it are certainly in flight,
 * and go on the moment they are released), `maxMs` at most so a failed test does not keep its stack from closing.
 * The release also removes the fault: later requests are not held.
 */
export function holdRepliesUntilReleased(
  stack: Pick<Stack, "replay">,
  path: string,
  maxMs = 60_000,
): () => void {
  let lift!: () => void;
  const until = new Promise<void>((resolve) => {
    lift = resolve;
  });
  const remove = stack.replay.addFault({ ...holdReplies(path, maxMs), until });
  return () => {
    remove();
    lift();
  };
}

/** Another gateway (own key cache, own request-log buffer) on the stack's Redis prefix and database, `env` over its env. */
export function startStackGateway(stack: Stack, env: Record<string, string> = {}): Promise<RunningGateway> {
  return startGateway(loadServiceEnv({ ...stack.env, ...env }, [gatewayEnv]), testLogger(), {
    port: 0,
    host: "127.0.0.1",
  });
}

/** In-process workers of the stack's service (for a stack started with `workers: "none"`), `env` over its env. */
export function startStackWorkers(
  stack: Stack,
  env: Record<string, string> = {},
  options?: WorkerOptions,
): Promise<RunningWorkers> {
  return startWorkers(loadServiceEnv({ ...stack.env, ...env }, [workerEnv]), testLogger(), options);
}

/** Sends `signal` to a worker process and waits for its exit. */
export async function stopWorker(worker: ChildProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  const exited = new Promise((resolve) => worker.once("exit", resolve));
  worker.kill(signal);
  await exited;
}

/** How many requests the stack's replay upstream has answered on `path`. */
export const replayHitsOn = (stack: Stack, path: string): number =>
  stack.replay.hits.filter((h) => h.path === path).length;

/**
 * Kills the worker process `worker` with SIGKILL once the replay was asked for one of `paths` (its job certainly in
 * flight), waits for its exit, calls `release` (lifting the fault that held the job) and starts another worker.
 */
export async function killWorkerInFlight(
  stack: Stack,
  worker: ChildProcess,
  paths: readonly string[],
  release: () => void,
): Promise<void> {
  await expect
    .poll(() => stack.replay.hits.some((h) => paths.includes(h.path)), { timeout: 20_000, interval: 50 })
    .toBe(true);
  await stopWorker(worker, "SIGKILL");
  release();
  stack.spawnWorker();
}

/** Starts a whole service (see `Stack`); test files get one from the `stack` fixture (./fixtures.ts). */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const replay = await startReplay(
    platforms,
    options.replayDirs ? [defaultCorpusDir(process.env.CORPUS_DIR), ...options.replayDirs] : undefined,
    options.replayDelayMs ? { delayMs: options.replayDelayMs } : {},
  );
  for (const fault of options.replayFaults ?? []) replay.addFault(fault);
  const own = options.ownDatabase === undefined ? null : await createOwnDatabase(options.ownDatabase);
  // The batch suites count running items against a fixed cap of 4 (the cancel and fairness cases); a suite about the
  // fair share sets `BATCH_MAX_RUNNING_PER_ACCOUNT: undefined`.
  const env = testEnv(
    { BATCH_MAX_RUNNING_PER_ACCOUNT: "4", ...options.env, ...(own ? { DATABASE_URL: own.url } : {}) },
    replay,
  );
  const config = loadServiceEnv(env, [gatewayEnv, workerEnv]);
  const log = testLogger();
  const gateway = await startGateway(config, log, { port: 0, host: "127.0.0.1" });
  const workers = options.workers === "none" ? null : await startWorkers(config, log, options.workerOptions);
  const ledger = gateway.deps.ledger;
  const prisma = createPrismaClient(config.DATABASE_URL, 2);
  const children: ChildProcess[] = [];
  return {
    replay,
    gateway,
    workers,
    ledger,
    prisma,
    env,
    async account(credits = 100) {
      const account = await ledger.createAccount({ name: "test", grant: credits });
      const key = await ledger.createApiKey(account.id);
      return { accountId: account.id, keyId: key.keyId, key: key.secret };
    },
    async get(p, key, query = {}, headers = {}) {
      const url = new URL(p, gateway.url);
      for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
      return readResponse(
        "GET",
        await fetch(url, { headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers } }),
      );
    },
    spawnWorker(extraEnv = {}) {
      const main = path.resolve(import.meta.dirname, "../../apps/worker/src/main.ts");
      const child = spawn(process.execPath, ["--import", "tsx", main], {
        env: { ...process.env, ...env, ...extraEnv },
        stdio: ["ignore", "inherit", "inherit"],
      });
      children.push(child);
      return child;
    },
    async close() {
      for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
      await workers?.close(1000);
      await gateway.close();
      await prisma.$disconnect();
      await replay.close();
      await deleteKeysWithPrefix(config.REDIS_URL, config.QUEUE_PREFIX);
      await own?.drop();
    },
  };
}

import { randomBytes } from "node:crypto";
import {
  bindHttpClient,
  CursorCodec,
  type HttpClient,
  type NoServices,
  type OperationContext,
  type PlatformEnv,
  type PlatformHttpClient,
  type PlatformRequest,
  type PlatformServices,
  type PlatformSpec,
} from "@sda/contract";
import {
  connectRedis,
  createLogger,
  type HandlerServiceInputs,
  type Logger,
  loadEnv,
  newId,
  redisPlatformStore,
  type ServiceConfig,
  ServiceError,
  stampPlatform,
} from "@sda/core";
import { deleteKeysUnder, redisTarget } from "@sda/queue";
import { defaultCorpusDir, type ReplayServer, startReplayServer } from "@sda/replay";
import { createHttpClient, originsFromConfig } from "@sda/upstream";
import { Redis } from "ioredis";
import { inject } from "vitest";

export { defaultCorpusDir };

/**
 * What a test routes to the replay of a platform: its name, hosts, origin variable, env slice and recording rule
 * (a `definePlatform` result: a platform package's own spec, or the catalog's `platforms` for a whole service).
 */
export type TestPlatform = Pick<PlatformSpec, "name" | "hosts" | "originVariable" | "env" | "recording">;

/** The replay upstream of a test, with the platforms it stands in for (their hosts are routed to it). */
export interface TestReplay extends ReplayServer {
  readonly platforms: readonly TestPlatform[];
}

/** A random Redis key prefix for one test file, so suites never see each other's queues or cache entries. */
export function randomPrefix(label = "t"): string {
  return `${label}_${randomBytes(4).toString("hex")}`;
}

/** A logger that prints nothing unless TEST_LOG_LEVEL is set. */
export function testLogger(): Logger {
  return createLogger({ name: "test", level: process.env.TEST_LOG_LEVEL ?? "silent" });
}

/**
 * The configuration of a test: this run's database, a random queue prefix, the replay's platforms' origins on it
 * (when given) and their env slices, plus overrides. Parsed by the same schema as production, with the replay's
 * platforms only: the other variables (a feature's, e.g. `ASR_FAST_BASE_URL`) stay in it as given, and each feature's
 * `.of(config)` parses them as the composed env would.
 */
export function testConfig(
  overrides: Record<string, string | undefined> = {},
  replay?: TestReplay,
): ServiceConfig {
  const env = testEnv(overrides, replay);
  return { ...env, ...loadEnv(env, replay?.platforms ?? []) };
}

/** The environment behind {@link testConfig} (for spawning a worker or gateway process with the same settings). */
export function testEnv(
  overrides: Record<string, string | undefined> = {},
  replay?: TestReplay,
): Record<string, string> {
  const env: Record<string, string | undefined> = {
    NODE_ENV: "test",
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    DATABASE_URL: inject("databaseUrl"),
    REDIS_URL: process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379",
    // A Redis Cluster instead (test/cluster: the suites run again on a cluster of their own).
    REDIS_CLUSTER_NODES: process.env.TEST_REDIS_CLUSTER_NODES,
    QUEUE_PREFIX: randomPrefix(),
    CURSOR_SECRET: "test-cursor-secret-0123456789",
    // Every answer of a test stack is checked against its documented schema (mismatches are logged).
    VALIDATE_RESPONSES: "true",
    // Test stacks sign up many dashboard accounts from 127.0.0.1, each expecting the sign-up grant; the cap itself
    // (3 per address per 24 h by default) is tested with its own low value (test/signup-abuse.test.ts).
    DASHBOARD_SIGNUP_GRANTS_PER_ADDRESS: "100000",
    ...Object.fromEntries((replay?.platforms ?? []).map((p) => [p.originVariable, replay?.origin])),
    ...overrides,
  };
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined));
}

/**
 * Starts the replay upstream for `platforms` on a free port, on the recorded corpus (or the given directories), with
 * each platform's recording rule.
 */
export async function startReplay(
  platforms: readonly TestPlatform[],
  dirs?: readonly string[],
  options: { delayMs?: number } = {},
): Promise<TestReplay> {
  const server = await startReplayServer({
    dirs: dirs ?? [defaultCorpusDir(process.env.CORPUS_DIR)],
    rules: Object.fromEntries(platforms.map((p) => [p.name, p.recording])),
    ...options,
  });
  return Object.assign(server, { platforms });
}

/**
 * The production HTTP client with the replay's platforms routed to it; a request no platform routes (a host missing
 * from its platform's `hosts`, a platform the replay does not stand in for) throws instead of reaching a live host.
 */
export function replayHttpClient(
  replay: TestReplay,
  timeoutMs = 10_000,
): HttpClient & { close(): Promise<void> } {
  return createHttpClient({
    origins: originsFromConfig(testEnv({}, replay), replay.platforms),
    liveHosts: false,
    timeoutMs,
    userAgent: "sda-test",
    log: testLogger(),
  });
}

/**
 * Builds a test context's handler services from its config, Redis and logger: the ones its handlers read (a platform
 * test passes its packages' builders, e.g. `(inputs) => ({ media: createMediaServices(inputs) })`; this package
 * depends on none of them). `Services` is what the context's `ctx.services` is typed as.
 */
export type TestServices<Services> = (inputs: HandlerServiceInputs) => Services;

/**
 * Options of a test's handler context: the credit balance `requireCredits` checks (default unlimited), a clock, the
 * handler services.
 */
export interface ContextOptions<Services = NoServices> {
  balance?: number;
  now?: () => Date;
  /**
   * The context's `ctx.services`, built once for it and typed as what it builds (default: none, typed so: a handler
   * that names a service does not take the context).
   */
  services?: TestServices<Services>;
  /**
   * Whose env slice `ctx.env` is, whose keys `ctx.store` holds and whose `ctx.http` is (default: the replay's platform,
   * when it has one).
   */
  platform?: string;
  /**
   * The operation's name inside the platform (`ctx.operation` `<platform>.<name>`, what `ctx.cursors` is bound to);
   * default `test`. A test calling several operations whose cursors must not mix binds each with {@link forOperation}.
   */
  operation?: string;
}

/**
 * A handler context (`OperationContext`) for calling a handler directly in a test: the replay HTTP client, a real
 * Redis connection (close it with `ctx.redis.quit()`), this run's config (`env` holds the replay's platforms'
 * slices), and `requireCredits` that checks against `balance` (default: unlimited).
 */
export function testContext<Env = Readonly<Record<string, unknown>>, Services = NoServices>(
  replay: TestReplay,
  options: ContextOptions<Services> & { config?: Record<string, string | undefined> } = {},
): TestContext<Env, Services> {
  const config = testConfig(options.config ?? {}, replay);
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null, lazyConnect: true });
  // One platform's context (`platformTest`) sees its own env slice, as in a worker; a context on a replay of several
  // platforms sees the whole configuration, and its store is shared by them.
  const platform =
    options.platform ?? (replay.platforms.length === 1 ? replay.platforms[0]?.name : undefined);
  const operation = `${platform ?? "test"}.${options.operation ?? "test"}`;
  return {
    platform: platform ?? "test",
    operation,
    requestId: newId("req"),
    jobId: newId("job"),
    accountId: "acct_test",
    config,
    env: (platform ? (config.platforms[platform] ?? {}) : config) as Env,
    log: testLogger(),
    http: bindHttpClient(replayHttpClient(replay), platform ?? "test"),
    store: redisPlatformStore(redis, config.QUEUE_PREFIX, platform ?? "test"),
    redis,
    keyPrefix: config.QUEUE_PREFIX,
    // None built: `Services` is `NoServices` then (nothing else to infer it from).
    services: (options.services?.({ config, redis, log: testLogger() }) ?? {}) as Services,
    cursors: new CursorCodec(config.CURSOR_SECRET).bind(operation),
    signal: new AbortController().signal,
    now: options.now ?? (() => new Date()),
    async requireCredits(credits) {
      const balance = options.balance ?? Number.POSITIVE_INFINITY;
      if (balance < credits)
        throw new ServiceError(
          "insufficient_credits",
          `this call needs ${credits} credits; the balance is ${balance}`,
        );
    },
  };
}

export { type ChatReply, type ReceivedChat, startFakeChat } from "./fake-chat.ts";
export { expectLedgerReconciled } from "./ledger-reconciled.ts";
export { capturingLogger, expectMalformedJobsRefused } from "./malformed-jobs.ts";
export { syntheticAudioCase } from "./synthetic-audio.ts";
export {
  recordedVideoVersionUrls,
  type SyntheticMediaCase,
  writeSyntheticMediaCase,
} from "./synthetic-media-case.ts";

/**
 * `ctx` with an HTTP client that keeps every request it sends (`sent`, in sending order) and passes it on to `ctx`'s
 * own client: for tests asserting on what went upstream (headers, bodies, identities). Streams are passed on unrecorded.
 */
export function recordingRequests<C extends OperationContext>(ctx: C): { ctx: C; sent: PlatformRequest[] } {
  const sent: PlatformRequest[] = [];
  const http: PlatformHttpClient = {
    request: (request, signal) => {
      sent.push(request);
      return ctx.http.request(request, signal);
    },
    stream: (request, signal) => ctx.http.stream(request, signal),
  };
  return { ctx: { ...ctx, http }, sent };
}

/**
 * `ctx` as the context of the platform's operation `name` (`ctx.operation` `<platform>.<name>`, `ctx.cursors` bound to
 * it), as the engine builds it for that operation: for a test whose cursors of one operation must be refused by
 * another, or that continues a cursor one operation issued for another (a comment's `repliesCursor`).
 */
export function forOperation<C extends OperationContext>(ctx: C, name: string): C {
  const cursors = ctx.cursors.of(name);
  return { ...ctx, operation: cursors.operationId, cursors };
}

/**
 * Calls `handler` as the engine runs the platform's operation `spec` (its name): `ctx` bound to it by
 * {@link forOperation}. A test failing with a {@link ServiceError} sees `details.platform` stamped as the engine
 * stamps it ({@link stampPlatform}).
 */
export function runAs<P, C extends OperationContext, R>(
  spec: { name: string },
  handler: (params: P, ctx: C) => Promise<R>,
  params: P,
  ctx: C,
): Promise<R> {
  return stampedFor(ctx, handler(params, forOperation(ctx, spec.name)));
}

/**
 * `work` (platform code running on `ctx`: a handler, a client, a reader) as the engine sees it end: a
 * {@link ServiceError} it rejects with gets `details.platform` (`ctx.platform`) unless it names one already.
 */
export async function stampedFor<R>(ctx: Pick<OperationContext, "platform">, work: Promise<R>): Promise<R> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof ServiceError) stampPlatform(error, ctx.platform);
    throw error;
  }
}

/**
 * Awaits a promise that must reject with a {@link ServiceError} and returns that error for assertions.
 * @throws Error when it resolves or rejects with anything else.
 */
export async function serviceErrorOf(promise: Promise<unknown>): Promise<ServiceError> {
  const outcome = await promise.then(
    (value) => ({ rejected: false as const, value }),
    (error: unknown) => ({ rejected: true as const, error }),
  );
  if (outcome.rejected && outcome.error instanceof ServiceError) return outcome.error;
  throw new Error(
    outcome.rejected
      ? `expected a ServiceError, got ${String(outcome.error)}`
      : "expected a ServiceError, but the call succeeded",
    outcome.rejected ? { cause: outcome.error } : undefined,
  );
}

/**
 * Deletes every Redis key under `prefix:` (a test's queues, cache entries, rate-limit and circuit keys), so test runs
 * leave nothing behind in a Redis that outlives them. On the cluster `TEST_REDIS_CLUSTER_NODES` names, when set.
 */
export async function deleteKeysWithPrefix(redisUrl: string, prefix: string): Promise<number> {
  const redis = connectRedis(
    redisTarget({ REDIS_URL: redisUrl, REDIS_CLUSTER_NODES: process.env.TEST_REDIS_CLUSTER_NODES ?? "" }),
    { maxRetriesPerRequest: null },
  );
  try {
    return await deleteKeysUnder(redis, prefix);
  } finally {
    redis.disconnect();
  }
}

/**
 * The context {@link testContext} builds, typed with a platform's env (`PlatformEnv<typeof xPlatform>`) and the handler
 * services it built (`PlatformServices<typeof xPlatform>`).
 */
export type TestContext<Env = Readonly<Record<string, unknown>>, Services = NoServices> = OperationContext<
  Env,
  Services
> & {
  /** This context's configuration (the replay's platforms' slices included). */
  config: ServiceConfig;
  /** Its Redis connection, for a test to look at or seed keys (close it with `redis.quit()`). */
  redis: Redis;
  /** Its key prefix (`QUEUE_PREFIX`): every key it wrote is under it. */
  keyPrefix: string;
};

/**
 * The handler context of one platform's tests (`platformTest(xPlatform)`'s `ctx`): its env, and the handler services
 * its handlers name.
 */
export type PlatformTestContext<P extends PlatformSpec> = TestContext<PlatformEnv<P>, PlatformServices<P>>;
export { type SyntheticAnswer, writeSyntheticCase } from "./synthetic-case.ts";

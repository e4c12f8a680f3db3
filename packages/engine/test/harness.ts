import { platforms, registry } from "@sda/catalog";
import { CursorCodec, type OperationSpec } from "@sda/contract";
import { newId } from "@sda/core";
import { createPrismaClient, Ledger } from "@sda/ledger";
import { createMediaServices } from "@sda/media";
import { createRedis } from "@sda/queue";
import { createStrategyServices } from "@sda/strategy";
import { summariserFromConfig } from "@sda/summarize";
import {
  deleteKeysWithPrefix,
  expectLedgerReconciled,
  randomPrefix,
  replayHttpClient,
  startReplay,
  testConfig,
  testLogger,
} from "@sda/testing";
import { expect, inject } from "vitest";
import type { JobRun } from "../src/jobs.ts";
import type { PlanDeps } from "../src/plan.ts";
import { ReleaseRetrier } from "../src/releases.ts";
import { ResultCache } from "../src/result-cache.ts";
import type { EngineDeps } from "../src/run-call.ts";

/** The real parts one engine test file runs a call through: both halves' deps over the replay, Redis and this run's database. */
export interface EngineHarness {
  deps: EngineDeps;
  plan: PlanDeps;
  prisma: ReturnType<typeof createPrismaClient>;
  /** The registry operation `id`. @throws Error when it does not exist. */
  op(id: string): OperationSpec;
  /** Requests the replay upstream has answered so far (a refused call must add none). */
  upstreamRequests(): number;
  /** One attempt of a job as a worker runs it (`finalAttempt` default false, a first run). */
  run(options?: { jobId?: string; finalAttempt?: boolean }): JobRun;
  /**
   * Asserts an account is consistent after a scenario: its ledger reconciles (`expectLedgerReconciled`: entries sum
   * to the balance, never negative, no request charged twice) and nothing is left reserved.
   * @returns its balance, in credits.
   */
  expectSettled(accountId: string): Promise<number>;
  /** Closes the replay and connections and deletes the file's Redis keys (call in `afterAll`). */
  close(): Promise<void>;
}

/**
 * Starts the replay and builds the engine deps (`runCall`) and plan deps (`planCall`) of one test file, under a
 * Redis prefix of its own (`label_…`) and a result cache keeping entries `cacheTtlSeconds`.
 */
export async function startEngineHarness(label: string, cacheTtlSeconds: number): Promise<EngineHarness> {
  const prisma = createPrismaClient(inject("databaseUrl"), 5);
  const replay = await startReplay(platforms);
  const prefix = randomPrefix(label);
  // One prefix for everything the file writes: the deps' own keys and the services built from `config` (the
  // strategies' health is kept under QUEUE_PREFIX), so `close` deletes them all.
  const config = testConfig({ QUEUE_PREFIX: prefix }, replay);
  const redisUrl = config.REDIS_URL;
  const redis = createRedis(redisUrl);
  const ledger = new Ledger(prisma);
  const cache = new ResultCache(redis, prefix, cacheTtlSeconds);
  const log = testLogger();
  const releases = new ReleaseRetrier(ledger, log);
  const reservationTtlSeconds = 600;
  return {
    deps: {
      registry,
      ledger,
      cache,
      http: replayHttpClient(replay),
      redis,
      keyPrefix: prefix,
      cursors: new CursorCodec(`${label}-test-cursor-secret`),
      config,
      log,
      // As the worker's wiring builds them (`createHandlerServices`, which this package cannot import: it wires the
      // engine), from the file's config: the catalog's handlers read them.
      services: {
        media: createMediaServices({ config, redis }),
        summariser: summariserFromConfig(config),
        strategy: createStrategyServices({ config, redis, log }),
      },
      releases,
      reservationTtlSeconds,
    },
    plan: { ledger, cache, releases, reservationTtlSeconds },
    prisma,
    op(id) {
      const found = registry.byId(id);
      if (!found) throw new Error(`no operation ${id}`);
      return found;
    },
    upstreamRequests: () => replay.hits.length,
    run(options = {}) {
      return {
        jobId: options.jobId ?? newId("job"),
        signal: new AbortController().signal,
        finalAttempt: options.finalAttempt ?? false,
        firstRun: true,
      };
    },
    async expectSettled(accountId) {
      await expectLedgerReconciled(prisma, [accountId]);
      const credits = await ledger.credits(accountId);
      expect(credits?.reserved).toBe(0);
      return credits?.balance ?? -1;
    },
    async close() {
      await releases.close();
      await replay.close();
      await deleteKeysWithPrefix(redisUrl, prefix);
      await prisma.$disconnect();
      redis.disconnect();
    },
  };
}

import { randomBytes } from "node:crypto";
import { createLogger, type HttpClient, type Logger, loadEnv, type ServiceConfig } from "@sda/core";
import { defaultCorpusDir, type ReplayServer, startReplayServer } from "@sda/replay";
import { createHttpClient } from "@sda/upstream";
import { inject } from "vitest";

export { defaultCorpusDir };

/** A random Redis key prefix for one test file, so suites never see each other's queues or cache entries. */
export function randomPrefix(label = "t"): string {
  return `${label}_${randomBytes(4).toString("hex")}`;
}

/** A logger that prints nothing unless TEST_LOG_LEVEL is set. */
export function testLogger(): Logger {
  return createLogger({ name: "test", level: process.env.TEST_LOG_LEVEL ?? "silent" });
}

/**
 * The configuration of a test: this run's database, a random queue prefix, every platform origin on the replay (when
 * given), plus overrides. Parsed by the same schema as production.
 */
export function testConfig(
  overrides: Record<string, string | undefined> = {},
  replay?: ReplayServer,
): ServiceConfig {
  const origin = replay?.origin;
  return loadEnv({
    NODE_ENV: "test",
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    DATABASE_URL: inject("databaseUrl"),
    REDIS_URL: process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379",
    QUEUE_PREFIX: randomPrefix(),
    CURSOR_SECRET: "test-cursor-secret-0123456789",
    VIDEOSITE_ORIGIN: origin,
    FORUMSITE_ORIGIN: origin,
    PHOTOSITE_ORIGIN: origin,
    ...overrides,
  });
}

/** Starts the replay upstream on the recorded corpus (or the given directories) on a free port. */
export function startReplay(
  dirs?: readonly string[],
  options: { delayMs?: number } = {},
): Promise<ReplayServer> {
  return startReplayServer({ dirs: dirs ?? [defaultCorpusDir(process.env.CORPUS_DIR)], ...options });
}

/** The production HTTP client with every platform routed to the replay. */
export function replayHttpClient(
  replay: ReplayServer,
  timeoutMs = 10_000,
): HttpClient & { close(): Promise<void> } {
  return createHttpClient({
    origins: { videosite: replay.origin, forumsite: replay.origin, photosite: replay.origin },
    timeoutMs,
    userAgent: "sda-test",
    log: testLogger(),
  });
}

import { Redis } from "ioredis";
import { test } from "vitest";
import { deleteKeysWithPrefix, randomPrefix, startReplay, testContext } from "./index.ts";

/**
 * A vitest `test` with the replay fixtures, instead of copied `beforeAll`/`afterAll` blocks:
 * - `replayDirs`: the corpus directories the replay serves (default: the recorded corpus); a file that adds test-only
 *   cases overrides it (`replayTest.extend("replayDirs", { scope: "file" }, …)`);
 * - `replay`: the replay upstream on `replayDirs` (every catalog platform's path rule), one per test file;
 * - `ctx`: a handler context on it (`testContext`: replay HTTP client, real Redis under a random key prefix, this
 *   run's config), one per test file; after the file its keys are deleted and its Redis connection closed.
 *
 * ```ts
 * replayTest("reads the recorded page", async ({ ctx }) => { expect((await getThing(params, ctx)).data)… });
 * ```
 */
export const replayTest = test
  .extend("replayDirs", { scope: "file" }, (): readonly string[] | undefined => undefined)
  .extend("replay", { scope: "file" }, async ({ replayDirs }, { onCleanup }) => {
    const replay = await startReplay(replayDirs);
    onCleanup(() => replay.close());
    return replay;
  })
  .extend("ctx", { scope: "file" }, async ({ replay }, { onCleanup }) => {
    const ctx = testContext(replay);
    onCleanup(async () => {
      await deleteKeysWithPrefix(ctx.config.REDIS_URL, ctx.keyPrefix);
      ctx.redis.disconnect();
    });
    return ctx;
  });

/** This run's Redis: `TEST_REDIS_URL`, else the local server. */
const testRedisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/**
 * A vitest `test` with Redis fixtures, instead of a copied connection, prefix list and `afterAll` cleanup:
 * - `redis`: one connection to this run's Redis per test file, closed after the file;
 * - `redisPrefix(label)`: a new random key prefix (`<label>_<hex>`); every key under each prefix it handed out is
 *   deleted after the file.
 *
 * ```ts
 * redisTest("counts", async ({ redis, redisPrefix }) => { const prefix = redisPrefix("count"); … });
 * ```
 */
export const redisTest = test
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from its destructuring.
  .extend("redis", { scope: "file" }, async ({}, { onCleanup }) => {
    const redis = new Redis(testRedisUrl, { maxRetriesPerRequest: null });
    onCleanup(async () => {
      await redis.quit();
    });
    return redis;
  })
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from its destructuring.
  .extend("redisPrefix", { scope: "file" }, ({}, { onCleanup }) => {
    const prefixes: string[] = [];
    onCleanup(async () => {
      for (const prefix of prefixes) await deleteKeysWithPrefix(testRedisUrl, prefix);
    });
    return (label: string): string => {
      const prefix = randomPrefix(label);
      prefixes.push(prefix);
      return prefix;
    };
  });

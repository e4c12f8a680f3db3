import path from "node:path";
import type { NoServices, PlatformEnv, PlatformServices, PlatformSpec } from "@sda/contract";
import type { ReplayServer } from "@sda/replay";
import { Redis } from "ioredis";
import { test } from "vitest";
import {
  type ContextOptions,
  defaultCorpusDir,
  deleteKeysWithPrefix,
  type PlatformTestContext,
  randomPrefix,
  startReplay,
  type TestServices,
  testContext,
} from "./index.ts";

/**
 * The one test fixture of every platform package (`packages/<name>/test/fixtures.ts`:
 * `export const test = platformTest(examplesitePlatform)`), instead of copied `beforeAll`/`afterAll` blocks. Every
 * fixture is file-scoped:
 * - `replayDirs`: the corpus directories the replay serves (default: the platform's own folder of the recorded
 *   corpus); a file that adds test-only cases overrides it (`test.extend("replayDirs", { scope: "file" }, …)`);
 * - `replay`: the replay upstream on `replayDirs`, standing in for the platform (its hosts, its recording rule);
 * - `ctx`: a handler context on it (`testContext`: replay HTTP client, real Redis under a random key prefix, this
 *   run's config with the platform's env slice, typed as its handlers read it);
 * - `contextWith(config, options?)`: a further context with config overrides (credentials, proxies, identities), a
 *   key prefix of its own (pauses and circuits of one test never reach another) and `testContext`'s options (a
 *   credit `balance`, a clock);
 * - `fault(fault)` (per test): a replay fault removed when the test ends.
 * After the file every context's Redis keys are deleted and its connection closed. `options.services` builds each
 * context's `ctx.services` (the platform's packages' builders; a context's own `services` option replaces it): every
 * service its handlers name (`PlatformServices`), so a fixture missing one does not compile.
 *
 * ```ts
 * test("reads the recorded page", async ({ ctx }) => { expect((await thingHandler(params, ctx)).data)… });
 * ```
 */
export function platformTest<P extends PlatformSpec>(platform: P, ...[options]: PlatformTestOptions<P>) {
  type Context = PlatformTestContext<P>;
  return (
    test
      .extend("replayDirs", { scope: "file" }, (): readonly string[] => [
        path.join(defaultCorpusDir(process.env.CORPUS_DIR), platform.name),
      ])
      .extend("replay", { scope: "file" }, async ({ replayDirs }, { onCleanup }) => {
        const replay = await startReplay([platform], replayDirs);
        onCleanup(() => replay.close());
        return replay;
      })
      .extend("contextWith", { scope: "file" }, ({ replay }, { onCleanup }) => {
        const made: Context[] = [];
        onCleanup(async () => {
          for (const ctx of made) {
            await deleteKeysWithPrefix(ctx.config.REDIS_URL, ctx.keyPrefix);
            ctx.redis.disconnect();
          }
        });
        return (
          config: Record<string, string | undefined> = {},
          contextOptions: ContextOptions<PlatformServices<P>> = {},
        ): Context => {
          const ctx = testContext<PlatformEnv<P>, PlatformServices<P>>(replay, {
            platform: platform.name,
            ...(options?.services ? { services: options.services } : {}),
            ...contextOptions,
            config: { QUEUE_PREFIX: randomPrefix(), ...config },
          });
          made.push(ctx);
          return ctx;
        };
      })
      .extend("ctx", { scope: "file" }, ({ contextWith }): Context => contextWith())
      // A replay fault for this test only: removed when the test ends (also when it fails); the returned function
      // removes it earlier.
      .extend("fault", async ({ replay }, { onCleanup }) => {
        const removers: (() => void)[] = [];
        onCleanup(() => {
          for (const remove of removers) remove();
        });
        return (fault: ReplayFault): (() => void) => {
          const remove = replay.addFault(fault);
          removers.push(remove);
          return remove;
        };
      })
  );
}

/**
 * The options of {@link platformTest}: the builder of the handler services its platform's handlers name, required
 * when they name any.
 */
type PlatformTestOptions<P extends PlatformSpec> =
  NoServices extends PlatformServices<P>
    ? [options?: { services?: TestServices<PlatformServices<P>> }]
    : [options: { services: TestServices<PlatformServices<P>> }];

/** A fault the replay answers instead of the recording (`ReplayServer.addFault`). */
type ReplayFault = Parameters<ReplayServer["addFault"]>[0];

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

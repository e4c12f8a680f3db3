import { deleteKeysWithPrefix, type TestContext, testContext } from "@sda/testing";
import { replayTest } from "@sda/testing/fixtures";

/**
 * Test support (imported by `*.test.ts` only): `replayTest` of `@sda/testing/fixtures` (the replay, one per file) plus
 * `contextWith(config)`, which makes a handler context on the replay with config overrides (sessions, proxies,
 * identities, providers). Each context has its own Redis prefix; after the test its keys are deleted and its Redis
 * connection closed.
 */
export const photositeTest = replayTest.extend("contextWith", async ({ replay }, { onCleanup }) => {
  const made: TestContext[] = [];
  onCleanup(async () => {
    for (const ctx of made) {
      await deleteKeysWithPrefix(ctx.config.REDIS_URL, ctx.keyPrefix);
      ctx.redis.disconnect();
    }
  });
  return (config: Record<string, string> = {}): TestContext => {
    const ctx = testContext(replay, { config });
    made.push(ctx);
    return ctx;
  };
});

import { test } from "vitest";
import { startReplay, testContext } from "./index.ts";

/**
 * A vitest `test` with the replay fixtures, instead of copied `beforeAll`/`afterAll` blocks:
 * - `replay`: the replay upstream on the recorded corpus (every catalog platform's path rule), one per test file;
 * - `ctx`: a handler context on it (`testContext`: replay HTTP client, real Redis, this run's config), one per test
 *   file, its Redis connection closed after the file.
 *
 * ```ts
 * replayTest("reads the recorded page", async ({ ctx }) => { expect((await getThing(params, ctx)).data)… });
 * ```
 */
export const replayTest = test
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this destructuring
  .extend("replay", { scope: "file" }, async ({}, { onCleanup }) => {
    const replay = await startReplay();
    onCleanup(() => replay.close());
    return replay;
  })
  .extend("ctx", { scope: "file" }, async ({ replay }, { onCleanup }) => {
    const ctx = testContext(replay);
    onCleanup(() => ctx.redis.disconnect());
    return ctx;
  });

import { test } from "vitest";
import { startReplay, testContext } from "./index.ts";

/**
 * A vitest `test` with the replay fixtures, instead of copied `beforeAll`/`afterAll` blocks:
 * - `replayDirs`: the corpus directories the replay serves (default: the recorded corpus); a file that adds test-only
 *   cases overrides it (`replayTest.extend("replayDirs", { scope: "file" }, …)`);
 * - `replay`: the replay upstream on `replayDirs` (every catalog platform's path rule), one per test file;
 * - `ctx`: a handler context on it (`testContext`: replay HTTP client, real Redis, this run's config), one per test
 *   file, its Redis connection closed after the file.
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
    onCleanup(() => ctx.redis.disconnect());
    return ctx;
  });

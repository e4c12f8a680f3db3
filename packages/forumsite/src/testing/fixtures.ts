import { rm } from "node:fs/promises";
import { defaultCorpusDir } from "@sda/replay";
import {
  deleteKeysWithPrefix,
  randomPrefix,
  recordingRequests,
  type SyntheticAnswer,
  type TestContext,
  testContext,
  writeSyntheticCase,
} from "@sda/testing";
import { replayTest } from "@sda/testing/fixtures";

/**
 * Test fixtures of the forumsite tests (imported by `*.test.ts` only), on top of `replayTest` of `@sda/testing`:
 * - `recordingContext(config?)`: a handler context of its own (own Redis prefix, so pauses and circuits of one test
 *   never reach another; `config` overrides such as OAuth credentials or proxies) whose HTTP client records every
 *   request it sends (`sent`). Its Redis keys are deleted and its connection closed after the file.
 *
 * A file that serves test-only answers overrides `replayDirs` with {@link syntheticReplayDirs}.
 */
export const forumTest = replayTest.extend(
  "recordingContext",
  { scope: "file" },
  ({ replay }, { onCleanup }) => {
    const contexts: TestContext[] = [];
    onCleanup(async () => {
      for (const ctx of contexts) {
        await deleteKeysWithPrefix(ctx.config.REDIS_URL, ctx.keyPrefix);
        ctx.redis.disconnect();
      }
    });
    return (config: Record<string, string> = {}) => {
      const ctx = testContext(replay, { config: { QUEUE_PREFIX: randomPrefix("fs"), ...config } });
      contexts.push(ctx);
      return recordingRequests(ctx);
    };
  },
);

/**
 * A `replayDirs` fixture serving one synthetic forumsite case (written to a temp dir, removed after the file), after
 * the recorded corpus when `withCorpus` is set: `forumTest.extend("replayDirs", { scope: "file" }, syntheticReplayDirs(…))`.
 */
export function syntheticReplayDirs(
  syntheticCase: { caseId: string; why: string; answers: readonly SyntheticAnswer[] },
  options: { withCorpus: boolean },
) {
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from its destructuring.
  return async ({}, { onCleanup }: { onCleanup: (fn: () => Promise<void>) => void }): Promise<string[]> => {
    const dir = await writeSyntheticCase({ platform: "forumsite", ...syntheticCase });
    onCleanup(() => rm(dir, { recursive: true, force: true }));
    return options.withCorpus ? [defaultCorpusDir(), dir] : [dir];
  };
}

import { rm } from "node:fs/promises";
import { createStrategyServices } from "@sda/strategy";
import type { PlatformTestContext } from "@sda/testing";
import { defaultCorpusDir, recordingRequests, type SyntheticAnswer, writeSyntheticCase } from "@sda/testing";
import { platformTest } from "@sda/testing/fixtures";
import { forumsitePlatform } from "../src/spec.ts";

/**
 * Test fixtures of the forumsite tests: `platformTest(forumsitePlatform)` (the replay, `ctx`, `contextWith`, with
 * the strategy services its chains read) plus
 * `recordingContext(config?)`: a handler context of its own (own Redis prefix, so pauses and circuits of one test
 * never reach another; `config` overrides such as OAuth credentials or proxies) whose HTTP client records every
 * request it sends (`sent`).
 *
 * A file that serves test-only answers overrides `replayDirs` with {@link syntheticReplayDirs}.
 */
export const forumTest = platformTest(forumsitePlatform, {
  services: (inputs) => ({ strategy: createStrategyServices(inputs) }),
}).extend(
  "recordingContext",
  { scope: "file" },
  ({ contextWith }) =>
    (config: Record<string, string> = {}) =>
      recordingRequests(contextWith(config)),
);

/** The handler context of the forumsite tests. */
export type ForumTestContext = PlatformTestContext<typeof forumsitePlatform>;

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

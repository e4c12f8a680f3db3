import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { OperationContext } from "@sda/core";
import { deleteKeysWithPrefix, startFakeAsr, syntheticAudioCase, testContext } from "@sda/testing";
import { replayTest } from "@sda/testing/fixtures";

/** The synthetic speech case of `@sda/testing`: its video id, transcript and lengths. */
export const synth = syntheticAudioCase();

/** Options of one audio handler context: a credit balance, and whether the fast ASR tier is configured at all. */
export interface AudioContextOptions {
  balance?: number;
  asr?: boolean;
}

/**
 * Test support (imported by `*.test.ts` only): `replayTest` plus the audio transcript's fixtures.
 * - `asr` (file): a fake ASR server that transcribes the synthetic video;
 * - `root` (file): the audio temp dir, removed after the file;
 * - `context(options)` (test): a new handler context on the replay with `asr` as the fast tier (or none with
 *   `asr: false`) and `root` as `AUDIO_TEMP_DIR`, each with its own Redis prefix (circuits and strategy health start
 *   fresh), whose keys are deleted and connection closed after the test.
 * A file with test-only media cases overrides `replayDirs` as with `replayTest`.
 */
export const audioTest = replayTest
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from its destructuring.
  .extend("asr", { scope: "file" }, async ({}, { onCleanup }) => {
    const asr = await startFakeAsr({
      transcript: synth.transcript,
      expectedDurationSeconds: synth.formatDurationSeconds,
    });
    onCleanup(() => asr.close());
    return asr;
  })
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from its destructuring.
  .extend("root", { scope: "file" }, async ({}, { onCleanup }) => {
    const root = await mkdtemp(path.join(tmpdir(), "videosite-audio-test-"));
    onCleanup(() => rm(root, { recursive: true, force: true }));
    return root;
  })
  .extend("context", ({ replay, asr, root }, { onCleanup }) => {
    const made: OperationContext[] = [];
    onCleanup(async () => {
      for (const ctx of made) {
        await deleteKeysWithPrefix(ctx.config.REDIS_URL, ctx.keyPrefix);
        ctx.redis.disconnect();
      }
    });
    return (options: AudioContextOptions = {}): OperationContext => {
      const ctx = testContext(replay, {
        ...(options.balance === undefined ? {} : { balance: options.balance }),
        config: { ASR_FAST_BASE_URL: options.asr === false ? undefined : asr.baseUrl, AUDIO_TEMP_DIR: root },
      });
      made.push(ctx);
      return ctx;
    };
  });

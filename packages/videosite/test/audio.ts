import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { syntheticAudioCase } from "@sda/testing";
import { startFakeAsr } from "../../media/test/fake-asr.ts";
import { type VideositeTestContext, videositeTest } from "./fixtures.ts";

/** The synthetic speech case of `@sda/testing`: its video id, transcript and lengths. */
export const synth = syntheticAudioCase();

/** Options of one audio handler context: a credit balance, and whether the fast ASR tier is configured at all. */
export interface AudioContextOptions {
  balance?: number;
  asr?: boolean;
}

/**
 * Test support (imported by `*.test.ts` only): `videositeTest` plus the audio transcript's fixtures.
 * - `asr` (file): a fake ASR server that transcribes the synthetic video;
 * - `root` (file): the audio temp dir, removed after the file;
 * - `context(options)` (test): a new handler context on the replay with `asr` as the fast tier (or none with
 *   `asr: false`) and `root` as `AUDIO_TEMP_DIR`, each with its own Redis prefix (circuits and strategy health start
 *   fresh), whose keys are deleted and connection closed after the file.
 * A file with test-only media cases overrides `replayDirs` as with `platformTest`.
 */
export const audioTest = videositeTest
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
  .extend(
    "context",
    ({ contextWith, asr, root }) =>
      (options: AudioContextOptions = {}): VideositeTestContext =>
        contextWith(
          { ASR_FAST_BASE_URL: options.asr === false ? undefined : asr.baseUrl, AUDIO_TEMP_DIR: root },
          options.balance === undefined ? {} : { balance: options.balance },
        ),
  );

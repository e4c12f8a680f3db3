import { rm } from "node:fs/promises";
import { recordedVideoVersionUrls, type SyntheticMediaCase, writeSyntheticMediaCase } from "@sda/testing";
import { type FakeAsrServer, startFakeAsr } from "../../media/test/fake-asr.ts";

/** How a file fixture registers its teardown (vitest's `onCleanup`). */
type OnCleanup = (cleanup: () => Promise<void>) => void;

/**
 * Test support (imported by tests only) of the reel speech operations, the package's and the HTTP suite's: writes the
 * synthetic case in which the recorded `video_versions` URLs of reel C10MvewSSYl serve the synthetic speech file of
 * audio-SynthAudio1 (the corpus holds no reel media file); the case's folder is removed on cleanup.
 */
export async function writeSyntheticReelMedia(onCleanup: OnCleanup): Promise<SyntheticMediaCase> {
  const synthetic = await writeSyntheticMediaCase({
    platform: "photosite",
    caseId: "synthetic-reel-media-C10MvewSSYl",
    mediaUrls: recordedVideoVersionUrls("photosite", "post-C10MvewSSYl-reel"),
    why: "the corpus holds no reel media file: the recorded video_versions URLs of reel C10MvewSSYl serve the synthetic speech file of audio-SynthAudio1",
  });
  onCleanup(() => rm(synthetic.dir, { recursive: true, force: true }));
  return synthetic;
}

/** A fake ASR provider that transcribes `synthetic`'s speech file (its transcript and duration), closed on cleanup. */
export async function startFakeAsrFor(
  synthetic: SyntheticMediaCase,
  onCleanup: OnCleanup,
): Promise<FakeAsrServer> {
  const asr = await startFakeAsr({
    transcript: synthetic.transcript,
    expectedDurationSeconds: synthetic.durationSeconds,
  });
  onCleanup(() => asr.close());
  return asr;
}

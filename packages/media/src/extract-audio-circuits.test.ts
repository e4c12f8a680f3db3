import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { serviceErrorOf, syntheticAudioCase, type TestContext } from "@sda/testing";
import { describe, expect } from "vitest";
import { test as mediaTest } from "../test/fixtures.ts";
import { extractSpeechAudio } from "./extract-audio.ts";
import { resolveFfmpegPath } from "./ffmpeg/binary.ts";
import { DirectUrlSource } from "./sources/direct-url.ts";
import { ExtractorSource } from "./sources/extractor.ts";
import { type MediaSettings, mediaCircuit, mediaCircuits } from "./transcribe-audio.ts";

// Issue 14: circuits per source. A 403 on the direct URL opens only `videosite:direct:android`; the extractor serves
// the same call within the same budget, and the next call skips the direct URL without a request.

const synth = syntheticAudioCase();

const settings: MediaSettings = {
  ffmpegPath: resolveFfmpegPath(),
  tempRoot: "",
  downloadBudgetMs: 20_000,
  extractorPath: null,
  asr: [],
  circuit: { cooldownSeconds: 300, maxWaitSeconds: 5 },
};

/** A source of {@link extractFrom}: a direct URL's circuit name (undefined: the default circuit) or the extractor. */
type SourceName = ConstructorParameters<typeof DirectUrlSource>[0]["circuit"];

/** Extracts the synthetic audio from `sources` in order, in a new job dir under `dir`, on `ctx`'s replay and Redis. */
async function extract(ctx: TestContext, files: { dir: string; extractor: string }, sources: SourceName[]) {
  const jobDir = await mkdtemp(path.join(files.dir, "job-"));
  return extractSpeechAudio({
    sources: sources.map((name) =>
      name === "extractor"
        ? new ExtractorSource({
            command: files.extractor,
            pageUrl: "https://www.youtube.com/watch?v=SynthAudio1",
          })
        : new DirectUrlSource({
            http: ctx.http,
            url: synth.formatUrl,
            label: "direct:itag140",
            ...(name ? { circuit: name } : {}),
          }),
    ),
    circuit: mediaCircuit(ctx, "unused-default", settings),
    circuitFor: mediaCircuits(ctx, settings),
    ffmpegPath: settings.ffmpegPath as string,
    downloadBudgetMs: settings.downloadBudgetMs,
    dir: jobDir,
    log: ctx.log,
    signal: ctx.signal,
  });
}

/**
 * `test` of `test/fixtures.ts` (replay, `ctx`) plus `files`: a temp dir holding the synthetic audio and an extractor script that
 * prints it (removed after the file), and `extract(sources)` on them; `hits()` counts the replay's media requests.
 */
const test = mediaTest
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from its destructuring.
  .extend("files", { scope: "file" }, async ({}, { onCleanup }) => {
    const dir = await mkdtemp(path.join(tmpdir(), "circuits-test-"));
    onCleanup(() => rm(dir, { recursive: true, force: true }));
    const audio = path.join(dir, "audio.m4a");
    await writeFile(audio, synth.audio);
    const extractor = path.join(dir, "extractor.sh");
    await writeFile(extractor, `#!/bin/sh\nexec cat "${audio}"\n`);
    await chmod(extractor, 0o755);
    return { dir, extractor };
  })
  .extend(
    "extract",
    { scope: "file" },
    ({ ctx, files }) =>
      (sources: SourceName[]) =>
        extract(ctx, files, sources),
  )
  .extend(
    "hits",
    { scope: "file" },
    ({ replay }) =>
      () =>
        replay.hits.filter((h) => h.path === "/videoplayback").length,
  );

describe("per-source blocked_rate circuits", () => {
  test("a 403 on the direct URL falls through to the extractor in the same call; only the direct circuit opens", async ({
    replay,
    ctx,
    extract,
    hits,
  }) => {
    const remove = replay.addFault({ when: (r) => r.path === "/videoplayback", status: 403 });
    try {
      const audio = await extract(["videosite:direct:android", "extractor"]);
      expect(audio.source).toEqual({ kind: "extractor", label: "extractor" });
      expect(audio.downloadedBytes).toBe(synth.audio.length);
      expect((await mediaCircuit(ctx, "videosite:direct:android", settings).read()).state).toBe("open");
      expect((await mediaCircuit(ctx, "extractor", settings).read()).state).toBe("closed");
      // The next call passes over the paused direct URL without a request.
      const before = hits();
      const again = await extract(["videosite:direct:android", "extractor"]);
      expect(again.source.kind).toBe("extractor");
      expect(hits()).toBe(before);
      // Another client's direct URL is not paused.
    } finally {
      remove();
    }
    const other = await extract(["videosite:direct:visionos"]);
    expect(other.source.kind).toBe("direct");
  });

  test("every source refused or paused: blocked_rate naming the source, Retry-After the cooldown", async ({
    replay,
    extract,
  }) => {
    const remove = replay.addFault({ when: (r) => r.path === "/videoplayback", status: 429 });
    try {
      const error = await serviceErrorOf(extract(["videosite:direct:test-a"]));
      expect(error.details).toMatchObject({
        reason: "blocked_rate",
        source: "videosite:direct:test-a",
        upstreamStatus: 429,
      });
      expect(error.retryAfterSeconds).toBe(300);
    } finally {
      remove();
    }
  });
});

import { execFile } from "node:child_process";
import { createReadStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { promisify } from "node:util";
import { syntheticAudioCase } from "@sda/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveFfmpegPath } from "./binary.ts";
import { probeAudio } from "./probe.ts";
import { FfmpegError, reencodeForSpeech, SPEECH_ENCODING } from "./reencode.ts";

const run = promisify(execFile);
const ffmpeg = resolveFfmpegPath() ?? "";
const synth = syntheticAudioCase();
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "reencode-test-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("speech re-encode", () => {
  it("turns the corpus's AAC stream into 16 kHz mono 32 kbit/s Ogg Vorbis of the same length, read from stdin", async () => {
    const output = path.join(dir, SPEECH_ENCODING.fileName);
    expect(await reencodeForSpeech(ffmpeg, Readable.from([synth.audio]), output)).toEqual({ errors: "" });
    const probe = await probeAudio(ffmpeg, output);
    expect(probe).toMatchObject({ codec: "vorbis", sampleRateHz: 16000, channels: 1 });
    expect(probe.container).toBe("ogg");
    expect(Math.abs((probe.durationSeconds ?? 0) - synth.formatDurationSeconds)).toBeLessThan(0.5);
    // An average of at most 32 kbit/s (4,000 bytes per second) with the container: 90 minutes must stay under the 25 MB upload ceiling,
    // i.e. below 4,629 bytes per second of audio.
    const bytes = (await stat(output)).size;
    expect(bytes / synth.formatDurationSeconds).toBeGreaterThan(3000);
    expect(bytes / synth.formatDurationSeconds).toBeLessThan(25_000_000 / 5400);
    expect(SPEECH_ENCODING.mimeType).toBe("audio/ogg");
  });

  it("cuts the output at maxSeconds", async () => {
    const output = path.join(dir, "cut.ogg");
    await reencodeForSpeech(ffmpeg, Readable.from([synth.audio]), output, { maxSeconds: 10 });
    expect((await probeAudio(ffmpeg, output)).durationSeconds).toBeCloseTo(10, 0);
  });

  it("an MP4 whose index is at the end fails from a pipe but re-encodes from the file", async () => {
    // Five minutes of 256 kbit/s AAC written without faststart: the moov atom lies beyond ffmpeg's probe window of a
    // pipe. Thirty seconds are encoded and copied ten times over (no second encode), which writes the same layout.
    const piece = path.join(dir, "piece.m4a");
    await run(ffmpeg, [
      ...["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "sine=frequency=440:duration=30"],
      ...["-c:a", "aac", "-b:a", "256k", "-y", piece],
    ]);
    const moovLast = path.join(dir, "moov-last.m4a");
    await run(ffmpeg, [
      ...["-hide_banner", "-loglevel", "error", "-stream_loop", "9", "-i", piece],
      ...["-c", "copy", "-y", moovLast],
    ]);
    // From a pipe ffmpeg exits 0 but logs the unreadable input and writes no audio (the Ogg file holds only the
    // Vorbis headers, a few KB).
    const fromPipe = await reencodeForSpeech(ffmpeg, createReadStream(moovLast), path.join(dir, "a.ogg"));
    expect(fromPipe.errors).toMatch(/partial file|Invalid data/);
    expect((await stat(path.join(dir, "a.ogg"))).size).toBeLessThan(8192);
    await expect(probeAudio(ffmpeg, path.join(dir, "a.ogg"))).rejects.toThrow(/does not recognise/);
    await reencodeForSpeech(ffmpeg, moovLast, path.join(dir, "b.ogg"));
    expect((await probeAudio(ffmpeg, path.join(dir, "b.ogg"))).durationSeconds).toBeCloseTo(300, 0);
    // Encoding and re-encoding five minutes of audio takes ~10 s of CPU alone; on a loaded machine it needs longer.
  }, 120_000);

  it("media without an audio stream fails with noAudioStream", async () => {
    const video = path.join(dir, "video-only.mp4");
    await run(ffmpeg, [
      "-hide_banner",
      "-loglevel",
      "error",
      "-f",
      "lavfi",
      "-i",
      "testsrc=duration=1:size=64x64:rate=5",
      "-c:v",
      "mpeg4",
      "-y",
      video,
    ]);
    const error = await reencodeForSpeech(ffmpeg, video, path.join(dir, "none.ogg")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FfmpegError);
    expect((error as FfmpegError).noAudioStream).toBe(true);
  });

  it("is killed when its signal aborts, and rejects with the signal's reason", async () => {
    const controller = new AbortController();
    const never = new Readable({ read() {} });
    const running = reencodeForSpeech(ffmpeg, never, path.join(dir, "aborted.ogg"), {
      signal: controller.signal,
    });
    controller.abort(new Error("job cancelled"));
    await expect(running).rejects.toThrow("job cancelled");
  });
});

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
  it("turns the corpus's AAC stream into 16 kHz mono 32 kbit/s MP3 of the same length, read from stdin", async () => {
    const output = path.join(dir, "speech.mp3");
    expect(await reencodeForSpeech(ffmpeg, Readable.from([synth.audio]), output)).toEqual({ errors: "" });
    const probe = await probeAudio(ffmpeg, output);
    expect(probe).toMatchObject({ codec: "mp3", sampleRateHz: 16000, channels: 1, bitrateKbps: 32 });
    expect(Math.abs((probe.durationSeconds ?? 0) - synth.formatDurationSeconds)).toBeLessThan(0.5);
    // Constant 32 kbit/s: 4,000 bytes per second of audio, so 90 minutes stay near 21.6 MB.
    const bytes = (await stat(output)).size;
    expect(bytes / synth.formatDurationSeconds).toBeGreaterThan(3900);
    expect(bytes / synth.formatDurationSeconds).toBeLessThan(4100);
    expect(SPEECH_ENCODING.mimeType).toBe("audio/mpeg");
  });

  it("cuts the output at maxSeconds", async () => {
    const output = path.join(dir, "cut.mp3");
    await reencodeForSpeech(ffmpeg, Readable.from([synth.audio]), output, { maxSeconds: 10 });
    expect((await probeAudio(ffmpeg, output)).durationSeconds).toBeCloseTo(10, 0);
  });

  it("an MP4 whose index is at the end fails from a pipe but re-encodes from the file", async () => {
    // Five minutes of 256 kbit/s AAC (about 9.6 MB) written without faststart: the moov atom lies beyond ffmpeg's
    // probe window of a pipe.
    const moovLast = path.join(dir, "moov-last.m4a");
    await run(ffmpeg, [
      ...["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "sine=frequency=440:duration=300"],
      ...["-c:a", "aac", "-b:a", "256k", "-y", moovLast],
    ]);
    // From a pipe ffmpeg exits 0 but logs the unreadable input and writes no audio.
    const fromPipe = await reencodeForSpeech(ffmpeg, createReadStream(moovLast), path.join(dir, "a.mp3"));
    expect(fromPipe.errors).toMatch(/partial file|Invalid data/);
    expect((await stat(path.join(dir, "a.mp3"))).size).toBeLessThan(1024);
    await reencodeForSpeech(ffmpeg, moovLast, path.join(dir, "b.mp3"));
    expect((await probeAudio(ffmpeg, path.join(dir, "b.mp3"))).durationSeconds).toBeCloseTo(300, 0);
  });

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
    const error = await reencodeForSpeech(ffmpeg, video, path.join(dir, "none.mp3")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FfmpegError);
    expect((error as FfmpegError).noAudioStream).toBe(true);
  });

  it("is killed when its signal aborts, and rejects with the signal's reason", async () => {
    const controller = new AbortController();
    const never = new Readable({ read() {} });
    const running = reencodeForSpeech(ffmpeg, never, path.join(dir, "aborted.mp3"), {
      signal: controller.signal,
    });
    controller.abort(new Error("job cancelled"));
    await expect(running).rejects.toThrow("job cancelled");
  });
});

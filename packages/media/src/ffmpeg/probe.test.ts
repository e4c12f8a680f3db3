import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { syntheticAudioCase } from "@sda/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveFfmpegPath } from "./binary.ts";
import { parseClockTime, parseInputDescription, probeAudio } from "./probe.ts";

const ffmpeg = resolveFfmpegPath() ?? "";
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "probe-test-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("ffmpeg input description", () => {
  it("reads container, codec, rate, channels, bitrate and duration of ffmpeg's -i output", () => {
    const stderr = [
      "Input #0, mp3, from '/tmp/speech.mp3':",
      "  Duration: 00:01:14.88, start: 0.069063, bitrate: 32 kb/s",
      "    Stream #0:0: Audio: mp3, 16000 Hz, mono, fltp, 32 kb/s",
      "At least one output file must be specified",
    ].join("\n");
    expect(parseInputDescription(stderr)).toEqual({
      container: "mp3",
      codec: "mp3",
      sampleRateHz: 16000,
      channels: 1,
      bitrateKbps: 32,
      durationSeconds: 74.88,
    });
  });

  it("takes the first audio stream after a video stream, and N/A durations as null", () => {
    const stderr = [
      "Input #0, matroska,webm, from 'pipe:0':",
      "  Duration: N/A, start: 0.000000, bitrate: N/A",
      "    Stream #0:0(eng): Video: vp9 (Profile 0), yuv420p(tv), 640x360, 25 fps",
      "    Stream #0:1(eng): Audio: opus, 48000 Hz, stereo, fltp (default)",
    ].join("\n");
    expect(parseInputDescription(stderr)).toMatchObject({
      container: "matroska,webm",
      codec: "opus",
      sampleRateHz: 48000,
      channels: 2,
      bitrateKbps: null,
      durationSeconds: null,
    });
    expect(parseClockTime("01:30:00.00")).toBe(5400);
    expect(parseClockTime("N/A")).toBeNull();
  });

  it("probes the corpus's synthetic audio file: AAC-LC mono 44.1 kHz in MP4, 74.8 s", async () => {
    const synth = syntheticAudioCase();
    const file = path.join(dir, "synth.m4a");
    await writeFile(file, synth.audio);
    const probe = await probeAudio(ffmpeg, file);
    expect(probe).toMatchObject({ codec: "aac", sampleRateHz: 44100, channels: 1 });
    expect(probe.container).toContain("mp4");
    expect(probe.durationSeconds).toBeCloseTo(synth.formatDurationSeconds, 1);
  });

  it("rejects a file ffmpeg does not recognise", async () => {
    const file = path.join(dir, "zeros.bin");
    await writeFile(file, Buffer.alloc(4096));
    await expect(probeAudio(ffmpeg, file)).rejects.toThrow(/does not recognise/);
  });
});

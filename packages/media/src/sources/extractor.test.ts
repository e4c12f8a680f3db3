import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { ServiceError } from "@sda/core";
import { syntheticAudioCase } from "@sda/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classifyExtractorFailure, ExtractorSource, extractorArguments } from "./extractor.ts";

// Stand-ins for a yt-dlp binary: shell scripts honouring the extractor contract (bytes on stdout, exit 0; or an
// `ERROR:` line on stderr and a non-zero exit).
let dir: string;
let audioFile: string;
const synth = syntheticAudioCase();

async function script(name: string, body: string): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, `#!/bin/sh\n${body}\n`);
  await chmod(file, 0o755);
  return file;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "extractor-test-"));
  audioFile = path.join(dir, "audio.m4a");
  await writeFile(audioFile, synth.audio);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const page = "https://www.youtube.com/watch?v=SynthAudio1";

describe("extractor command source", () => {
  it("streams the extractor's stdout, called with yt-dlp's arguments for best audio to stdout", async () => {
    const command = await script("ok.sh", `echo "$@" > "${dir}/args"\nexec cat "${audioFile}"`);
    const download = await new ExtractorSource({ command, pageUrl: page }).open(new AbortController().signal);
    expect((await buffer(download.body)).equals(synth.audio)).toBe(true);
    expect((await readFile(path.join(dir, "args"), "utf8")).trim()).toBe(extractorArguments(page).join(" "));
  });

  it.each([
    [
      "ERROR: [youtube] SynthAudio1: Unable to download webpage: HTTP Error 429: Too Many Requests",
      "blocked_rate",
    ],
    [
      "ERROR: [youtube] SynthAudio1: Sign in to confirm your age. This video may be inappropriate",
      "restricted",
    ],
    ["ERROR: [youtube] SynthAudio1: This live event will begin in 18 hours.", "live_unavailable"],
    ["ERROR: [youtube] SynthAudio1: Requested format is not available", "no_audio_format"],
    ["ERROR: [youtube] SynthAudio1: Unable to extract player response", "extractor_unavailable"],
  ])("a failed run printing %j is %s", async (line, reason) => {
    expect(classifyExtractorFailure(line)).toBe(reason);
    const command = await script(`fail-${reason}.sh`, `echo "${line}" >&2\nexit 1`);
    const download = await new ExtractorSource({ command, pageUrl: page }).open(new AbortController().signal);
    const error = await buffer(download.body).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).details.reason).toBe(reason);
  });

  it("a missing extractor binary is extractor_unavailable", async () => {
    const download = await new ExtractorSource({ command: path.join(dir, "missing"), pageUrl: page }).open(
      new AbortController().signal,
    );
    const error = (await buffer(download.body).catch((e: unknown) => e)) as ServiceError;
    expect(error.details.reason).toBe("extractor_unavailable");
  });

  it("an aborted download kills the extractor and ends with the abort reason", async () => {
    const command = await script("slow.sh", "sleep 30");
    const controller = new AbortController();
    const download = await new ExtractorSource({ command, pageUrl: page }).open(controller.signal);
    controller.abort(new Error("budget spent"));
    await expect(buffer(download.body)).rejects.toThrow("budget spent");
  });
});

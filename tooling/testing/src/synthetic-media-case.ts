import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { defaultCorpusDir, entryBody, loadCases } from "@sda/replay";
import { syntheticAudioCase } from "./synthetic-audio.ts";

/** What {@link writeSyntheticMediaCase} wrote: the replay directory to add, and what it serves. */
export interface SyntheticMediaCase {
  /** A corpus root (with one platform folder) to pass to the replay beside the recorded corpus. */
  dir: string;
  /** The spoken text of the served file (`log._transcript` of `audio-SynthAudio1`). */
  transcript: string;
  /** Length of the served audio, seconds (74.842). */
  durationSeconds: number;
}

/**
 * Writes a test-only replay case (in a new temp dir, never in the corpus) that serves the corpus' synthetic speech
 * file (`audio-SynthAudio1`'s `/videoplayback` body, AAC in MP4) at the given media URLs of a platform, e.g. the
 * recorded `video_versions` URLs of a reel whose real video the corpus does not hold. Each entry matches `GET` on the
 * URL's path only (the host is not compared, the signed query is left out) and is marked `_synthetic` with
 * `_syntheticWhy`.
 */
export async function writeSyntheticMediaCase(options: {
  platform: string;
  caseId: string;
  mediaUrls: readonly string[];
  why: string;
}): Promise<SyntheticMediaCase> {
  const synth = syntheticAudioCase();
  const dir = await mkdtemp(path.join(tmpdir(), "synthetic-media-"));
  const entries = [...new Set(options.mediaUrls.map((u) => new URL(u).pathname))].map((pathname) => ({
    startedDateTime: new Date(0).toISOString(),
    time: 0,
    request: {
      method: "GET",
      url: pathname,
      httpVersion: "HTTP/1.1",
      headers: [],
      queryString: [],
      cookies: [],
    },
    response: {
      status: 200,
      statusText: "OK",
      httpVersion: "HTTP/1.1",
      headers: [{ name: "Content-Type", value: "video/mp4" }],
      cookies: [],
      content: {
        size: synth.audio.length,
        mimeType: "video/mp4",
        text: synth.audio.toString("base64"),
        encoding: "base64",
      },
      redirectURL: "",
    },
    cache: {},
    timings: { send: 0, wait: 0, receive: 0 },
    _match: { method: "GET", path: pathname },
    _source: "synthetic (the body of corpus case audio-SynthAudio1, /videoplayback)",
    _synthetic: true,
    _syntheticWhy: options.why,
  }));
  const log = {
    version: "1.2",
    creator: { name: "sda-tests", version: "1.0" },
    _case: { id: options.caseId, platform: options.platform, covers: options.why },
    _transcript: synth.transcript,
    entries,
  };
  await mkdir(path.join(dir, options.platform), { recursive: true });
  await writeFile(path.join(dir, options.platform, `${options.caseId}.har`), JSON.stringify({ log }));
  return { dir, transcript: synth.transcript, durationSeconds: synth.formatDurationSeconds };
}

/**
 * The `video_versions[].url`s (the photo platform's video files) found anywhere in the JSON bodies of a recorded
 * case, in order, unique: the URLs a test serves the synthetic speech file at with {@link writeSyntheticMediaCase}.
 */
export function recordedVideoVersionUrls(platform: string, caseId: string): string[] {
  const found = loadCases(path.join(defaultCorpusDir(process.env.CORPUS_DIR), platform)).find(
    (c) => c.caseId === caseId,
  );
  if (!found) throw new Error(`corpus case ${platform}/${caseId} not found`);
  const urls = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) for (const item of node) walk(item);
    else if (node && typeof node === "object")
      for (const [key, value] of Object.entries(node)) {
        if (key === "video_versions" && Array.isArray(value))
          for (const v of value) if (typeof v?.url === "string") urls.add(v.url);
        walk(value);
      }
  };
  for (const entry of found.log.entries) {
    try {
      walk(JSON.parse(entryBody(entry).toString("utf8")));
    } catch {
      // not a JSON body (a page)
    }
  }
  return [...urls];
}

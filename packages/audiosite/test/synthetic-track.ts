import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { resolveFfmpegPath } from "@sda/media";
import { syntheticAudioCase } from "@sda/testing";
import { type FakeAsrServer, startFakeAsr } from "../../media/test/fake-asr.ts";
import { recordedJson } from "./corpus.ts";

/**
 * Test support (tests only) of the audio transcript: a test-only replay case (a new temp dir, never the corpus) whose
 * tracks serve espeak-ng speech as MP3. The corpus holds no SoundCloud audio; the speech is the corpus' synthetic
 * espeak-ng file (videosite `audio-SynthAudio1`, AAC in MP4, corpus README 5.2) re-encoded to MP3 with ffmpeg at test
 * time. Every entry is marked `_synthetic` with the reason. The tracks are the recorded `technicality` answer with a
 * new id, link, duration and formats:
 * - {@link SYNTHETIC_TRACK_URL}: one `progressive` `mp3_0_0` format whose stream URL serves the MP3;
 * - {@link SYNTHETIC_HLS_TRACK_URL}: a `progressive` format whose stream URL answers 404, then an `hls` one whose
 *   playlist lists the MP3 as its one segment (a 404 passes to the next format; HLS segments are concatenated).
 */

/** The synthetic track with a progressive MP3. */
export const SYNTHETIC_TRACK_URL = "https://soundcloud.com/sda-synthetic/espeak-speech";
/** The synthetic track whose progressive stream URL answers 404 and whose HLS stream serves the MP3. */
export const SYNTHETIC_HLS_TRACK_URL = "https://soundcloud.com/sda-synthetic/espeak-speech-hls";

/** What {@link writeSyntheticTrackCase} wrote. */
export interface SyntheticTrackCase {
  /** A corpus root (with an `audiosite` folder) to serve beside the recorded corpus. */
  dir: string;
  /** The spoken text (`log._transcript` of `audio-SynthAudio1`). */
  transcript: string;
  /** Length of the speech, seconds. */
  durationSeconds: number;
  /** The synthetic tracks' ids. */
  trackId: string;
  hlsTrackId: string;
}

const WHY =
  "the corpus holds no SoundCloud audio: a track answer (the recorded technicality track with a new id, link, duration and formats) whose stream URLs serve espeak-ng speech (audio-SynthAudio1) re-encoded to MP3";

/** One synthetic HAR entry answering `GET <pathname>` (query not matched) with `body`. */
function entry(
  pathname: string,
  query: Record<string, string>,
  mimeType: string,
  body: Buffer | string,
  status = 200,
) {
  const binary = Buffer.isBuffer(body);
  return {
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
      status,
      statusText: status === 200 ? "OK" : "Not Found",
      httpVersion: "HTTP/1.1",
      headers: [{ name: "Content-Type", value: mimeType }],
      cookies: [],
      content: {
        size: binary ? body.length : Buffer.byteLength(body),
        mimeType,
        text: binary ? body.toString("base64") : body,
        ...(binary ? { encoding: "base64" } : {}),
      },
      redirectURL: "",
    },
    cache: {},
    timings: { send: 0, wait: 0, receive: 0 },
    _match: { method: "GET", path: pathname, ...(Object.keys(query).length > 0 ? { query } : {}) },
    _source: "synthetic (audiosite audio-transcript tests)",
    _synthetic: true,
    _syntheticWhy: WHY,
  };
}

/** The espeak-ng speech of the corpus as MP3 (ffmpeg, libmp3lame, 64 kbit/s mono). */
async function speechAsMp3(audio: Buffer, dir: string): Promise<Buffer> {
  const ffmpeg = resolveFfmpegPath();
  if (!ffmpeg) throw new Error("no ffmpeg binary for the synthetic MP3");
  const input = path.join(dir, "speech.m4a");
  const output = path.join(dir, "speech.mp3");
  await writeFile(input, audio);
  await promisify(execFile)(ffmpeg, [
    "-hide_banner",
    "-loglevel",
    "error",
    "-y",
    "-i",
    input,
    "-ac",
    "1",
    "-b:a",
    "64k",
    output,
  ]);
  const mp3 = await readFile(output);
  await rm(input, { force: true });
  await rm(output, { force: true });
  return mp3;
}

/** A track answer built from the recorded `technicality` track (see the module comment). */
function syntheticTrack(id: string, url: string, durationMs: number, transcodings: object[]) {
  const template = recordedJson("track-garrett-cameron-1-technicality", 2) as Record<string, unknown>;
  return {
    ...template,
    id: Number(id),
    urn: `soundcloud:tracks:${id}`,
    uri: `https://api.soundcloud.com/tracks/soundcloud%3Atracks%3A${id}`,
    permalink: url.split("/").at(-1),
    permalink_url: url,
    title: "Synthetic espeak-ng speech",
    duration: durationMs,
    full_duration: durationMs,
    policy: "ALLOW",
    media: { transcodings },
    track_authorization: "synthetic",
    _synthetic: true,
  };
}

/** A transcoding entry of a synthetic track. */
const transcoding = (id: string, key: string, protocol: string, durationMs: number) => ({
  url: `https://api-v2.soundcloud.com/media/soundcloud:tracks:${id}/${key}/stream/${protocol}`,
  preset: "mp3_0_0",
  duration: durationMs,
  snipped: false,
  format: { protocol, mime_type: "audio/mpeg" },
  quality: "sq",
  is_legacy_transcoding: true,
});

/** Writes the synthetic case (see the module comment); remove `dir` when done. */
export async function writeSyntheticTrackCase(): Promise<SyntheticTrackCase> {
  const synth = syntheticAudioCase();
  const dir = await mkdtemp(path.join(tmpdir(), "synthetic-audiosite-"));
  const mp3 = await speechAsMp3(synth.audio, dir);
  const durationMs = Math.round(synth.formatDurationSeconds * 1000);
  const trackId = "9100000001";
  const hlsTrackId = "9100000002";
  const mp3Path = "/SynthSpeech01.128.mp3";
  const segmentPath = "/media/0/74842/SynthSpeech01.128.mp3";
  const hlsPlaylist = `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:75\n#EXTINF:${synth.formatDurationSeconds},\nhttps://cf-hls-media.sndcdn.com${segmentPath}\n#EXT-X-ENDLIST\n`;
  const json = (value: unknown) => JSON.stringify(value);
  const entries = [
    entry(
      "/resolve",
      { url: SYNTHETIC_TRACK_URL },
      "application/json",
      json(
        syntheticTrack(trackId, SYNTHETIC_TRACK_URL, durationMs, [
          transcoding(trackId, "synth-a", "progressive", durationMs),
        ]),
      ),
    ),
    entry(
      "/resolve",
      { url: SYNTHETIC_HLS_TRACK_URL },
      "application/json",
      json(
        syntheticTrack(hlsTrackId, SYNTHETIC_HLS_TRACK_URL, durationMs, [
          transcoding(hlsTrackId, "synth-b", "progressive", durationMs),
          transcoding(hlsTrackId, "synth-b", "hls", durationMs),
        ]),
      ),
    ),
    entry(
      `/media/soundcloud:tracks:${trackId}/synth-a/stream/progressive`,
      {},
      "application/json",
      json({
        url: `https://cf-media.sndcdn.com${mp3Path}?Policy=synthetic&Signature=synthetic`,
        _synthetic: true,
      }),
    ),
    entry(
      `/media/soundcloud:tracks:${hlsTrackId}/synth-b/stream/progressive`,
      {},
      "application/json",
      "{}",
      404,
    ),
    entry(
      `/media/soundcloud:tracks:${hlsTrackId}/synth-b/stream/hls`,
      {},
      "application/json",
      json({
        url: "https://cf-hls-media.sndcdn.com/playlist/SynthSpeech01.128.mp3/playlist.m3u8?Policy=synthetic",
        _synthetic: true,
      }),
    ),
    entry("/playlist/SynthSpeech01.128.mp3/playlist.m3u8", {}, "application/vnd.apple.mpegurl", hlsPlaylist),
    entry(mp3Path, {}, "audio/mpeg", mp3),
    entry(segmentPath, {}, "audio/mpeg", mp3),
  ];
  const log = {
    version: "1.2",
    creator: { name: "sda-tests", version: "1.0" },
    _case: { id: "synthetic-track-espeak-speech", platform: "audiosite", covers: WHY },
    _transcript: synth.transcript,
    entries,
  };
  await mkdir(path.join(dir, "audiosite"), { recursive: true });
  await writeFile(path.join(dir, "audiosite", "synthetic-track-espeak-speech.har"), JSON.stringify({ log }));
  return {
    dir,
    transcript: synth.transcript,
    durationSeconds: synth.formatDurationSeconds,
    trackId,
    hlsTrackId,
  };
}

/** How a file fixture registers its teardown (vitest's `onCleanup`). */
type OnCleanup = (cleanup: () => Promise<void>) => void;

/** {@link writeSyntheticTrackCase} as a file fixture: the case's folder is removed on cleanup. */
export async function syntheticTrackFixture(onCleanup: OnCleanup): Promise<SyntheticTrackCase> {
  const synthetic = await writeSyntheticTrackCase();
  onCleanup(() => rm(synthetic.dir, { recursive: true, force: true }));
  return synthetic;
}

/** A fake ASR provider transcribing the synthetic speech (its transcript and duration), closed on cleanup. */
export async function fakeAsrFor(
  synthetic: SyntheticTrackCase,
  onCleanup: OnCleanup,
): Promise<FakeAsrServer> {
  const asr = await startFakeAsr({
    transcript: synthetic.transcript,
    expectedDurationSeconds: synthetic.durationSeconds,
  });
  onCleanup(() => asr.close());
  return asr;
}

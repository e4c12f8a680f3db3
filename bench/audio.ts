/**
 * Audio re-encode benchmark (`npm run bench:audio`). In one run it:
 *  - generates 1, 10, 60 and 90 minutes of speech-like audio with ffmpeg's own sources (a voice of 5 harmonics whose
 *    pitch glides around 120 Hz, in syllables at 4 Hz with pauses, over quiet pink noise; as 128 kbit/s mono AAC in
 *    MP4 with the index first: the shape of the platform's itag 140);
 *  - measures the speech re-encode of the audio transcript operation (`reencodeForSpeech`: stdin → 16 kHz mono
 *    `SPEECH_ENCODING`, AAC in M4A) against a baseline measured in the same run, a plain decode of the same input
 *    (`-f null`), and against the encodings it replaced (MP3, then Ogg Vorbis), and prints the medians in audio
 *    seconds per wall second and their ratios, with PASS/FAIL against the 400× real-time target;
 *  - re-encodes the 90 minutes and checks the output size against the ~25 MB upload ceiling (exit code 1 above it).
 * Runs per length: BENCH_AUDIO_RUNS (default 3).
 */
import { spawn } from "node:child_process";
import { createReadStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { Readable } from "node:stream";
import { probeAudio, reencodeForSpeech, resolveFfmpegPath, SPEECH_ENCODING } from "@sda/media";
import { median, printTable } from "./lib/stats.ts";

const RUNS = Number(process.env.BENCH_AUDIO_RUNS ?? 3);
const MINUTES = [1, 10, 60];
const CEILING_BYTES = 25 * 1000 * 1000;
const BEFORE = ["-i", "pipe:0", "-map", "0:a:0", "-vn", "-ac", "1"];
/** The first speech encoding (16 kHz mono MP3, LAME quality 7: issue 9's 276×), measured in the same run. */
const MP3_BEFORE = [
  ...[...BEFORE, "-ar", "16000"],
  ...["-c:a", "libmp3lame", "-b:a", "32k", "-compression_level", "7", "-f", "mp3", "-y"],
];
/** The second one (16 kHz mono Ogg Vorbis at 32 kbit/s, 8-tap resampler), measured in the same run. */
const VORBIS_BEFORE = [
  ...[...BEFORE, "-af", "aresample=16000:filter_size=8"],
  ...["-c:a", "libvorbis", "-b:a", "32k", "-f", "ogg", "-y"],
];
/** Issue 9: the speech re-encode runs at least this many audio seconds per wall second. */
const TARGET_SPEED = 400;

function ffmpeg(binary: string, args: string[], input?: Readable): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, ["-hide_banner", "-loglevel", "error", ...args], {
      stdio: [input ? "pipe" : "ignore", "ignore", "inherit"],
    });
    if (input && child.stdin) {
      child.stdin.on("error", () => undefined);
      input.pipe(child.stdin);
    }
    child.once("error", reject);
    child.once("close", (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited ${code}`))));
  });
}

/** A voice: 5 harmonics of a pitch gliding 90–150 Hz, in syllables at 4 Hz, silent a third of the time. */
const VOICE =
  "0.25*(sin(2*PI*t*(120+30*sin(2*PI*0.7*t)))+0.5*sin(4*PI*t*(120+30*sin(2*PI*0.7*t)))" +
  "+0.3*sin(6*PI*t*(120+30*sin(2*PI*0.7*t)))+0.2*sin(10*PI*t*(120+30*sin(2*PI*0.7*t))))" +
  "*(0.5+0.5*sin(2*PI*4*t))*gt(sin(2*PI*0.3*t)\\,-0.5)";

/** `minutes` of mono 44.1 kHz speech-like audio as 128 kbit/s AAC in MP4 (moov first). */
async function generate(binary: string, dir: string, minutes: number): Promise<string> {
  const file = path.join(dir, `source-${minutes}m.m4a`);
  const seconds = minutes * 60;
  await ffmpeg(binary, [
    ...["-f", "lavfi", "-i", `aevalsrc='${VOICE}':s=44100:d=${seconds}`],
    ...["-f", "lavfi", "-i", `anoisesrc=color=pink:amplitude=0.02:sample_rate=44100:duration=${seconds}`],
    ...["-filter_complex", "amix=inputs=2:duration=shortest", "-ac", "1"],
    ...["-c:a", "aac", "-b:a", "128k", "-movflags", "+faststart", "-y", file],
  ]);
  return file;
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return (performance.now() - started) / 1000;
}

async function main() {
  const binary = resolveFfmpegPath();
  if (!binary) throw new Error("no ffmpeg binary (install @ffmpeg-installer/ffmpeg or set FFMPEG_PATH)");
  const dir = await mkdtemp(path.join(tmpdir(), "bench-audio-"));
  // Ctrl-C must not leave gigabytes of generated audio behind (ffmpeg children get the same SIGINT from the terminal).
  const onSignal = () => void rm(dir, { recursive: true, force: true }).finally(() => process.exit(130));
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  try {
    console.log(`ffmpeg: ${binary}\nruns per length: ${RUNS} (medians), in audio seconds per wall second\n`);
    const encoding = `${SPEECH_ENCODING.encoder} ${SPEECH_ENCODING.sampleRateHz / 1000} kHz mono ${SPEECH_ENCODING.bitrateKbps} kbit/s`;
    const rows = [
      [
        "length",
        "decode (baseline)",
        "MP3 (first)",
        "Vorbis (before)",
        `re-encode (${encoding})`,
        "× decode",
        "× MP3",
        "× Vorbis",
        `≥ ${TARGET_SPEED}×`,
      ],
    ];
    for (const minutes of MINUTES) {
      const source = await generate(binary, dir, minutes);
      const seconds = minutes * 60;
      const runs: Record<"decode" | "mp3" | "vorbis" | "encode", number[]> = {
        decode: [],
        mp3: [],
        vorbis: [],
        encode: [],
      };
      for (let run = 0; run < RUNS; run++) {
        const input = () => createReadStream(source);
        runs.decode.push(await timed(() => ffmpeg(binary, ["-i", "pipe:0", "-f", "null", "-"], input())));
        runs.mp3.push(
          await timed(() => ffmpeg(binary, [...MP3_BEFORE, path.join(dir, "before.mp3")], input())),
        );
        runs.vorbis.push(
          await timed(() => ffmpeg(binary, [...VORBIS_BEFORE, path.join(dir, "before.ogg")], input())),
        );
        const output = path.join(dir, `speech-${minutes}m.${SPEECH_ENCODING.fileName.split(".").pop()}`);
        runs.encode.push(await timed(() => reencodeForSpeech(binary, input(), output)));
      }
      const [decodeSpeed, mp3Speed, vorbisSpeed, encodeSpeed] = [
        runs.decode,
        runs.mp3,
        runs.vorbis,
        runs.encode,
      ].map((series) => seconds / median(series)) as [number, number, number, number];
      rows.push([
        `${minutes} min`,
        decodeSpeed.toFixed(0),
        mp3Speed.toFixed(0),
        vorbisSpeed.toFixed(0),
        `${encodeSpeed.toFixed(0)} (${median(runs.encode).toFixed(2)} s)`,
        `×${(encodeSpeed / decodeSpeed).toFixed(3)}`,
        `×${(encodeSpeed / mp3Speed).toFixed(2)}`,
        `×${(encodeSpeed / vorbisSpeed).toFixed(2)}`,
        encodeSpeed >= TARGET_SPEED ? "PASS" : "FAIL",
      ]);
      await rm(source, { force: true });
    }
    printTable(rows);

    const long = await generate(binary, dir, 90);
    const output = path.join(dir, `speech-90m.${SPEECH_ENCODING.fileName.split(".").pop()}`);
    const wall = await timed(() => reencodeForSpeech(binary, createReadStream(long), output));
    const bytes = (await stat(output)).size;
    const probe = await probeAudio(binary, output);
    console.log(
      `\n90 min: ${(bytes / 1e6).toFixed(2)} MB (${probe.sampleRateHz} Hz, ${probe.channels} channel, ${probe.bitrateKbps} kbit/s, ${probe.durationSeconds?.toFixed(0)} s) in ${wall.toFixed(1)} s; ceiling 25 MB: ${bytes < CEILING_BYTES ? "under" : "OVER"}`,
    );
    if (bytes >= CEILING_BYTES) process.exitCode = 1;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();

/**
 * Audio re-encode benchmark (`npm run bench:audio`). In one run it:
 *  - makes 1, 10, 60 and 90 minutes of speech by looping the corpus's synthetic speech (case `audio-SynthAudio1`,
 *    75 s of synthesised voice), as 128 kbit/s mono AAC in MP4 with the index first (the shape of the platform's
 *    itag 140). Speech, not a generated tone or noise: the encoders' speed and rate depend on the signal (ffmpeg's
 *    AAC encoder is faster than libvorbis on a tone and slower on speech, and overshoots its rate by a half on speech);
 *  - measures the speech re-encode of the audio transcript operation (`reencodeForSpeech`: stdin → 16 kHz mono
 *    `SPEECH_ENCODING`, Ogg Vorbis at 32 kbit/s) against a baseline measured in the same run, a plain decode of the
 *    same input (`-f null`), the MP3 encoding it replaced and the AAC alternative, and prints the medians in audio
 *    seconds per wall second and their ratios, with PASS/FAIL against the 400× real-time target;
 *  - re-encodes the 90 minutes and checks the output size against the ~25 MB upload ceiling (exit code 1 above it).
 * Runs per length: BENCH_AUDIO_RUNS (default 3).
 */
import { spawn } from "node:child_process";
import { createReadStream } from "node:fs";
import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { Readable } from "node:stream";
import { probeAudio, reencodeForSpeech, resolveFfmpegPath, SPEECH_ENCODING } from "@sda/media";
import { syntheticAudioCase } from "@sda/testing";
import { median, printTable } from "./lib/stats.ts";

const RUNS = Number(process.env.BENCH_AUDIO_RUNS ?? 3);
const MINUTES = [1, 10, 60];
const CEILING_BYTES = 25 * 1000 * 1000;
/** The speech encoding this replaced (16 kHz mono MP3, LAME quality 7), measured in the same run for the ratio. */
const MP3_BEFORE = [
  ...["-i", "pipe:0", "-map", "0:a:0", "-vn", "-ac", "1", "-ar", "16000"],
  ...["-c:a", "libmp3lame", "-b:a", "32k", "-compression_level", "7", "-f", "mp3", "-y"],
];
/** The alternative (16 kHz mono AAC-LC in M4A at 24 kbit/s nominal, same resampler), measured in the same run. */
const AAC_ALTERNATIVE = [
  ...["-i", "pipe:0", "-map", "0:a:0", "-vn", "-ac", "1", "-af", "aresample=16000:filter_size=8"],
  ...["-c:a", "aac", "-b:a", "24k", "-f", "ipod", "-y"],
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

/** `minutes` of the corpus's synthetic speech, looped, as mono 44.1 kHz 128 kbit/s AAC in MP4 (moov first). */
async function generate(binary: string, dir: string, minutes: number): Promise<string> {
  const voice = path.join(dir, "voice.m4a");
  await writeFile(voice, syntheticAudioCase().audio);
  const file = path.join(dir, `source-${minutes}m.m4a`);
  await ffmpeg(binary, [
    ...["-stream_loop", "-1", "-i", voice, "-t", String(minutes * 60), "-map", "0:a:0", "-ac", "1"],
    ...["-ar", "44100", "-c:a", "aac", "-b:a", "128k", "-movflags", "+faststart", "-y", file],
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
        "MP3 32 kbit/s (before)",
        "AAC 24 kbit/s (alternative)",
        `re-encode (${encoding})`,
        "× decode",
        "× MP3",
        "× AAC",
        `≥ ${TARGET_SPEED}×`,
      ],
    ];
    const sizes: string[] = [];
    for (const minutes of MINUTES) {
      const source = await generate(binary, dir, minutes);
      const seconds = minutes * 60;
      const runs = {
        decode: [] as number[],
        mp3: [] as number[],
        aac: [] as number[],
        encode: [] as number[],
      };
      const mp3 = path.join(dir, `before-${minutes}m.mp3`);
      const aac = path.join(dir, `alternative-${minutes}m.m4a`);
      const output = path.join(dir, `speech-${minutes}m.${SPEECH_ENCODING.format}`);
      for (let run = 0; run < RUNS; run++) {
        const input = () => createReadStream(source);
        runs.decode.push(await timed(() => ffmpeg(binary, ["-i", "pipe:0", "-f", "null", "-"], input())));
        runs.mp3.push(await timed(() => ffmpeg(binary, [...MP3_BEFORE, mp3], input())));
        runs.aac.push(await timed(() => ffmpeg(binary, [...AAC_ALTERNATIVE, aac], input())));
        runs.encode.push(await timed(() => reencodeForSpeech(binary, input(), output)));
      }
      const [decodeSpeed, mp3Speed, aacSpeed, encodeSpeed] = [
        runs.decode,
        runs.mp3,
        runs.aac,
        runs.encode,
      ].map((series) => seconds / median(series)) as [number, number, number, number];
      rows.push([
        `${minutes} min`,
        decodeSpeed.toFixed(0),
        mp3Speed.toFixed(0),
        aacSpeed.toFixed(0),
        `${encodeSpeed.toFixed(0)} (${median(runs.encode).toFixed(2)} s)`,
        `×${(encodeSpeed / decodeSpeed).toFixed(3)}`,
        `×${(encodeSpeed / mp3Speed).toFixed(2)}`,
        `×${(encodeSpeed / aacSpeed).toFixed(2)}`,
        encodeSpeed >= TARGET_SPEED ? "PASS" : "FAIL",
      ]);
      const kbps = async (file: string) => (((await stat(file)).size * 8) / seconds / 1000).toFixed(1);
      sizes.push(
        `${minutes} min: MP3 ${await kbps(mp3)}, AAC ${await kbps(aac)}, ${SPEECH_ENCODING.encoder} ${await kbps(output)} kbit/s`,
      );
      await rm(source, { force: true });
    }
    printTable(rows);
    console.log(`\nfile sizes as bit rates (container included): ${sizes.join("; ")}`);

    const long = await generate(binary, dir, 90);
    const output = path.join(dir, `speech-90m.${SPEECH_ENCODING.format}`);
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

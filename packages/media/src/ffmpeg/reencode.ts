import { spawn } from "node:child_process";
import type { Readable } from "node:stream";

/**
 * The speech encoding every upload uses (SPEC §4.2.2 rule 2): 16 kHz mono Vorbis in Ogg at an average of 32 kbit/s
 * (libvorbis's managed average bitrate: measured 26–27 kbit/s on speech and on noise, i.e. about 18 MB for
 * 90 minutes, under the ~25 MB upload ceiling of hosted ASR APIs). `.ogg` is in the format list of OpenAI's
 * `/audio/transcriptions` (flac, m4a, mp3, mp4, mpeg, mpga, oga, ogg, wav, webm) and of the servers that copy it
 * (Groq, whisper servers decoding with ffmpeg/PyAV).
 *
 * Why Vorbis (MP3 before): the encoder bounds the speed of the whole job (a plain decode runs at ~2,000× real time).
 * On the same 10-minute inputs in one run, with the bundled ffmpeg 4.1 static build, LAME at 32 kbit/s ran at
 * ~270×; ffmpeg's AAC encoder at ~310× on speech and overshot its bitrate by a third (43 kbit/s asked 32: 90 minutes
 * would be 29 MB); libopus at 80–270× (and Opus always decodes at 48 kHz); libvorbis at ~380×, ~410× with the
 * shorter resampling filter below: 1.4–1.5× LAME's speed in paired runs. `npm run bench:audio` measures it against
 * plain decode and against the MP3 encoding in the same run.
 */
export const SPEECH_ENCODING = {
  sampleRateHz: 16_000,
  channels: 1,
  bitrateKbps: 32,
  /** ffmpeg encoder and muxer. */
  encoder: "libvorbis",
  format: "ogg",
  fileName: "speech.ogg",
  mimeType: "audio/ogg",
} as const;

/**
 * The resampler: ffmpeg's default filter (32 taps) cost ~7 % of the re-encode; 8 taps keep the alias rejection far
 * beyond what speech recognition hears at 16 kHz.
 */
const RESAMPLE_FILTER = `aresample=${SPEECH_ENCODING.sampleRateHz}:filter_size=8`;

/**
 * The ffmpeg arguments of the speech re-encode: first audio stream only (`-map 0:a:0`, so media without audio fails
 * with "matches no streams"), downmixed and resampled, 32 kbit/s, at most `maxSeconds` of output.
 * @param input `pipe:0` to read stdin, or a file path.
 */
function reencodeArguments(input: string, output: string, maxSeconds?: number): string[] {
  return [
    "-hide_banner",
    "-loglevel",
    "error",
    "-i",
    input,
    "-map",
    "0:a:0",
    "-vn",
    "-ac",
    String(SPEECH_ENCODING.channels),
    "-af",
    RESAMPLE_FILTER,
    "-c:a",
    SPEECH_ENCODING.encoder,
    "-b:a",
    `${SPEECH_ENCODING.bitrateKbps}k`,
    ...(maxSeconds === undefined ? [] : ["-t", String(maxSeconds)]),
    "-f",
    SPEECH_ENCODING.format,
    "-y",
    output,
  ];
}

/** ffmpeg exited non-zero (or could not start); `stderr` holds its last error lines. */
export class FfmpegError extends Error {
  override name = "FfmpegError";
  constructor(
    message: string,
    readonly exitCode: number | null,
    readonly stderr: string,
  ) {
    super(message);
  }

  /** True when the input has no audio stream to encode. */
  get noAudioStream(): boolean {
    return /matches no streams|does not contain any stream|no audio/i.test(this.stderr);
  }
}

/** A finished re-encode. */
export interface ReencodeResult {
  /**
   * What ffmpeg logged at error level although it exited 0, e.g. `partial file` / `Invalid data found when
   * processing input` for an MP4 read from a pipe whose index is at the end: it then writes an empty file. Empty
   * when all went well.
   */
  errors: string;
}

/**
 * Runs the speech re-encode of `input` into `output` (see {@link reencodeArguments}).
 * @param input a stream piped to ffmpeg's stdin, or a file path (seekable: needed for MP4 with the index at the end).
 * @param options.signal kills ffmpeg (SIGKILL) when aborted; the promise rejects with the signal's reason.
 * @throws FfmpegError when ffmpeg exits non-zero or cannot be started.
 */
export function reencodeForSpeech(
  ffmpegPath: string,
  input: Readable | string,
  output: string,
  options: { maxSeconds?: number; signal?: AbortSignal } = {},
): Promise<ReencodeResult> {
  const fromStdin = typeof input !== "string";
  const args = reencodeArguments(fromStdin ? "pipe:0" : input, output, options.maxSeconds);
  return new Promise<ReencodeResult>((resolve, reject) => {
    const child = spawn(ffmpegPath, fromStdin ? args : ["-nostdin", ...args], {
      stdio: [fromStdin ? "pipe" : "ignore", "ignore", "pipe"],
      ...(options.signal ? { signal: options.signal } : {}),
      killSignal: "SIGKILL",
    });
    let stderr = "";
    child.stderr?.setEncoding("utf8");
    child.stderr?.on("data", (chunk: string) => {
      stderr = (stderr + chunk).slice(-4096);
    });
    if (fromStdin && child.stdin) {
      // ffmpeg may stop reading early (error, -t reached): a broken pipe is expected then, its exit code decides.
      child.stdin.on("error", () => undefined);
      input.on("error", () => child.stdin?.destroy());
      input.pipe(child.stdin);
    }
    child.once("error", (error) => {
      if (options.signal?.aborted) reject(options.signal.reason ?? error);
      else reject(new FfmpegError(`ffmpeg could not be started: ${error.message}`, null, stderr));
    });
    child.once("close", (code) => {
      if (fromStdin) (input as Readable).unpipe();
      if (options.signal?.aborted) reject(options.signal.reason);
      else if (code === 0) resolve({ errors: stderr.trim() });
      else reject(new FfmpegError(`ffmpeg exited with ${code}: ${lastLine(stderr)}`, code, stderr));
    });
  });
}

function lastLine(text: string): string {
  return text.trim().split("\n").pop() ?? "";
}

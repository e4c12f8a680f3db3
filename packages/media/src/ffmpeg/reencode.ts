import { spawn } from "node:child_process";
import type { Readable } from "node:stream";

/**
 * The speech encoding every upload uses (SPEC §4.2.2 rule 2): 16 kHz mono MP3 at a constant 32 kbit/s, i.e.
 * 4,000 bytes per second, so 90 minutes make about 21.6 MB, under the ~25 MB upload ceiling of hosted ASR APIs.
 * MP3 is the format every OpenAI-compatible `/audio/transcriptions` server accepts.
 */
export const SPEECH_ENCODING = {
  sampleRateHz: 16_000,
  channels: 1,
  bitrateKbps: 32,
  /** ffmpeg encoder and muxer. */
  encoder: "libmp3lame",
  format: "mp3",
  fileName: "speech.mp3",
  mimeType: "audio/mpeg",
} as const;

/**
 * LAME's algorithm quality (0 best … 9 fastest), not the bitrate: 7 is LAME's "fast, OK quality" preset. On this
 * machine it re-encoded 10 minutes in 1.7 s instead of 3.2 s with ffmpeg's default, as fast as 9; at a constant
 * 32 kbit/s the bitrate, not the search effort, bounds what reaches the ASR model.
 */
const LAME_QUALITY = "7";

/**
 * The ffmpeg arguments of the speech re-encode: first audio stream only (`-map 0:a:0`, so media without audio fails
 * with "matches no streams"), downmixed and resampled, constant bitrate, at most `maxSeconds` of output.
 * @param input `pipe:0` to read stdin, or a file path.
 */
export function reencodeArguments(input: string, output: string, maxSeconds?: number): string[] {
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
    "-ar",
    String(SPEECH_ENCODING.sampleRateHz),
    "-c:a",
    SPEECH_ENCODING.encoder,
    "-b:a",
    `${SPEECH_ENCODING.bitrateKbps}k`,
    "-compression_level",
    LAME_QUALITY,
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

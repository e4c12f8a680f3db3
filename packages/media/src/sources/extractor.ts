import { spawn } from "node:child_process";
import { PassThrough } from "node:stream";
import { type AudioExtractReason, audioExtractError } from "../extract-error.ts";
import type { AudioDownload, AudioSource } from "./audio-source.ts";

/**
 * The arguments the extractor command gets (yt-dlp's flags): the best audio-only format (else the best muxed one),
 * written to stdout, no playlist expansion, no progress output.
 */
export function extractorArguments(pageUrl: string): string[] {
  return [
    "--no-playlist",
    "--no-progress",
    "--quiet",
    "--no-warnings",
    "--format",
    "bestaudio/best",
    "--output",
    "-",
    pageUrl,
  ];
}

/** Bytes of the extractor's stderr kept for classification and logs. */
const STDERR_KEPT = 8192;

// Ordered: a rate limit or bot wall is about the service, so it wins over texts about the video.
const STDERR_RULES: readonly [RegExp, AudioExtractReason][] = [
  [/HTTP Error 4(03|29)|Too Many Requests|rate[- ]limit|not a bot/i, "blocked_rate"],
  [/live event will begin|Premieres in|is live|live stream recording is not available/i, "live_unavailable"],
  [
    /confirm your age|age[- ]restricted|inappropriate for some users|members[- ]only|channel's members|Join this channel|requires payment|Premium|private video|not available in your country|geo[- ]?restrict/i,
    "restricted",
  ],
  [/Requested format is not available|no audio/i, "no_audio_format"],
];

/**
 * Classifies a failed extractor run from its stderr (yt-dlp's `ERROR: …` lines); anything unrecognised is
 * `extractor_unavailable`.
 */
export function classifyExtractorFailure(stderr: string): AudioExtractReason {
  for (const [pattern, reason] of STDERR_RULES) if (pattern.test(stderr)) return reason;
  return "extractor_unavailable";
}

/** What an {@link ExtractorSource} runs. */
export interface ExtractorSourceOptions {
  /** Path of a yt-dlp-compatible executable (`AUDIO_EXTRACTOR_PATH`). */
  command: string;
  /** The public page of the media (e.g. the watch URL), which the extractor resolves itself. */
  pageUrl: string;
  /** Called with the extractor's stderr tail when it fails (for the job's log). */
  onFailure?: (info: { exitCode: number | null; signal: string | null; stderr: string }) => void;
  /** The source's circuit name (see `AudioSource.circuit`); default `extractor`, one for every platform. */
  circuit?: string;
}

/**
 * Audio through an external extractor command, for media whose API answer has no usable direct URL (ciphered
 * signatures, streaming-protocol-only formats). Contract: invoked as `<command> ${extractorArguments(url)}`, it
 * writes the media bytes to stdout and exits 0; on failure it exits non-zero with an `ERROR:` line on stderr,
 * classified by {@link classifyExtractorFailure}. The process is killed when the signal aborts.
 */
export class ExtractorSource implements AudioSource {
  readonly kind = "extractor" as const;
  readonly label = "extractor";
  readonly circuit: string;

  constructor(private readonly options: ExtractorSourceOptions) {
    this.circuit = options.circuit ?? "extractor";
  }

  async open(signal: AbortSignal): Promise<AudioDownload> {
    const child = spawn(this.options.command, extractorArguments(this.options.pageUrl), {
      stdio: ["ignore", "pipe", "pipe"],
      signal,
      killSignal: "SIGKILL",
    });
    const body = new PassThrough();
    let stderr = "";
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_KEPT);
    });
    child.stdout.pipe(body, { end: false });
    child.once("error", (error: NodeJS.ErrnoException) => {
      if (signal.aborted) body.destroy(signal.reason ?? error);
      else
        body.destroy(
          audioExtractError("extractor_unavailable", "the audio extractor could not be started", {
            cause: error,
          }),
        );
    });
    child.once("close", (exitCode, exitSignal) => {
      if (body.destroyed) return;
      if (exitCode === 0) {
        body.end();
        return;
      }
      if (signal.aborted) {
        body.destroy(signal.reason);
        return;
      }
      this.options.onFailure?.({ exitCode, signal: exitSignal, stderr });
      const reason = classifyExtractorFailure(stderr);
      body.destroy(audioExtractError(reason, `the audio extractor failed (${reason})`));
    });
    // The consumer gave up (budget, ffmpeg failure): stop the extractor too.
    body.once("close", () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    });
    return { body, contentType: null, contentLength: null };
  }
}

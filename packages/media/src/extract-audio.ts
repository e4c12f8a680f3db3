import { rm, stat } from "node:fs/promises";
import path from "node:path";
import { type Logger, linkSignals, ServiceError } from "@sda/core";
import type { BlockedRateCircuit, CircuitTicket } from "./circuit/blocked-rate.ts";
import { audioExtractError, audioExtractReason } from "./extract-error.ts";
import { type AudioProbe, probeAudio } from "./ffmpeg/probe.ts";
import { FfmpegError, reencodeForSpeech, SPEECH_ENCODING } from "./ffmpeg/reencode.ts";
import type { AudioSource } from "./sources/audio-source.ts";
import { Spool } from "./spool.ts";

/** The speech file of a job, ready to upload. */
export interface SpeechAudio {
  /** Path of the 16 kHz mono Ogg Vorbis (inside the job's temp dir). */
  path: string;
  /** Size of the speech file, bytes. */
  bytes: number;
  /** Bytes downloaded from the source. */
  downloadedBytes: number;
  /** The source that delivered the audio. */
  source: Pick<AudioSource, "kind" | "label">;
  /** ffmpeg's description of the speech file (sample rate, channels, duration). */
  probe: AudioProbe;
}

export interface ExtractSpeechOptions {
  /**
   * Tried in order within one download budget: the next one after an `extractor_unavailable` miss, or after a
   * `blocked_rate` refusal (which opens only that source's circuit), or when the source's circuit is open.
   */
  sources: readonly AudioSource[];
  /** The circuit of sources that name none (`AudioSource.circuit` unset). */
  circuit: BlockedRateCircuit;
  /** The circuit of a source that names one (e.g. `videosite:direct:android`, `extractor`); default: `circuit`. */
  circuitFor?: (name: string) => BlockedRateCircuit;
  /**
   * Told each source's outcome (for strategy health and metrics): `success`, `failure` (with the error), or `skipped`
   * when its circuit is open. Errors of the callback are ignored.
   */
  onSourceOutcome?: (
    source: AudioSource,
    outcome: "success" | "failure" | "skipped",
    error?: unknown,
  ) => Promise<void> | void;
  ffmpegPath: string;
  /** Budget of the download, ms, shared by all sources (SPEC §4.2.2 rule 5: 20 s). */
  downloadBudgetMs: number;
  /** The speech file is cut after this many seconds (keeps it under the upload ceiling whatever the media holds). */
  maxSeconds?: number;
  /** The job's temp dir. */
  dir: string;
  log: Logger;
  signal: AbortSignal;
}

/**
 * Downloads the audio and re-encodes it for speech-to-text, each source under its own `blocked_rate` circuit.
 *
 * The download is spooled to the job's temp dir while ffmpeg re-encodes from the growing file (see {@link Spool}); an
 * input ffmpeg cannot read as a stream (MP4 with its index at the end) is re-encoded again from the complete file.
 * Circuits are per source (issue 14): a 403/429 on one source opens that source's circuit and the next source is
 * tried within the same budget; a source whose circuit is open is passed over without a request (the last source
 * waits out a short remaining cooldown, up to the circuit's `maxWaitSeconds`); a completed download by a probe closes
 * its circuit.
 * @returns the speech file.
 * @throws ServiceError 502 `audio_extract_failed`: `blocked_rate` when every source was refused or paused (details
 *   `cacheScope`, `blockedRateConsecutive`, `circuit`, `source`; `retryAfterSeconds` = the shortest wait),
 *   `extract_timeout` (budget spent), `extractor_unavailable` (no source, or every source missed), `no_audio_format`,
 *   and the extractor's own `restricted` / `live_unavailable`.
 */
export async function extractSpeechAudio(options: ExtractSpeechOptions): Promise<SpeechAudio> {
  const { sources, log, signal } = options;
  if (sources.length === 0)
    throw audioExtractError(
      "extractor_unavailable",
      "the media has no direct audio URL and no audio extractor is configured",
    );
  const circuitOf = (source: AudioSource) =>
    source.circuit && options.circuitFor ? options.circuitFor(source.circuit) : options.circuit;
  const report = async (source: AudioSource, outcome: "success" | "failure" | "skipped", error?: unknown) => {
    try {
      await options.onSourceOutcome?.(source, outcome, error);
    } catch {
      // Health is best effort: it never fails the download.
    }
  };
  const started = Date.now();
  let miss: unknown;
  let blocked: ServiceError | undefined;
  for (const [index, source] of sources.entries()) {
    const circuit = circuitOf(source);
    const last = index === sources.length - 1;
    let ticket: CircuitTicket;
    try {
      ticket = await circuit.enter(signal, last ? undefined : 0);
    } catch (error) {
      if (audioExtractReason(error) !== "blocked_rate") throw error;
      log.info(
        { source: source.label, circuit: source.circuit ?? null },
        "audio source paused by its circuit",
      );
      blocked = preferShorterWait(blocked, withSource(error as ServiceError, source));
      await report(source, "skipped");
      continue;
    }
    const progress = { downloaded: false };
    let refused = false;
    try {
      const remainingMs = options.downloadBudgetMs - (Date.now() - started);
      if (remainingMs <= 0) throw audioExtractError("extract_timeout", "the audio download budget is spent");
      const audio = await downloadAndEncode(source, remainingMs, options, progress);
      await report(source, "success");
      return audio;
    } catch (error) {
      const reason = audioExtractReason(error);
      if (!signal.aborted) await report(source, "failure", error);
      if (reason === "blocked_rate") {
        refused = true;
        const count = await circuit.recordBlocked(ticket);
        log.warn({ source: source.label, blockedRateConsecutive: count }, "media host blocked the download");
        const status = (error as ServiceError).details.upstreamStatus;
        blocked = withSource(
          circuit.blockedError(count, {
            cause: error,
            details: typeof status === "number" ? { upstreamStatus: status } : {},
          }),
          source,
        );
        continue;
      }
      if (reason !== "extractor_unavailable") throw error;
      log.info({ source: source.label, message: (error as Error).message }, "audio source missed");
      miss = error;
    } finally {
      if (progress.downloaded) await circuit.recordSuccess(ticket);
      else if (!refused) await circuit.release(ticket);
    }
  }
  // A refusal says more than a miss: the caller should come back after the cooldown.
  throw blocked ?? miss;
}

/** The error with the refused source named in `details.source` (its circuit name, else its label). */
function withSource(error: ServiceError, source: AudioSource): ServiceError {
  return new ServiceError(error, error.message, {
    retryable: error.retryable,
    ...(error.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: error.retryAfterSeconds }),
    details: { ...error.details, source: source.circuit ?? source.label },
    cause: error.cause ?? error,
  });
}

function preferShorterWait(current: ServiceError | undefined, next: ServiceError): ServiceError {
  if (!current) return next;
  return (next.retryAfterSeconds ?? 0) < (current.retryAfterSeconds ?? 0) ? next : current;
}

/** Maps a download failure: the budget → `extract_timeout`; the job's abort → its reason; transport → a miss. */
function downloadFailure(error: unknown, budget: AbortSignal, signal: AbortSignal): unknown {
  if (signal.aborted) return signal.reason ?? error;
  if (budget.aborted)
    return audioExtractError("extract_timeout", "the audio download did not finish within its budget", {
      cause: error,
    });
  if (error instanceof ServiceError) return error;
  return audioExtractError("extractor_unavailable", "the audio download broke off", { cause: error });
}

function encodeFailure(error: unknown): unknown {
  if (!(error instanceof FfmpegError)) return error;
  if (error.noAudioStream)
    return audioExtractError("no_audio_format", "the media has no audio stream", { cause: error });
  return audioExtractError("extractor_unavailable", "the downloaded media could not be decoded", {
    details: { stage: "decode" },
    cause: error,
  });
}

async function downloadAndEncode(
  source: AudioSource,
  budgetMs: number,
  options: ExtractSpeechOptions,
  progress: { downloaded: boolean },
): Promise<SpeechAudio> {
  const { ffmpegPath, signal, dir } = options;
  const budget = AbortSignal.timeout(budgetMs);
  // Not AbortSignal.any: `signal` is the worker's long-lived shutdown signal (see linkSignals); unlinked below.
  const downloadLink = linkSignals(signal, budget);
  const downloadSignal = downloadLink.signal;
  const stopEncode = new AbortController();
  const encodeLink = linkSignals(signal, stopEncode.signal);
  const encodeSignal = encodeLink.signal;
  const output = path.join(dir, SPEECH_ENCODING.fileName);
  const encodeOptions = {
    signal: encodeSignal,
    ...(options.maxSeconds === undefined ? {} : { maxSeconds: options.maxSeconds }),
  };
  const spool = await Spool.create(path.join(dir, `download-${source.kind}`));
  try {
    const download = await source.open(downloadSignal, budgetMs).catch((error: unknown) => {
      throw downloadFailure(error, budget, signal);
    });
    // ffmpeg follows the spool from its first byte; its outcome is awaited once the download is complete.
    const streamed = reencodeForSpeech(ffmpegPath, spool.follow(), output, encodeOptions).then(
      (result): unknown => (result.errors ? new FfmpegError(result.errors, 0, result.errors) : null),
      (error: unknown) => error,
    );
    let downloadedBytes: number;
    try {
      downloadedBytes = await spool.fill(download.body);
    } catch (error) {
      stopEncode.abort(new Error("download failed"));
      await streamed;
      throw downloadFailure(error, budget, signal);
    }
    progress.downloaded = true;
    if (download.contentLength !== null && downloadedBytes < download.contentLength)
      throw audioExtractError("extractor_unavailable", "the audio download ended early", {
        details: { downloadedBytes, contentLength: download.contentLength },
      });
    // A failed or troubled streamed encode (e.g. MP4 with its index at the end, which a pipe cannot seek to) is
    // redone from the complete, seekable download.
    let failure = await streamed;
    if (failure instanceof FfmpegError && !failure.noAudioStream) {
      options.log.info({ message: failure.message }, "re-encoding again from the complete download");
      failure = await reencodeForSpeech(ffmpegPath, spool.path, output, encodeOptions).then(
        () => null,
        (error: unknown) => error,
      );
    }
    if (failure !== null) throw encodeFailure(failure);
    const probe = await probeAudio(ffmpegPath, output, signal).catch((error: unknown) => {
      throw signal.aborted ? error : encodeFailure(new FfmpegError(String(error), 0, ""));
    });
    if (!probe.durationSeconds)
      throw audioExtractError("no_audio_format", "the media's audio stream holds no sound to transcribe");
    return {
      path: output,
      bytes: (await stat(output)).size,
      downloadedBytes,
      source: { kind: source.kind, label: source.label },
      probe,
    };
  } finally {
    downloadLink.dispose();
    encodeLink.dispose();
    await spool.close();
    await rm(spool.path, { force: true });
  }
}

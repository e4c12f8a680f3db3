import { rm, stat } from "node:fs/promises";
import path from "node:path";
import { type Logger, ServiceError } from "@sda/core";
import type { BlockedRateCircuit } from "./circuit/blocked-rate.ts";
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
  /** Tried in order; the next one only after an `extractor_unavailable` miss of the previous one. */
  sources: readonly AudioSource[];
  circuit: BlockedRateCircuit;
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
 * Downloads the audio and re-encodes it for speech-to-text, under the service-wide circuit.
 *
 * The download is spooled to the job's temp dir while ffmpeg re-encodes from the growing file (see {@link Spool}); an
 * input ffmpeg cannot read as a stream (MP4 with its index at the end) is re-encoded again from the complete file.
 * Circuit: a `blocked_rate` failure opens it; a completed download by the probe closes it.
 * @returns the speech file.
 * @throws ServiceError 502 `audio_extract_failed`: `blocked_rate` (403/429, or the circuit is open: details
 *   `cacheScope`, `blockedRateConsecutive`), `extract_timeout` (budget spent), `extractor_unavailable` (no source,
 *   every source missed, or the media could not be decoded), `no_audio_format` (no audio stream), or the source's
 *   own `restricted` / `live_unavailable`.
 */
export async function extractSpeechAudio(options: ExtractSpeechOptions): Promise<SpeechAudio> {
  const { sources, circuit, log, signal } = options;
  if (sources.length === 0)
    throw audioExtractError(
      "extractor_unavailable",
      "the media has no direct audio URL and no audio extractor is configured",
    );
  const ticket = await circuit.enter(signal);
  const started = Date.now();
  const progress = { downloaded: false };
  let blocked = false;
  try {
    let miss: unknown;
    for (const source of sources) {
      const remainingMs = options.downloadBudgetMs - (Date.now() - started);
      if (remainingMs <= 0) throw audioExtractError("extract_timeout", "the audio download budget is spent");
      try {
        return await downloadAndEncode(source, remainingMs, options, progress);
      } catch (error) {
        const reason = audioExtractReason(error);
        if (reason === "blocked_rate") {
          blocked = true;
          const count = await circuit.recordBlocked(ticket);
          log.warn(
            { source: source.label, blockedRateConsecutive: count },
            "media host blocked the download",
          );
          const status = (error as ServiceError).details.upstreamStatus;
          throw circuit.blockedError(count, {
            cause: error,
            details: typeof status === "number" ? { upstreamStatus: status } : {},
          });
        }
        if (reason !== "extractor_unavailable") throw error;
        log.info({ source: source.label, message: (error as Error).message }, "audio source missed");
        miss = error;
      }
    }
    throw miss;
  } finally {
    if (progress.downloaded) await circuit.recordSuccess(ticket);
    else if (!blocked) await circuit.release(ticket);
  }
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
  const downloadSignal = AbortSignal.any([signal, budget]);
  const stopEncode = new AbortController();
  const encodeSignal = AbortSignal.any([signal, stopEncode.signal]);
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
    await spool.close();
    await rm(spool.path, { force: true });
  }
}

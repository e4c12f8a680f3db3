import type { HttpClient } from "@sda/contract";
import type { Logger, RedisClient, ServiceConfig } from "@sda/core";
import type { AsrProvider, AsrTranscription } from "./asr/provider.ts";
import { asrProvidersFromConfig, asrUnavailableError, transcribeWithFallback } from "./asr/providers.ts";
import { BlockedRateCircuit } from "./circuit/blocked-rate.ts";
import { mediaEnv } from "./env.ts";
import { type ExtractSpeechOptions, extractSpeechAudio, type SpeechAudio } from "./extract-audio.ts";
import { audioExtractError } from "./extract-error.ts";
import { resolveFfmpegPath } from "./ffmpeg/binary.ts";
import { SPEECH_ENCODING } from "./ffmpeg/reencode.ts";
import type { AudioSource } from "./sources/audio-source.ts";
import { defaultTempRoot, withJobTempDir } from "./temp/job-dir.ts";

/** The audio settings of a worker process, read from the service configuration. */
export interface MediaSettings {
  /** Null when neither `FFMPEG_PATH` nor the npm-shipped binary is usable. */
  ffmpegPath: string | null;
  tempRoot: string;
  downloadBudgetMs: number;
  /** `AUDIO_EXTRACTOR_PATH`, or null. */
  extractorPath: string | null;
  asr: AsrProvider[];
  circuit: { cooldownSeconds: number; maxWaitSeconds: number };
}

/** Reads {@link MediaSettings} from the parsed environment (its {@link mediaEnv} slice). */
export function mediaSettingsFromConfig(config: ServiceConfig): MediaSettings {
  const env = mediaEnv.of(config);
  return {
    ffmpegPath: resolveFfmpegPath(env.FFMPEG_PATH),
    tempRoot: env.AUDIO_TEMP_DIR ?? defaultTempRoot(),
    downloadBudgetMs: env.AUDIO_DOWNLOAD_TIMEOUT_MS,
    extractorPath: env.AUDIO_EXTRACTOR_PATH ?? null,
    asr: asrProvidersFromConfig(config),
    circuit: {
      cooldownSeconds: env.AUDIO_BLOCKED_COOLDOWN_SECONDS,
      maxWaitSeconds: env.AUDIO_CIRCUIT_MAX_WAIT_SECONDS,
    },
  };
}

/** Where media circuits live: the shared Redis and the service's key prefix. */
export interface CircuitStore {
  redis: RedisClient;
  keyPrefix: string;
}

/**
 * The service-wide `blocked_rate` circuit of one media host family (e.g. `videosite-media`), in the shared Redis
 * under `keyPrefix` (handlers use `ctx.services.media.circuit(name)`).
 */
export function mediaCircuit(where: CircuitStore, name: string, settings: MediaSettings): BlockedRateCircuit {
  return new BlockedRateCircuit(where.redis, {
    keyPrefix: where.keyPrefix,
    name,
    cooldownSeconds: settings.circuit.cooldownSeconds,
    maxWaitSeconds: settings.circuit.maxWaitSeconds,
    probeTtlMs: settings.downloadBudgetMs + 30_000,
  });
}

/**
 * The per-source circuits (issue 14): `name` → the `blocked_rate` circuit `<prefix>:circuit:<name>` with the worker's
 * cooldown and wait settings, one object per name (per process, in `ctx.services.media`).
 */
export function mediaCircuits(
  where: CircuitStore,
  settings: MediaSettings,
): (name: string) => BlockedRateCircuit {
  const made = new Map<string, BlockedRateCircuit>();
  return (name) => {
    let circuit = made.get(name);
    if (!circuit) {
      circuit = mediaCircuit(where, name, settings);
      made.set(name, circuit);
    }
    return circuit;
  };
}

/** A finished speech-to-text job. */
export interface AudioTranscript {
  transcription: AsrTranscription;
  /** The tier that transcribed (SPEC §2.4 `asrProvider`). */
  asrProvider: AsrProvider["name"];
  audio: Omit<SpeechAudio, "path">;
}

export interface TranscribeAudioOptions {
  settings: MediaSettings;
  sources: readonly AudioSource[];
  /** The circuit of sources naming none. */
  circuit: BlockedRateCircuit;
  /** The circuits of sources naming one (see {@link mediaCircuits}); default: `circuit` for all. */
  circuitFor?: (name: string) => BlockedRateCircuit;
  /** Told each audio source's outcome (see `ExtractSpeechOptions.onSourceOutcome`). */
  onSourceOutcome?: ExtractSpeechOptions["onSourceOutcome"];
  /** ISO 639-1 code when the caller knows the spoken language; detected otherwise. */
  language?: string | undefined;
  /** The speech file is cut after this many seconds. */
  maxSeconds?: number;
  http: HttpClient;
  log: Logger;
  signal: AbortSignal;
}

/**
 * The audio of one media item as text: checks that speech-to-text and ffmpeg are available, then, in a temp dir of
 * its own that is removed whatever happens, downloads and re-encodes the audio (see `extractSpeechAudio`) and
 * uploads it to the ASR tiers (see `transcribeWithFallback`).
 * Platform-neutral: the caller picks the sources (a platform's direct media URL, an extractor on its page URL).
 * @throws ServiceError 502 `asr_unavailable` (no tier configured, checked before any download), `asr_failed`,
 *   `audio_extract_failed` (every SPEC §7.4 reason; `extractor_unavailable` also when ffmpeg is missing).
 */
export async function transcribeAudio(options: TranscribeAudioOptions): Promise<AudioTranscript> {
  const { settings, log, signal } = options;
  if (settings.asr.length === 0) throw asrUnavailableError();
  const ffmpegPath = settings.ffmpegPath;
  if (!ffmpegPath)
    throw audioExtractError("extractor_unavailable", "no ffmpeg binary is available to re-encode the audio");
  return withJobTempDir(settings.tempRoot, async (dir) => {
    const audio = await extractSpeechAudio({
      sources: options.sources,
      circuit: options.circuit,
      ...(options.circuitFor ? { circuitFor: options.circuitFor } : {}),
      ...(options.onSourceOutcome ? { onSourceOutcome: options.onSourceOutcome } : {}),
      ffmpegPath,
      downloadBudgetMs: settings.downloadBudgetMs,
      dir,
      log,
      signal,
      ...(options.maxSeconds === undefined ? {} : { maxSeconds: options.maxSeconds }),
    });
    log.debug({ bytes: audio.bytes, probe: audio.probe, source: audio.source.label }, "speech audio ready");
    const { transcription, provider } = await transcribeWithFallback(settings.asr, {
      file: audio.path,
      fileName: SPEECH_ENCODING.fileName,
      mimeType: SPEECH_ENCODING.mimeType,
      language: options.language,
      http: options.http,
      log,
      signal,
    });
    const { path: _path, ...described } = audio;
    return { transcription, asrProvider: provider.name, audio: described };
  });
}

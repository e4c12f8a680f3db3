import type { HttpClient } from "@sda/contract";
import type { Logger } from "@sda/core";

/** One timed piece of recognised speech; integer milliseconds, `endMs > startMs`. */
export interface SpeechSegment {
  text: string;
  startMs: number;
  endMs: number;
}

/** What a speech-to-text provider recognised in one audio file. */
export interface AsrTranscription {
  /** BCP-47 code of the spoken language as the provider detected (or was told) it; null when it gave none. */
  language: string | null;
  /** Audio length the provider measured, seconds; null when not given. */
  durationSeconds: number | null;
  /** The recognised text as the provider joined it (whitespace-normalised). */
  text: string;
  /** Timed segments in order; at least one when `text` is not empty. */
  segments: SpeechSegment[];
}

/** A speech-to-text request: one encoded audio file. */
export interface AsrRequest {
  /** Path of the audio file (16 kHz mono Ogg Vorbis, see `SPEECH_ENCODING`). */
  file: string;
  /** File name and MIME type sent with the upload. */
  fileName: string;
  mimeType: string;
  /** ISO 639-1 code of the spoken language when the caller knows it; the provider detects it otherwise. */
  language?: string | undefined;
  http: HttpClient;
  log: Logger;
  signal: AbortSignal;
}

/**
 * A speech-to-text provider tier. The service names its tiers (SPEC §2.4 `asrProvider`): `asr-fast` (default) and
 * `asr-standard` (used when the fast tier is unavailable or failing).
 */
export interface AsrProvider {
  readonly name: "asr-fast" | "asr-standard";
  /** Model id sent to the provider. */
  readonly model: string;
  /**
   * Transcribes one file.
   * @throws ServiceError 502 `asr_failed` (retryable) when the provider cannot be reached, times out, refuses the
   *   upload or answers something unreadable; `details.provider`, `details.upstreamStatus`.
   */
  transcribe(request: AsrRequest): Promise<AsrTranscription>;
}

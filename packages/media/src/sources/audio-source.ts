import type { Readable } from "node:stream";

/** An audio download in progress: a byte stream the pipeline consumes (or destroys). */
export interface AudioDownload {
  /**
   * The media bytes (any container ffmpeg reads: MP4/M4A, WebM, MP3, …). Errors while streaming are
   * `audio_extract_failed` ServiceErrors where the source can tell the reason, else transport errors.
   */
  body: Readable;
  /** `Content-Type` of the media when known, e.g. `audio/mp4`. */
  contentType: string | null;
  /** Size in bytes when known. */
  contentLength: number | null;
}

/**
 * Where a job's audio comes from. Platform-neutral: the caller (a platform operation) knows the media and builds
 * the source; the pipeline only opens it. Implementations: {@link DirectUrlSource} (a media URL the platform's API
 * gave, downloaded through the upstream client) and {@link ExtractorSource} (an external extractor command).
 */
export interface AudioSource {
  /** `direct` or `extractor`; used in logs and in the operation's `X-Service-Source`. */
  readonly kind: "direct" | "extractor";
  /** A short description for logs, e.g. `direct:itag140`. */
  readonly label: string;
  /**
   * The name of the source's own `blocked_rate` circuit (Redis `<prefix>:circuit:<name>`), e.g.
   * `videosite:direct:android`, `extractor`: a refusal of this source pauses only sources of that name. Unset: the
   * pipeline's default circuit.
   */
  readonly circuit?: string;
  /**
   * Starts the download.
   * @param signal aborted when the download budget is spent or the job is cancelled; the source must stop then.
   * @param budgetMs what is left of the download budget, in ms.
   * @throws ServiceError 502 `audio_extract_failed` (`blocked_rate`, `extract_timeout`, `extractor_unavailable`,
   *   `no_audio_format`, `restricted`, `live_unavailable`) when the source can tell before the first byte.
   */
  open(signal: AbortSignal, budgetMs: number): Promise<AudioDownload>;
}

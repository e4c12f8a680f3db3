import { ServiceError } from "@sda/core";
import { fail } from "./error-codes.ts";

/**
 * Why audio could not be extracted (SPEC §7.4, `error.reason` of a 502 `audio_extract_failed`):
 * - `blocked_rate`: the media host answered 403 or 429 (or the service-wide circuit is open after such an answer);
 * - `extract_timeout`: the download did not finish within its budget (SPEC §4.2.2 rule 5: 20 s);
 * - `extractor_unavailable`: no way to get the audio right now: no direct URL and no extractor configured, a signed
 *   URL that no longer works, an extractor that failed, or media that could not be decoded;
 * - `no_audio_format`: the media has no audio stream;
 * - `restricted`: age, login, membership or region restricted;
 * - `live_unavailable`: a live stream, or a premiere or stream that has not started or whose recording is gone.
 */
export type AudioExtractReason =
  | "blocked_rate"
  | "extract_timeout"
  | "extractor_unavailable"
  | "no_audio_format"
  | "restricted"
  | "live_unavailable";

/** SPEC §7.4: retryability and wait (seconds) of each reason; null = do not retry this media. */
const AUDIO_EXTRACT_REASONS: Readonly<
  Record<AudioExtractReason, { retryable: boolean; retryAfterSeconds: number | null }>
> = {
  blocked_rate: { retryable: true, retryAfterSeconds: 300 },
  extract_timeout: { retryable: true, retryAfterSeconds: 60 },
  extractor_unavailable: { retryable: true, retryAfterSeconds: 120 },
  no_audio_format: { retryable: false, retryAfterSeconds: null },
  restricted: { retryable: false, retryAfterSeconds: null },
  live_unavailable: { retryable: false, retryAfterSeconds: null },
};

/**
 * A 502 `audio_extract_failed` with `details.reason` and the retryability and `retryAfterSeconds` of SPEC §7.4.
 * @param options.retryAfterSeconds overrides the table's wait (the remaining cooldown of an open circuit).
 * @param options.details merged into the error's details (never overriding `reason`).
 */
export function audioExtractError(
  reason: AudioExtractReason,
  message: string,
  options: { retryAfterSeconds?: number; details?: Record<string, unknown>; cause?: unknown } = {},
): ServiceError {
  const row = AUDIO_EXTRACT_REASONS[reason];
  const wait = options.retryAfterSeconds ?? row.retryAfterSeconds;
  return fail("audio_extract_failed", message, {
    retryable: row.retryable,
    ...(row.retryable && wait !== null ? { retryAfterSeconds: wait } : {}),
    details: { ...options.details, reason },
    ...(options.cause === undefined ? {} : { cause: options.cause }),
  });
}

/** The `reason` of an `audio_extract_failed` error, or null for any other error. */
export function audioExtractReason(error: unknown): AudioExtractReason | null {
  if (!(error instanceof ServiceError) || error.code !== "audio_extract_failed") return null;
  const reason = error.details.reason;
  return typeof reason === "string" && reason in AUDIO_EXTRACT_REASONS
    ? (reason as AudioExtractReason)
    : null;
}

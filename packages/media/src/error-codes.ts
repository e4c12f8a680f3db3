import { CORE_ERROR_CODES, errorsOf } from "@sda/core";

/**
 * The audio pipeline's own error codes (SPEC §7.4), composed with core's and every other owner's by the wiring
 * (`@sda/services`): audio that could not be extracted (`details.reason`), no speech-to-text tier configured, and
 * every tier failing. Its own entry (`@sda/media/error-codes`), importing nothing of the pipeline: the platform specs
 * the gateway bundles name these codes, and the gateway must not bundle the pipeline.
 */
export const MEDIA_ERROR_CODES = {
  audio_extract_failed: { status: 502, retryable: true },
  asr_unavailable: { status: 502, retryable: false },
  asr_failed: { status: 502, retryable: true },
} as const;

/** The errors of this package, `fail(code, message, options?)`: its codes or core's, each with its table's status. */
export const fail = errorsOf(MEDIA_ERROR_CODES);

/**
 * The codes of an operation that transcribes audio (SPEC §4.2.2, §7.4), as its spec's `errors`: over the longest
 * duration, above the caller's `maxCredits` (both core's: the platform and the price answer them), and the pipeline's.
 */
export const AUDIO_ERROR_CODES = {
  duration_too_long: CORE_ERROR_CODES.duration_too_long,
  cost_exceeds_max: CORE_ERROR_CODES.cost_exceeds_max,
  ...MEDIA_ERROR_CODES,
} as const;

import { errorsOf, sharedErrorCodes } from "@sda/core";

/** The video platform's own error codes (every other code is service-wide, in `@sda/core`). */
export const videositeErrorCodes = {
  no_captions: { status: 404, retryable: false },
  language_not_available: { status: 404, retryable: false },
  video_unavailable: { status: 404, retryable: false },
  ...sharedErrorCodes("channel_not_found"),
  channel_unavailable: { status: 404, retryable: false },
  playlist_not_found: { status: 404, retryable: false },
  comment_not_found: { status: 404, retryable: false },
} as const;

/** A code of {@link videositeErrorCodes}. */
export type VideositeErrorCode = keyof typeof videositeErrorCodes;

/**
 * The errors of videosite's code, `fail(code, message, options?)`: a code of {@link videositeErrorCodes}
 * or core's (a typo does not compile), its status and retryability the table's.
 */
export const fail = errorsOf(videositeErrorCodes);

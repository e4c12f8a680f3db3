import { errorsOf, sharedErrorCodes } from "@sda/core";

/** The photo platform's own error codes (every other code is service-wide, in `@sda/core`). */
export const photositeErrorCodes = {
  profile_private: { status: 403, retryable: false },
  ...sharedErrorCodes("profile_not_found", "post_not_found"),
  highlight_not_found: { status: 404, retryable: false },
  audio_not_found: { status: 404, retryable: false },
  hashtag_not_found: { status: 404, retryable: false },
} as const;

/**
 * The errors of photosite's code, `fail(code, message, options?)`: a code of {@link photositeErrorCodes}
 * or core's (a typo does not compile), its status and retryability the table's.
 */
export const fail = errorsOf(photositeErrorCodes);

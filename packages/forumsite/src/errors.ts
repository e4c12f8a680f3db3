import { errorsOf, sharedErrorCodes } from "@sda/core";

/** The forum platform's own error codes (every other code is service-wide, in `@sda/core`). */
export const forumsiteErrorCodes = {
  subreddit_private: { status: 403, retryable: false },
  subreddit_quarantined: { status: 403, retryable: false },
  subreddit_not_found: { status: 404, retryable: false },
  ...sharedErrorCodes("post_not_found"),
} as const;

/**
 * The errors of forumsite's code, `fail(code, message, options?)`: a code of {@link forumsiteErrorCodes}
 * or core's (a typo does not compile), its status and retryability the table's.
 */
export const fail = errorsOf(forumsiteErrorCodes);

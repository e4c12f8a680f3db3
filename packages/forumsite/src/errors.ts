import { sharedErrorCodes } from "@sda/core";

/** The forum platform's own error codes (every other code is service-wide, in `@sda/core`). */
export const forumsiteErrorCodes = {
  subreddit_private: { status: 403, retryable: false },
  subreddit_quarantined: { status: 403, retryable: false },
  subreddit_not_found: { status: 404, retryable: false },
  ...sharedErrorCodes("post_not_found"),
} as const;

declare module "@sda/core" {
  /** Makes `new ServiceError("subreddit_not_found", …)` type-check (registered at run time by `definePlatform`). */
  interface PlatformErrorCodes extends Record<keyof typeof forumsiteErrorCodes, true> {}
}

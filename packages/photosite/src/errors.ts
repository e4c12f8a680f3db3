import { sharedErrorCodes } from "@sda/core";

/** The photo platform's own error codes (every other code is service-wide, in `@sda/core`). */
export const photositeErrorCodes = {
  profile_private: { status: 403, retryable: false },
  ...sharedErrorCodes("profile_not_found", "post_not_found"),
  highlight_not_found: { status: 404, retryable: false },
  audio_not_found: { status: 404, retryable: false },
  hashtag_not_found: { status: 404, retryable: false },
} as const;

declare module "@sda/core" {
  /** Makes `new ServiceError("profile_private", …)` type-check (registered at run time by `definePlatform`). */
  interface PlatformErrorCodes extends Record<keyof typeof photositeErrorCodes, true> {}
}

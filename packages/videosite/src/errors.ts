import { sharedErrorCodes } from "@sda/core";

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

declare module "@sda/core" {
  /** Makes `new ServiceError("no_captions", …)` type-check (registered at run time by `definePlatform`). */
  interface PlatformErrorCodes extends Record<keyof typeof videositeErrorCodes, true> {}
}

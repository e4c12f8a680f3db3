import { sharedErrorCodes } from "@sda/core";

/**
 * The error codes microblogsite adds to the service's closed set (the platform's `errorCodes`, registered by
 * `definePlatform`). The not-found codes are the AppView's own final answers (HTTP 400 `InvalidRequest` "Profile not
 * found", `NotFound` "Post not found", `UnknownFeed`, "List not found"), never retried. `credentials_required`: the
 * public AppView refused a search and the service has no operator account configured
 * (`MICROBLOGSITE_IDENTIFIER` + `MICROBLOGSITE_APP_PASSWORD`); a configuration matter of the service, not of the
 * caller's request, so 502 and not retryable.
 */
export const microblogsiteErrorCodes = {
  ...sharedErrorCodes("profile_not_found", "post_not_found"),
  feed_not_found: { status: 404, retryable: false },
  list_not_found: { status: 404, retryable: false },
  credentials_required: { status: 502, retryable: false },
} as const;

declare module "@sda/core" {
  /** Makes `new ServiceError("post_not_found", …)` type-check (registered at run time by `definePlatform`). */
  interface PlatformErrorCodes extends Record<keyof typeof microblogsiteErrorCodes, true> {}
}

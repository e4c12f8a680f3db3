import { errorsOf, sharedErrorCodes } from "@sda/core";

/**
 * The error codes microblogsite adds to the service's closed set (the platform's `errorCodes`, composed by the
 * catalog). The not-found codes are the AppView's own final answers (HTTP 400 `InvalidRequest` "Profile not
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

/**
 * The errors of microblogsite's code, `fail(code, message, options?)`: a code of {@link microblogsiteErrorCodes}
 * or core's (a typo does not compile), its status and retryability the table's.
 */
export const fail = errorsOf(microblogsiteErrorCodes);

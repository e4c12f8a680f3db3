import { errorsOf, sharedErrorCodes } from "@sda/core";

/**
 * The error codes fedisite adds to the service's closed set (the platform's `errorCodes`, composed by the
 * catalog). `instance_not_allowed` is also the code the upstream client answers when its SSRF guard refuses a
 * host or a redirect hop (`callerHosts.refusedCode`).
 */
export const fedisiteErrorCodes = {
  /** The link's instance may not be fetched: not https on port 443, a special-purpose address or name, an operator list. */
  instance_not_allowed: { status: 422, retryable: false },
  /** The instance answered 404 for the account (Mastodon's `{"error":"Record not found"}`). */
  ...sharedErrorCodes("profile_not_found"),
  /** The instance answered 404 for the status. */
  ...sharedErrorCodes("post_not_found"),
  /**
   * The instance serves this only to logged-in readers (its `timelines_access` says so, or it answered 401/403) and
   * no operator token is configured for it (`FEDISITE_TOKENS`).
   */
  instance_login_required: { status: 403, retryable: false },
} as const;

/** A code of {@link fedisiteErrorCodes}. */
export type FedisiteErrorCode = keyof typeof fedisiteErrorCodes;

/**
 * The errors of fedisite's code, `fail(code, message, options?)`: a code of {@link fedisiteErrorCodes}
 * or core's (a typo does not compile), its status and retryability the table's.
 */
export const fail = errorsOf(fedisiteErrorCodes);

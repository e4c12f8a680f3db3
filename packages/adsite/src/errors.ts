import { errorsOf, sharedErrorCodes } from "@sda/core";

/**
 * The error codes adsite adds to the service's closed set (its spec's `errorCodes`, composed by the catalog):
 * - `invalid_url` (400): a `url` that is not a Meta Ad Library link of the kind the operation reads;
 * - `ad_not_found` (404): the library page answered, but not with the asked ad (a logged-out `?id=` link can answer
 *   another ad of the same advertiser);
 * - `upstream_incomplete` (502, retryable): the library shell came back before its results were painted.
 */
export const adsiteErrorCodes = {
  ...sharedErrorCodes("invalid_url"),
  ad_not_found: { status: 404, retryable: false },
  upstream_incomplete: { status: 502, retryable: true },
} as const;

/**
 * The errors of adsite's code, `fail(code, message, options?)`: a code of {@link adsiteErrorCodes}
 * or core's (a typo does not compile), its status and retryability the table's.
 */
export const fail = errorsOf(adsiteErrorCodes);

import { errorsOf, sharedErrorCodes } from "@sda/core";

/**
 * The error codes musicsite adds to the service's closed set (the platform's `errorCodes`, composed by the
 * catalog; audiosite declares the first three alike, with the same status and retryability):
 * - `invalid_url`: a `url` that is not a Bandcamp artist, album or track link (or not a URL at all);
 * - `url_kind_mismatch`: a link of another kind than the operation reads (an artist page to `release`),
 *   `details.kind` the kind given;
 * - `not_found`: a page without `data-band` / `data-tralbum`, a host that answered 404, or `band_details`
 *   `{"error":true}` "… not found";
 * - `host_not_allowed`: the upstream client's SSRF guard refused a caller-chosen (custom-domain) host or a redirect
 *   hop (a non-public address, another scheme or port): the platform's `callerHosts.refusedCode`.
 */
export const musicsiteErrorCodes = {
  ...sharedErrorCodes("invalid_url", "url_kind_mismatch", "not_found"),
  host_not_allowed: { status: 422, retryable: false },
} as const;

/**
 * The errors of musicsite's code, `fail(code, message, options?)`: a code of {@link musicsiteErrorCodes}
 * or core's (a typo does not compile), its status and retryability the table's.
 */
export const fail = errorsOf(musicsiteErrorCodes);

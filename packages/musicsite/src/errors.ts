import { sharedErrorCodes } from "@sda/core";

/**
 * The error codes musicsite adds to the service's closed set (the platform's `errorCodes`, registered by
 * `definePlatform`; audiosite declares the first three alike, with the same status and retryability):
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

declare module "@sda/core" {
  /** Makes `new ServiceError("host_not_allowed", …)` type-check (registered at run time by `definePlatform`). */
  interface PlatformErrorCodes extends Record<keyof typeof musicsiteErrorCodes, true> {}
}

import { errorsOf, sharedErrorCodes } from "@sda/core";

/**
 * The error codes audiosite adds to the service's closed set (its spec's `errorCodes`, composed by the catalog): a link that is not
 * SoundCloud's or a malformed urn (`invalid_url`), a link of another kind than the operation reads
 * (`url_kind_mismatch`, `details.kind` the kind given), a resource api-v2 does not know (`not_found`: resolve answered
 * 404, a short link without `Location`), and a chart api-v2 does not have (`chart_not_found`: `/charts` answered 404).
 */
export const audiositeErrorCodes = {
  ...sharedErrorCodes("invalid_url", "url_kind_mismatch", "not_found"),
  chart_not_found: { status: 404, retryable: false },
} as const;

/**
 * The errors of audiosite's code, `fail(code, message, options?)`: a code of {@link audiositeErrorCodes}
 * or core's (a typo does not compile), its status and retryability the table's.
 */
export const fail = errorsOf(audiositeErrorCodes);

import { errorsOf } from "@sda/core";

/**
 * The error codes newssite adds to the service's closed set (the platform's `errorCodes`, composed by the
 * catalog): a Hacker News item or user that does not exist. Both are final answers of the platform
 * (Firebase's `null`), never retried.
 */
export const newssiteErrorCodes = {
  item_not_found: { status: 404, retryable: false },
  user_not_found: { status: 404, retryable: false },
} as const;

/**
 * The errors of newssite's code, `fail(code, message, options?)`: a code of {@link newssiteErrorCodes}
 * or core's (a typo does not compile), its status and retryability the table's.
 */
export const fail = errorsOf(newssiteErrorCodes);

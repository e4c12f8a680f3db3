import { type ErrorCode, ServiceError, type ServiceErrorOptions } from "@sda/core";
import type { PlatformErrorCode } from "./contract-shim.ts";

/**
 * The error codes newssite adds to the service's closed set (declared in the platform's `errorCodes`): a Hacker News
 * item or user that does not exist. Both are final answers of the platform (Firebase's `null`), never retried.
 */
export const NEWSSITE_ERROR_CODES = {
  item_not_found: { status: 404, retryable: false },
  user_not_found: { status: 404, retryable: false },
} as const satisfies Record<string, PlatformErrorCode>;

/** A code of {@link NEWSSITE_ERROR_CODES}. */
export type NewssiteErrorCode = keyof typeof NEWSSITE_ERROR_CODES;

/**
 * A {@link ServiceError} with a newssite code.
 *
 * TEMPORARY (until the platform contract is merged): core's `ServiceError` only knows its own table, so the error is
 * built with a core code of the same status and retryability (`post_not_found`, 404) and its `code` is then set to
 * ours. After the merge core registers `errorCodes` and this becomes `new ServiceError(code, message, options)`.
 */
export function newssiteError(
  code: NewssiteErrorCode,
  message: string,
  options: ServiceErrorOptions = {},
): ServiceError {
  const error = new ServiceError("post_not_found", message, {
    ...options,
    details: { platform: "newssite", ...options.details },
  });
  Object.defineProperty(error, "code", { value: code as unknown as ErrorCode, enumerable: true });
  return error;
}

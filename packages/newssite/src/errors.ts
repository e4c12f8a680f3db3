/**
 * The error codes newssite adds to the service's closed set (the platform's `errorCodes`, registered by
 * `definePlatform`): a Hacker News item or user that does not exist. Both are final answers of the platform
 * (Firebase's `null`), never retried.
 */
export const newssiteErrorCodes = {
  item_not_found: { status: 404, retryable: false },
  user_not_found: { status: 404, retryable: false },
} as const;

declare module "@sda/core" {
  /** Makes `new ServiceError("item_not_found", …)` type-check (registered at run time by `definePlatform`). */
  interface PlatformErrorCodes extends Record<keyof typeof newssiteErrorCodes, true> {}
}

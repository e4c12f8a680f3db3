import { ServiceError } from "@sda/core";

/** Seconds a caller should wait before retrying when a store is down (Redis restarts in seconds). */
const RETRY_AFTER_SECONDS = 2;

/** The 503 answered while a store is down: retryable, with `Retry-After`; nothing was done or billed. */
export function serviceUnavailable(): ServiceError {
  return new ServiceError(
    "service_unavailable",
    "the service cannot reach its data stores right now; nothing was billed, retry shortly",
    { retryAfterSeconds: RETRY_AFTER_SECONDS },
  );
}

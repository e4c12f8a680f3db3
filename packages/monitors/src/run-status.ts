import { errorCodeSpec } from "@sda/core";

/**
 * The HTTP status a monitor run's error code stands for in its request-log row: the service-wide, shared or platform
 * code's registered status (a platform's codes are registered by its spec, which the worker's catalog loads); 500 for
 * a code nobody declared, logged as an internal failure rather than guessed.
 */
export function statusOf(code: string): number {
  try {
    return errorCodeSpec(code).status;
  } catch {
    return 500;
  }
}

import { type ErrorCodeTable, errorStatus, type SerializedStatus } from "@sda/core";

/**
 * The HTTP status a monitor run's error stands for in its request-log row: the one the error carries, else (a result
 * written before errors carried it) its code's in `codes`, the wiring's composed table; 500 for a code nobody
 * declared, logged as an internal failure rather than guessed.
 */
export function statusOf(error: SerializedStatus, codes?: ErrorCodeTable): number {
  return errorStatus(error, codes);
}

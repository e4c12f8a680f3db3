import { ApiError } from "@sda/client";

/** The CLI's exit codes, by error class (the README's table). */
export const EXIT = {
  ok: 0,
  other: 1,
  usage: 2,
  auth: 3,
  payment: 4,
  notFound: 5,
  retryable: 6,
} as const;

/** A mistake in the command line or the config (unknown operation or option, missing parameter, bad JSON). */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

/** A missing or refused key before any call (no `SDA_API_KEY`, no `apiKey` in the config file). */
export class AuthError extends Error {
  override readonly name = "AuthError";
}

/**
 * The exit code of an error: a usage mistake or an invalid input answer (400, 422) → 2; the key (401, 403) → 3;
 * credits (402) → 4; not found (404, 410) → 5; anything worth retrying (the answer's `retryable`, 429, 5xx, the
 * service unreachable) → 6; anything else → 1.
 */
export function exitCodeOf(error: unknown): number {
  if (error instanceof UsageError) return EXIT.usage;
  if (error instanceof AuthError) return EXIT.auth;
  if (error instanceof ApiError) {
    if (error.status === 401 || error.status === 403) return EXIT.auth;
    if (error.status === 402) return EXIT.payment;
    if (error.status === 404 || error.status === 410) return EXIT.notFound;
    if (error.retryable || error.status === 429 || error.status >= 500) return EXIT.retryable;
    if (error.status === 400 || error.status === 422) return EXIT.usage;
    return EXIT.other;
  }
  // fetch rejects with a TypeError ("fetch failed") when the service cannot be reached.
  if (error instanceof TypeError && error.message === "fetch failed") return EXIT.retryable;
  if (error instanceof DOMException && error.name === "TimeoutError") return EXIT.retryable;
  return EXIT.other;
}

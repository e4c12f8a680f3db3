import { ServiceError } from "@sda/core";

/** Seconds a caller should wait before retrying when a store is down (Redis restarts in seconds). */
const RETRY_AFTER_SECONDS = 2;

/** Error codes and messages of an unreachable Redis (ioredis) or PostgreSQL (pg, Prisma). */
const UNREACHABLE =
  /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|enableOfflineQueue|Connection is closed|max retries per request|Connection terminated|connection timeout|Can't reach database|Server has closed the connection|Timed out fetching a new connection|^P1001$|^P1002$|^P1017$|^P2024$/i;

/**
 * True when `error` (or any error in its `cause` chain, or an aggregate's members) says Redis or PostgreSQL could not
 * be reached, as opposed to a bug or a refused statement.
 */
export function isStoreUnreachable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 5) return false;
  const e = error as { name?: unknown; code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  for (const field of [e.code, e.message])
    if (typeof field === "string" && UNREACHABLE.test(field)) return true;
  if (e.name === "MaxRetriesPerRequestError" || e.name === "PrismaClientInitializationError") return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isStoreUnreachable(inner, depth + 1))) return true;
  return isStoreUnreachable(e.cause, depth + 1);
}

/** The 503 answered while a store is down: retryable, with `Retry-After`; nothing was done or billed. */
export function serviceUnavailable(): ServiceError {
  return new ServiceError(
    "service_unavailable",
    "the service cannot reach its data stores right now; nothing was billed, retry shortly",
    { retryAfterSeconds: RETRY_AFTER_SECONDS },
  );
}

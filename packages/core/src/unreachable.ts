/**
 * Telling "a data store could not be reached" apart from bugs, so callers get a retryable 503 `service_unavailable`
 * instead of a 500 while Redis or PostgreSQL restarts.
 */

/**
 * Error codes and messages of an unreachable Redis (ioredis) or PostgreSQL (pg, Prisma). On a Redis Cluster, a
 * failover answers for a few seconds with replies that mean the same "not now": `CLUSTERDOWN`, `TRYAGAIN`, `LOADING`,
 * `READONLY` (a demoted master), `MASTERDOWN`, and ioredis's "Cluster isn't ready", "Failed to refresh slots cache",
 * "None of startup nodes is available".
 */
const UNREACHABLE =
  /^(?:CLUSTERDOWN|TRYAGAIN|LOADING|READONLY|MASTERDOWN)\b|Cluster isn't ready|Failed to refresh slots cache|None of startup nodes is available|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|enableOfflineQueue|Connection is closed|max retries per request|Connection terminated|connection timeout|timeout exceeded when trying to connect|Can't reach database|Server has closed the connection|Timed out fetching a new connection|^P1001$|^P1002$|^P1017$|^P2024$/i;

/**
 * True when `error` (an Error, a `{ code, message }` object, or a failed job's reason string), any error in its
 * `cause` chain, or any member of an aggregate, says Redis or PostgreSQL could not be reached.
 */
export function isStoreUnreachable(error: unknown, depth = 0): boolean {
  if (typeof error === "string") return UNREACHABLE.test(error);
  if (!error || typeof error !== "object" || depth > 5) return false;
  const e = error as { name?: unknown; code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  for (const field of [e.code, e.message])
    if (typeof field === "string" && UNREACHABLE.test(field)) return true;
  if (e.name === "MaxRetriesPerRequestError" || e.name === "PrismaClientInitializationError") return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isStoreUnreachable(inner, depth + 1))) return true;
  return isStoreUnreachable(e.cause, depth + 1);
}

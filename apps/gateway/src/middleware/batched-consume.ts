import DataLoader from "dataloader";
import { type RateLimiterAbstract, RateLimiterRes } from "rate-limiter-flexible";

/**
 * One point of a key's rate limit per call, with the calls of one event-loop turn consumed together: the points
 * asked for by concurrent calls go to Redis as ONE `consume(key, n)` per key (DataLoader batching without its
 * cache), so 64 calls in flight on one key cost one Redis script instead of 64.
 *
 * Each call gets the state it would have got alone, as if the batch's calls had consumed one point each in turn:
 * the i-th (0-based) of n calls of a key is the `(c - n + i + 1)`-th point of the window, `c` being the window's
 * count after the batch (`consumedPoints`), so exactly the calls within `points` pass and each sees its own
 * `remainingPoints`. The window's counter counts refused calls too, as one `consume` per call did.
 *
 * @returns `load(keyId)`: the call's {@link RateLimiterRes}; `consumedPoints > points` means refused (no rejection).
 * @throws (the promise rejects with) the store's error when Redis cannot be reached.
 */
export function batchedConsume(limiter: RateLimiterAbstract): (keyId: string) => Promise<RateLimiterRes> {
  const points = limiter.points;
  const loader = new DataLoader<string, RateLimiterRes>(
    async (keyIds) => {
      const asked = new Map<string, number>();
      for (const keyId of keyIds) asked.set(keyId, (asked.get(keyId) ?? 0) + 1);
      const windows = new Map<string, RateLimiterRes | Error>();
      await Promise.all(
        [...asked].map(async ([keyId, n]) => {
          windows.set(keyId, await limiter.consume(keyId, n).catch(windowOrError));
        }),
      );
      const handedOut = new Map<string, number>();
      return keyIds.map((keyId) => {
        const window = windows.get(keyId) as RateLimiterRes | Error;
        if (window instanceof Error) return window;
        const n = asked.get(keyId) as number;
        const i = handedOut.get(keyId) ?? 0;
        handedOut.set(keyId, i + 1);
        const consumed = window.consumedPoints - n + i + 1;
        return new RateLimiterRes(
          Math.max(0, points - consumed),
          window.msBeforeNext,
          consumed,
          window.isFirstInDuration && i === 0,
        );
      });
    },
    // No memo: every call consumes. Batch what the event loop's current turn asked for (every socket read of it).
    { cache: false, batchScheduleFn: (run) => setImmediate(run), maxBatchSize: 1000 },
  );
  return (keyId) => loader.load(keyId);
}

/** A refused consume's window state (rate-limiter-flexible rejects with it), or the store's error. */
function windowOrError(rejection: unknown): RateLimiterRes | Error {
  if (rejection instanceof RateLimiterRes || rejection instanceof Error) return rejection;
  return new Error(`rate limiter store failed: ${String(rejection)}`);
}

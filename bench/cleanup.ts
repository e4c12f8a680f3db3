import { createRedis, deleteKeysUnder } from "@sda/queue";

/**
 * Deletes a bench run's Redis keys (`<prefix>:*`) when the run ends — normally (call the returned function) or on
 * SIGINT/SIGTERM (then the process exits 130/143) — so runs leave nothing behind in Redis.
 * @returns the cleanup to await at the end of a normal run (idempotent).
 */
export function cleanupKeysOnExit(redisUrl: string, prefix: string): () => Promise<void> {
  let done: Promise<void> | null = null;
  const cleanup = () => {
    done ??= (async () => {
      const redis = createRedis(redisUrl);
      try {
        const deleted = await deleteKeysUnder(redis, prefix);
        console.log(`bench: deleted ${deleted} Redis keys under ${prefix}:`);
      } finally {
        redis.disconnect();
      }
    })();
    return done;
  };
  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const)
    process.once(signal, () => {
      void cleanup().finally(() => process.exit(code));
    });
  return cleanup;
}

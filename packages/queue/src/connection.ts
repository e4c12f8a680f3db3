import { Redis } from "ioredis";

/**
 * An ioredis connection for BullMQ and the service's own keys. `maxRetriesPerRequest: null` is what BullMQ requires
 * for workers and queue events (blocking commands must wait through reconnects instead of failing).
 */
export function createRedis(url: string, options: { lazyConnect?: boolean } = {}): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: null,
    enableReadyCheck: true,
    lazyConnect: options.lazyConnect ?? false,
  });
}

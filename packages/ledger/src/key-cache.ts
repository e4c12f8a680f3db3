import { duplicateRedis, type RedisClient } from "@sda/core";
import { hashApiKey } from "./keys.ts";
import type { AuthResult, Ledger } from "./ledger.ts";

/** Redis pub/sub channel on which key revocations are announced to every gateway of a prefix. */
function keyInvalidationChannel(prefix: string): string {
  return `${prefix}:keys:invalidate`;
}

interface Entry {
  result: AuthResult & { ok: true };
  /** Epoch ms after which the entry is read from PostgreSQL again. */
  freshUntil: number;
}

export interface KeyCacheOptions {
  /** Queue prefix: the invalidation channel is `<prefix>:keys:invalidate`. */
  prefix: string;
  /** Freshness window of an entry in ms (0: every lookup reads PostgreSQL). */
  ttlMs: number;
  /** Most keys held; the oldest entry is evicted past it (default 10,000). */
  maxEntries?: number;
}

/**
 * In-process cache of API key lookups (as Unkey does): a valid key is read from PostgreSQL at most once per
 * `ttlMs` per process, and a revocation reaches every process at once through Redis pub/sub
 * ({@link revokeApiKeyEverywhere} publishes; each cache subscribes and drops the key).
 *
 * Only valid keys are cached: unknown keys are random by nature (caching them would let a flood fill memory) and are
 * held back by the gateway's per-address auth rate limit instead; revoked keys always read PostgreSQL.
 * The cached `principal.balance` is the balance when the key was read — for display and estimates only; money
 * decisions read the balance in SQL.
 */
export class KeyCache {
  readonly #ledger: Ledger;
  readonly #options: Required<KeyCacheOptions>;
  readonly #byHash = new Map<string, Entry>();
  readonly #subscriber: RedisClient;
  /**
   * Bumped by every invalidation: a PostgreSQL read that started before a revocation and returns after it must not
   * put the key back into memory.
   */
  #epoch = 0;
  /** Lookups since start: `hits` from memory, `misses` read from PostgreSQL (for metrics and tests). */
  readonly stats = { hits: 0, misses: 0, invalidations: 0 };

  /** @param redis a connection to duplicate for the subscription (a subscribed connection can do nothing else). */
  constructor(ledger: Ledger, redis: RedisClient, options: KeyCacheOptions) {
    this.#ledger = ledger;
    this.#options = { maxEntries: 10_000, ...options };
    this.#subscriber = duplicateRedis(redis, { lazyConnect: true });
    this.#subscriber.on("message", (_channel: string, keyId: string) => this.invalidate(keyId));
    // While the subscription is down a revocation could be missed: forget everything on every (re)connect.
    this.#subscriber.on("ready", () => this.clear());
    this.#subscriber.on("error", () => undefined);
  }

  /** Subscribes to the invalidation channel; resolves once subscribed. */
  async start(): Promise<void> {
    await this.#subscriber.connect();
    await this.#subscriber.subscribe(keyInvalidationChannel(this.#options.prefix));
  }

  /** The key's principal when a fresh entry is in memory (no I/O), else null. */
  cached(secret: string): (AuthResult & { ok: true }) | null {
    const entry = this.#byHash.get(hashApiKey(secret));
    if (!entry || entry.freshUntil <= Date.now()) return null;
    this.stats.hits++;
    return entry.result;
  }

  /** The key's principal from memory when fresh, else from PostgreSQL ({@link Ledger.authenticate}). */
  async authenticate(secret: string): Promise<AuthResult> {
    const hit = this.cached(secret);
    if (hit) return hit;
    const hash = hashApiKey(secret);
    this.stats.misses++;
    const epoch = this.#epoch;
    const result = await this.#ledger.authenticate(secret);
    const stale = epoch !== this.#epoch;
    if (result.ok && !stale && this.#options.ttlMs > 0 && this.#subscriber.status === "ready") {
      this.#byHash.delete(hash);
      this.#byHash.set(hash, { result, freshUntil: Date.now() + this.#options.ttlMs });
      if (this.#byHash.size > this.#options.maxEntries) {
        const oldest = this.#byHash.keys().next().value;
        if (oldest !== undefined) this.#byHash.delete(oldest);
      }
    } else if (!result.ok) this.#byHash.delete(hash);
    return result;
  }

  /**
   * Drops a key (by id) from this process's cache. Called for each message on the invalidation channel, and directly
   * by a revocation made in this process (the dashboard's), which must not wait for its own pub/sub message.
   */
  invalidate(keyId: string): void {
    this.#epoch++;
    this.stats.invalidations++;
    for (const [hash, entry] of this.#byHash)
      if (entry.result.principal.keyId === keyId) this.#byHash.delete(hash);
  }

  clear(): void {
    this.#epoch++;
    this.#byHash.clear();
  }

  async close(): Promise<void> {
    this.#subscriber.disconnect();
  }
}

/**
 * Revokes a key in PostgreSQL and announces it on Redis so every gateway's {@link KeyCache} drops it at once. The one
 * function the CLI (and the dashboard) calls to revoke a key. `local`, the caller's own cache when it runs inside a
 * gateway, is dropped before this returns: a pub/sub message may reach that process's subscriber after the caller
 * has already sent its next request.
 * @returns false when no such key exists.
 * @throws Error when Redis cannot be reached after the revocation was stored (caches then expire it within their
 *   freshness window); the message says so.
 */
export async function revokeApiKeyEverywhere(
  ledger: Ledger,
  redis: RedisClient,
  prefix: string,
  keyId: string,
  local?: { invalidate(keyId: string): void },
): Promise<boolean> {
  if (!(await ledger.revokeApiKey(keyId))) return false;
  local?.invalidate(keyId);
  try {
    await redis.publish(keyInvalidationChannel(prefix), keyId);
  } catch (error) {
    throw new Error(
      `key ${keyId} is revoked in the database, but the gateways could not be told (Redis: ${(error as Error).message}); cached copies expire within KEY_CACHE_TTL_MS`,
      { cause: error },
    );
  }
  return true;
}

import { createHash } from "node:crypto";
import type { OperationDefinition, OperationOutcome } from "@sda/core";
import type { Redis } from "ioredis";

/** A stored successful outcome (SPEC §4.1 `cache`, §8: 24 h). */
export interface CachedOutcome extends Omit<OperationOutcome, "data"> {
  data: unknown;
  /** ISO time the outcome was fetched. */
  cachedAt: string;
}

/** Parameters that never change the result: left out of the cache key. */
const NON_KEY_PARAMS = new Set(["cache", "cacheMaxAge", "maxCredits"]);

/**
 * The result cache in Redis, shared by all accounts (the data is public). Keys are
 * `<prefix>:cache:<operation id>:<sha256 of the sorted parameters>`; values are JSON with `cachedAt`.
 */
export class ResultCache {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly defaultTtlSeconds: number,
  ) {}

  /** The cache key of a call (exported for tests and cache-busting tools). */
  key(operationId: string, params: Record<string, unknown>): string {
    const canonical = Object.keys(params)
      .filter((k) => !NON_KEY_PARAMS.has(k) && params[k] !== undefined && params[k] !== "")
      .sort()
      .map((k) => [k, params[k]]);
    const digest = createHash("sha256").update(JSON.stringify(canonical)).digest("hex").slice(0, 32);
    return `${this.prefix}:cache:${operationId}:${digest}`;
  }

  /** @param maxAgeSeconds ignore entries older than this (default: the operation's TTL). */
  async get(
    op: OperationDefinition,
    params: Record<string, unknown>,
    maxAgeSeconds?: number,
  ): Promise<CachedOutcome | null> {
    const raw = await this.redis.get(this.key(op.id, params));
    if (!raw) return null;
    const cached = JSON.parse(raw) as CachedOutcome;
    const age = (Date.now() - Date.parse(cached.cachedAt)) / 1000;
    return age <= (maxAgeSeconds ?? this.ttl(op)) ? cached : null;
  }

  async set(
    op: OperationDefinition,
    params: Record<string, unknown>,
    outcome: OperationOutcome,
    now: Date,
  ): Promise<void> {
    const value: CachedOutcome = { ...outcome, cachedAt: now.toISOString() };
    await this.redis.set(this.key(op.id, params), JSON.stringify(value), "EX", this.ttl(op));
  }

  ttl(op: OperationDefinition): number {
    if (op.cache.mode === "always") return op.cache.ttlSeconds;
    if (op.cache.mode === "optIn") return op.cache.ttlSeconds ?? this.defaultTtlSeconds;
    return 0;
  }
}

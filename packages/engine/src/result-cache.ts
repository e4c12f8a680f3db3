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

/** JSON with object keys sorted at every depth, so equal values always serialise the same. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/**
 * The result cache in Redis, shared by all accounts (the data is public). Keys are
 * `<prefix>:cache:<operation id>:<sha256 of the canonical parameters>`; values are JSON with `cachedAt`.
 *
 * The key is made from the PARSED parameters (the schema's output), which name the canonical resource: the video id,
 * channel id, post id, subreddit name… So `youtu.be/X`, `watch?v=X&t=1` and `shorts/X` share one entry, while the
 * raw strings would have made three (and let a caller multiply cache misses by varying an ignored query value).
 *
 * How long an entry is KEPT (the operation's `cache.ttlSeconds`, default `CACHE_TTL_SECONDS`) and how old an entry a
 * call ACCEPTS (24 h for `cache=true`, its `cacheMaxAge` when given) are separate: profile operations keep 30 days so
 * `cacheMaxAge=30d` can be served.
 */
export class ResultCache {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly defaultTtlSeconds: number,
  ) {}

  /** The cache key of a call from its parsed parameters (exported for tests and cache-busting tools). */
  key(operationId: string, params: Record<string, unknown>): string {
    const canonical = Object.fromEntries(
      Object.entries(params).filter(([k, v]) => !NON_KEY_PARAMS.has(k) && v !== undefined && v !== ""),
    );
    const digest = createHash("sha256").update(stableJson(canonical)).digest("hex").slice(0, 32);
    return `${this.prefix}:cache:${operationId}:${digest}`;
  }

  /**
   * The stored outcome of a call, or null when there is none or it is older than `maxAgeSeconds` (default: the age
   * `cache=true` accepts, {@link defaultMaxAge}). A value that is not valid JSON is treated as absent.
   */
  async get(
    op: OperationDefinition,
    params: Record<string, unknown>,
    maxAgeSeconds = this.defaultMaxAge(op),
  ): Promise<CachedOutcome | null> {
    const raw = await this.redis.get(this.key(op.id, params));
    if (!raw) return null;
    let cached: CachedOutcome;
    try {
      cached = JSON.parse(raw) as CachedOutcome;
    } catch {
      return null;
    }
    const age = (Date.now() - Date.parse(cached.cachedAt)) / 1000;
    return age <= maxAgeSeconds ? cached : null;
  }

  /** Stores a paid outcome under its parsed parameters for the operation's keep time. */
  async set(
    op: OperationDefinition,
    params: Record<string, unknown>,
    outcome: OperationOutcome,
    now: Date,
  ): Promise<void> {
    const value: CachedOutcome = { ...outcome, cachedAt: now.toISOString() };
    await this.redis.set(this.key(op.id, params), JSON.stringify(value), "EX", this.ttl(op));
  }

  /** Seconds an entry is kept: the operation's `cache.ttlSeconds`, else `CACHE_TTL_SECONDS`. */
  ttl(op: OperationDefinition): number {
    if (op.cache.mode === "always") return op.cache.ttlSeconds;
    if (op.cache.mode === "optIn") return op.cache.ttlSeconds ?? this.defaultTtlSeconds;
    return 0;
  }

  /**
   * The oldest entry a call accepts without `cacheMaxAge`: the shared TTL of `always` operations, else the 24-hour
   * `cache=true` window (`CACHE_TTL_SECONDS`), never more than the entry is kept.
   */
  defaultMaxAge(op: OperationDefinition): number {
    if (op.cache.mode === "always") return op.cache.ttlSeconds;
    return Math.min(this.defaultTtlSeconds, this.ttl(op) || this.defaultTtlSeconds);
  }
}

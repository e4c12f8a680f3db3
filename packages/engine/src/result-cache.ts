import { hash } from "node:crypto";
import type { OperationOutcome, OperationSpec } from "@sda/contract";
import type { RedisClient } from "@sda/core";
import { isRememberedParse } from "./parse-memo.ts";

/**
 * A stored successful outcome (SPEC §4.1 `cache`, §8: 24 h) as a hit reads it: everything but the data parsed, the
 * data as its stored JSON text (`dataJson`), which the gateway writes into its answer as is (a hit's cost no longer
 * grows with a parse and a re-serialisation of the data); {@link cachedData} parses it for the callers that need the
 * value (batch items).
 */
interface CachedOutcome extends Omit<OperationOutcome, "data"> {
  /** The outcome's `data`, serialised as JSON. */
  dataJson: string;
  /** ISO time the outcome was fetched. */
  cachedAt: string;
}

/** The parsed `data` of a hit. */
export function cachedData(hit: CachedOutcome): unknown {
  return JSON.parse(hit.dataJson);
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
 * An entry as {@link ResultCache.set} writes it: the outcome without its data plus `cachedAt` (one JSON line), a
 * newline, the data's JSON (JSON text never holds a raw newline, so the first one separates them). An entry of the
 * earlier layout (one JSON document with `data` inside, written before an upgrade) is read too. @returns null when
 * the first line is not JSON.
 */
function readEntry(raw: string): CachedOutcome | null {
  const newline = raw.indexOf("\n");
  try {
    if (newline < 0) {
      const { data, ...meta } = JSON.parse(raw) as OperationOutcome & { cachedAt: string };
      return { ...meta, dataJson: JSON.stringify(data) ?? "null" };
    }
    const meta = JSON.parse(raw.slice(0, newline)) as Omit<CachedOutcome, "dataJson">;
    return { ...meta, dataJson: raw.slice(newline + 1) };
  } catch {
    return null;
  }
}

/**
 * The result cache in Redis, shared by all accounts (the data is public). Keys are
 * `<prefix>:cache:<operation id>:<sha256 of the canonical parameters>`; values are the outcome with `cachedAt` and its
 * data as two JSON texts ({@link readEntry}).
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
    private readonly redis: RedisClient,
    private readonly prefix: string,
    private readonly defaultTtlSeconds: number,
  ) {}

  /**
   * Keys already derived, by parameters object: a remembered parse (`validateCallParams`) is the same object for
   * every call that repeats it, so its key is hashed once.
   */
  readonly #keys = new WeakMap<object, { operationId: string; key: string }>();

  /** The cache key of a call from its parsed parameters (exported for tests and cache-busting tools). */
  key(operationId: string, params: Record<string, unknown>): string {
    const known = this.#keys.get(params);
    if (known?.operationId === operationId) return known.key;
    const key = this.#derive(operationId, params);
    // Only a remembered parse's key is kept: it is frozen at every depth, while a caller's own object could change.
    if (isRememberedParse(params)) this.#keys.set(params, { operationId, key });
    return key;
  }

  #derive(operationId: string, params: Record<string, unknown>): string {
    const canonical = Object.fromEntries(
      Object.entries(params).filter(([k, v]) => !NON_KEY_PARAMS.has(k) && v !== undefined && v !== ""),
    );
    // The one-shot `hash` (every cached call runs it): half the CPU of createHash().update().digest().
    const digest = hash("sha256", stableJson(canonical), "hex").slice(0, 32);
    return `${this.prefix}:cache:${operationId}:${digest}`;
  }

  /**
   * The stored outcome of a call, or null when there is none or it is older than `maxAgeSeconds` (default: the age
   * `cache=true` accepts, {@link defaultMaxAge}). An entry whose first line is not valid JSON is treated as absent.
   */
  async get(
    op: OperationSpec,
    params: Record<string, unknown>,
    maxAgeSeconds = this.defaultMaxAge(op),
  ): Promise<CachedOutcome | null> {
    const raw = await this.redis.get(this.key(op.id, params));
    if (!raw) return null;
    const cached = readEntry(raw);
    if (!cached) return null;
    const age = (Date.now() - Date.parse(cached.cachedAt)) / 1000;
    return age <= maxAgeSeconds ? cached : null;
  }

  /** Stores a paid outcome under its parsed parameters for the operation's keep time. */
  async set(
    op: OperationSpec,
    params: Record<string, unknown>,
    outcome: OperationOutcome,
    now: Date,
  ): Promise<void> {
    const { data, ...meta } = outcome;
    const value = `${JSON.stringify({ ...meta, cachedAt: now.toISOString() })}\n${JSON.stringify(data) ?? "null"}`;
    await this.redis.set(this.key(op.id, params), value, "EX", this.ttl(op));
  }

  /** Seconds an entry is kept: the operation's `cache.ttlSeconds`, else `CACHE_TTL_SECONDS`. */
  ttl(op: OperationSpec): number {
    if (op.cache.mode === "always") return op.cache.ttlSeconds;
    if (op.cache.mode === "optIn") return op.cache.ttlSeconds ?? this.defaultTtlSeconds;
    return 0;
  }

  /**
   * The oldest entry a call accepts without `cacheMaxAge`: the shared TTL of `always` operations, else the 24-hour
   * `cache=true` window (`CACHE_TTL_SECONDS`), never more than the entry is kept.
   */
  defaultMaxAge(op: OperationSpec): number {
    if (op.cache.mode === "always") return op.cache.ttlSeconds;
    return Math.min(this.defaultTtlSeconds, this.ttl(op) || this.defaultTtlSeconds);
  }
}

import { isCluster, type RedisClient, scanKeys, slotTag } from "@sda/core";

/** How long a strategy's health hash outlives its last update, seconds (7 days): retired strategies fade away. */
const HEALTH_TTL_SECONDS = 7 * 24 * 60 * 60;
/** How long a source circuit's hash outlives its last failure, ms (24 h, as the audio circuit). */
const CIRCUIT_TTL_MS = 24 * 60 * 60 * 1000;

/** `<prefix>:health:<platform>:<strategy>`: the hash of one strategy's health. */
const healthKey = (prefix: string, platform: string, strategy: string) =>
  `${prefix}:health:${platform}:${strategy}`;

/**
 * `<prefix>:circuit:<source>`: a source's circuit (`<prefix>:circuit:{<source>}` when `redis` is a cluster: the media
 * circuits' hash tag, see `slotTag`). Same layout as the media package's `BlockedRateCircuit`
 * (`blockedRateConsecutive`, `openUntil` in epoch ms, `lastBlockedAt`), so `/v1/status` `circuits[]` shows both.
 */
export const circuitKey = (prefix: string, source: string, redis?: RedisClient) =>
  `${prefix}:circuit:${redis ? slotTag(redis, source) : source}`;

/** One strategy's health as `/v1/status` shows it (`platforms.<p>.strategies[]`). */
export interface StrategyHealth {
  /** The strategy id, e.g. `android`. */
  id: string;
  /** The source whose circuit the strategy uses, e.g. `videosite:direct:android`. */
  source: string | null;
  successes: number;
  failures: number;
  /** `<class>: <code>` of the last failure, e.g. `blocked: upstream_blocked`. */
  lastError: string | null;
  /** ISO time of the last failure. */
  lastErrorAt: string | null;
  /** ISO time of the last success. */
  lastSuccessAt: string | null;
  /** ISO time the source circuit reopens, while it is open. */
  openUntil: string | null;
  /** `open` while the source circuit's cooldown runs. */
  state: "ok" | "failing" | "open";
}

// Redis TIME keeps every process on one clock.
const NOW =
  "local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)";

const CIRCUIT_READ = `${NOW}
local count = tonumber(redis.call('HGET', KEYS[1], 'blockedRateConsecutive') or '0')
local openUntil = tonumber(redis.call('HGET', KEYS[1], 'openUntil') or '0')
if count == 0 or now >= openUntil then return 0 end
return openUntil - now`;

const CIRCUIT_OPEN = `${NOW}
local count = redis.call('HINCRBY', KEYS[1], 'blockedRateConsecutive', 1)
redis.call('HSET', KEYS[1], 'openUntil', now + tonumber(ARGV[1]), 'lastBlockedAt', now)
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return now + tonumber(ARGV[1])`;

/**
 * A source's circuit: opened for a cooldown by a `blocked`/`rate_limited` failure, closed by a success (deleted by
 * {@link recordHealth} with `closeCircuit`, in the success's own transaction). While open,
 * chains skip every strategy of that source; after the cooldown the next call runs again (and closes or reopens it).
 */
export class SourceCircuit {
  readonly key: string;

  constructor(
    private readonly redis: RedisClient,
    prefix: string,
    readonly source: string,
  ) {
    this.key = circuitKey(prefix, source, redis);
  }

  /** Remaining cooldown, ms (0 when closed or the cooldown is over). */
  async remainingMs(): Promise<number> {
    return Number(await this.redis.eval(CIRCUIT_READ, 1, this.key));
  }

  /**
   * Opens the circuit for `cooldownSeconds` (again, counting on).
   * @returns the epoch ms it reopens.
   */
  async open(cooldownSeconds: number): Promise<number> {
    return Number(
      await this.redis.eval(
        CIRCUIT_OPEN,
        1,
        this.key,
        String(cooldownSeconds * 1000),
        String(CIRCUIT_TTL_MS),
      ),
    );
  }
}

/**
 * Records an outcome in the strategy's health hash (and refreshes its TTL), in one MULTI round trip; with
 * `closeCircuit` (a success of a chain's strategy) the same transaction closes the source's circuit
 * ({@link circuitKey}), which a separate `SourceCircuit.close` would cost a second round trip on the call's path.
 */
export async function recordHealth(
  redis: RedisClient,
  prefix: string,
  entry: {
    platform: string;
    strategy: string;
    source: string;
    outcome: "success" | "failure";
    error?: string;
    openUntil?: number;
    closeCircuit?: boolean;
  },
): Promise<void> {
  const key = healthKey(prefix, entry.platform, entry.strategy);
  const now = new Date().toISOString();
  const multi = redis.multi();
  if (entry.outcome === "success") {
    multi.hincrby(key, "successes", 1);
    multi.hset(key, { source: entry.source, lastSuccessAt: now, openUntil: 0 });
  } else {
    multi.hincrby(key, "failures", 1);
    multi.hset(key, {
      source: entry.source,
      lastError: entry.error ?? "unknown",
      lastErrorAt: now,
      ...(entry.openUntil === undefined ? {} : { openUntil: entry.openUntil }),
    });
  }
  multi.expire(key, HEALTH_TTL_SECONDS);
  const circuit = circuitKey(prefix, entry.source, redis);
  // On a cluster the circuit lives in its source's slot, not the health hash's: closed beside the transaction (a
  // crash in between leaves it open until its cooldown ends, as a lost close always did).
  if (entry.closeCircuit && !isCluster(redis)) multi.del(circuit);
  await Promise.all([multi.exec(), entry.closeCircuit && isCluster(redis) ? redis.del(circuit) : null]);
}

const iso = (value: string | undefined) => (value ? value : null);

/**
 * Reads every strategy's health under `<prefix>:health:` (a SCAN), grouped by platform, each list sorted by id.
 * `state`: `open` while the source circuit's `openUntil` is ahead, `failing` when the last outcome was a failure.
 * @returns `{ <platform>: StrategyHealth[] }`, e.g. `{ videosite: [{ id: "android", … }] }`.
 */
export async function readStrategyHealth(
  redis: RedisClient,
  prefix: string,
): Promise<Record<string, StrategyHealth[]>> {
  const out: Record<string, StrategyHealth[]> = {};
  const head = `${prefix}:health:`;
  for await (const keys of scanKeys(redis, `${head}*`, 200)) {
    for (const key of keys) {
      const rest = key.slice(head.length);
      const split = rest.indexOf(":");
      if (split <= 0) continue;
      const platform = rest.slice(0, split);
      const fields = await redis.hgetall(key).catch(() => ({}) as Record<string, string>);
      const source = fields.source ?? null;
      const circuitOpenUntil = source
        ? Number(await redis.hget(circuitKey(prefix, source, redis), "openUntil"))
        : 0;
      const openUntil = Math.max(Number(fields.openUntil ?? 0) || 0, circuitOpenUntil || 0);
      const lastErrorAt = iso(fields.lastErrorAt);
      const lastSuccessAt = iso(fields.lastSuccessAt);
      const open = openUntil > Date.now();
      const failing = lastErrorAt !== null && (lastSuccessAt === null || lastErrorAt > lastSuccessAt);
      const list = out[platform] ?? [];
      out[platform] = list;
      list.push({
        id: rest.slice(split + 1),
        source,
        successes: Number(fields.successes ?? 0),
        failures: Number(fields.failures ?? 0),
        lastError: iso(fields.lastError),
        lastErrorAt,
        lastSuccessAt,
        openUntil: open ? new Date(openUntil).toISOString() : null,
        state: open ? "open" : failing ? "failing" : "ok",
      });
    }
  }
  for (const list of Object.values(out)) list.sort((a, b) => a.id.localeCompare(b.id));
  return out;
}

import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { type RedisClient, type ServiceError, slotTag } from "@sda/core";
import { audioExtractError } from "../extract-error.ts";

/** Where the circuit stands, as every process sees it (read from Redis). */
export interface CircuitState {
  /**
   * - `closed`: downloads run;
   * - `open`: the cooldown after a `blocked_rate` failure runs for `remainingMs` more;
   * - `half-open`: the cooldown is over and the next download is the probe that closes (or reopens) the circuit;
   * - `probing`: a probe is running (for at most `remainingMs`); other downloads wait for its outcome.
   */
  state: "closed" | "open" | "half-open" | "probing";
  remainingMs: number;
  /** `blocked_rate` failures since the last successful download (SPEC §4.2.2 rule 7). */
  blockedRateConsecutive: number;
}

/** A download admitted by the circuit; `probe` when its outcome decides whether the circuit closes. */
export interface CircuitTicket {
  probe: boolean;
  token: string;
}

export interface BlockedRateCircuitOptions {
  /** The service's key prefix (`QUEUE_PREFIX`): keys are `<prefix>:circuit:<name>` (a hash) and `<prefix>:circuit:<name>:probe`. */
  keyPrefix: string;
  /** One circuit per media host family, e.g. `videosite-media`. */
  name: string;
  /** Cooldown after a `blocked_rate` failure, seconds (SPEC §7.4: 300). */
  cooldownSeconds: number;
  /** A download waits out an open circuit when at most this many seconds remain; otherwise it fails fast. */
  maxWaitSeconds: number;
  /** How long one probe may hold the half-open circuit, ms (the download budget plus a margin). */
  probeTtlMs: number;
  /** Poll interval while waiting, ms (default 250). */
  pollMs?: number;
}

/** How long the circuit's hash outlives its last `blocked_rate` failure: a forgotten circuit closes itself. */
const STATE_TTL_MS = 24 * 60 * 60 * 1000;

// Every script reads the clock of Redis (TIME), so all processes share one clock.
const NOW =
  "local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)";

const READ = `${NOW}
local count = tonumber(redis.call('HGET', KEYS[1], 'blockedRateConsecutive') or '0')
if count == 0 then return {'closed', 0, 0} end
local openUntil = tonumber(redis.call('HGET', KEYS[1], 'openUntil') or '0')
if now < openUntil then return {'open', openUntil - now, count} end
local ttl = redis.call('PTTL', KEYS[2])
if ttl > 0 then return {'probing', ttl, count} end
if ARGV[1] == 'acquire' and redis.call('SET', KEYS[2], ARGV[2], 'NX', 'PX', ARGV[3]) then
  return {'probe', 0, count}
end
return {'half-open', 0, count}`;

const BLOCKED = `${NOW}
local count = redis.call('HINCRBY', KEYS[1], 'blockedRateConsecutive', 1)
redis.call('HSET', KEYS[1], 'openUntil', now + tonumber(ARGV[1]), 'lastBlockedAt', now)
redis.call('PEXPIRE', KEYS[1], ARGV[2])
if redis.call('GET', KEYS[2]) == ARGV[3] then redis.call('DEL', KEYS[2]) end
return count`;

const CLOSE = `if redis.call('GET', KEYS[2]) == ARGV[1] then redis.call('DEL', KEYS[1], KEYS[2]) return 1 end
return 0`;

const RELEASE = `if redis.call('GET', KEYS[2]) == ARGV[1] then redis.call('DEL', KEYS[2]) return 1 end
return 0`;

/**
 * The service-wide `blocked_rate` circuit of media downloads (SPEC §4.2.2 rule 7, `cacheScope=service`): one media
 * host answering 403/429 to any worker process stops every process's downloads for the cooldown, so the service does
 * not dig itself deeper into the block. State lives in Redis under the service's key prefix, so all workers sharing the prefix
 * share it.
 *
 * Life cycle: closed → (a `blocked_rate` failure) open for `cooldownSeconds`, counter `blockedRateConsecutive` + 1 →
 * half-open: exactly one download (the probe, holding a lock for `probeTtlMs`) may run → closed when it succeeds,
 * open again (counter + 1) when it is blocked; a probe that fails otherwise releases the lock for the next probe.
 * While open or probing, a download waits when the remaining time is at most `maxWaitSeconds`, else fails fast with
 * `blocked_rate` and `retryAfterSeconds` = the remaining wait.
 */
export class BlockedRateCircuit {
  readonly key: string;
  readonly probeKey: string;

  constructor(
    private readonly redis: RedisClient,
    private readonly options: BlockedRateCircuitOptions,
  ) {
    // Both keys in one slot on a cluster (every script touches both): the name is their hash tag there.
    this.key = `${options.keyPrefix}:circuit:${slotTag(redis, options.name)}`;
    this.probeKey = `${this.key}:probe`;
  }

  /** The current state (no side effect). */
  async read(): Promise<CircuitState> {
    const [state, remaining, count] = (await this.redis.eval(READ, 2, this.key, this.probeKey, "read")) as [
      CircuitState["state"],
      number,
      number,
    ];
    return { state, remainingMs: Number(remaining), blockedRateConsecutive: Number(count) };
  }

  /**
   * Admits one download: at once when closed, as the probe when half-open, after a wait when the remaining
   * cooldown (or the running probe) ends within the wait allowance (`maxWaitSeconds`, default the circuit's; 0 when
   * another source can be tried instead).
   * @throws ServiceError 502 `audio_extract_failed` reason `blocked_rate` with `retryAfterSeconds` = the remaining
   *   wait and details `cacheScope: "service"`, `blockedRateConsecutive`, `circuit`, when the wait is too long.
   * @throws the signal's reason when aborted while waiting.
   */
  async enter(signal?: AbortSignal, maxWaitSeconds = this.options.maxWaitSeconds): Promise<CircuitTicket> {
    const token = randomBytes(8).toString("hex");
    const deadline = Date.now() + maxWaitSeconds * 1000;
    for (;;) {
      const [state, remaining, count] = (await this.redis.eval(
        READ,
        2,
        this.key,
        this.probeKey,
        "acquire",
        token,
        String(this.options.probeTtlMs),
      )) as [string, number, number];
      if (state === "closed") return { probe: false, token };
      if (state === "probe") return { probe: true, token };
      const remainingMs = Number(remaining);
      if (Date.now() + remainingMs > deadline)
        throw this.openError(state as CircuitState["state"], remainingMs, Number(count));
      await sleep(Math.min(Math.max(remainingMs, 50), this.options.pollMs ?? 250), undefined, {
        signal,
      }).catch((error: unknown) => {
        throw signal?.aborted ? (signal.reason ?? error) : error;
      });
    }
  }

  /**
   * Records a `blocked_rate` failure of an admitted download: opens (or reopens) the circuit for the cooldown.
   * @returns the new `blockedRateConsecutive`.
   */
  async recordBlocked(ticket: CircuitTicket): Promise<number> {
    const count = await this.redis.eval(
      BLOCKED,
      2,
      this.key,
      this.probeKey,
      String(this.options.cooldownSeconds * 1000),
      String(STATE_TTL_MS),
      ticket.token,
    );
    return Number(count);
  }

  /** Records a successful download: a probe closes the circuit (counter back to 0); other downloads change nothing. */
  async recordSuccess(ticket: CircuitTicket): Promise<void> {
    if (ticket.probe) await this.redis.eval(CLOSE, 2, this.key, this.probeKey, ticket.token);
  }

  /** Ends a download that failed for another reason: a probe hands the half-open circuit to the next download. */
  async release(ticket: CircuitTicket): Promise<void> {
    if (ticket.probe) await this.redis.eval(RELEASE, 2, this.key, this.probeKey, ticket.token);
  }

  /** The `blocked_rate` error of a download the media host refused; the circuit is now open for the cooldown. */
  blockedError(
    blockedRateConsecutive: number,
    options: { cause?: unknown; details?: Record<string, unknown> } = {},
  ): ServiceError {
    return audioExtractError(
      "blocked_rate",
      "the media host refused the download (403/429); downloads pause",
      {
        retryAfterSeconds: this.options.cooldownSeconds,
        details: { ...options.details, cacheScope: "service", blockedRateConsecutive, circuit: "open" },
        cause: options.cause,
      },
    );
  }

  private openError(state: CircuitState["state"], remainingMs: number, count: number): ServiceError {
    return audioExtractError(
      "blocked_rate",
      state === "probing"
        ? "downloads are paused while a probe checks whether the media host still blocks the service"
        : "downloads are paused: the media host recently refused the service (403/429)",
      {
        retryAfterSeconds: Math.max(1, Math.ceil(remainingMs / 1000)),
        details: { cacheScope: "service", blockedRateConsecutive: count, circuit: state },
      },
    );
  }
}

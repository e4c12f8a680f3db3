import { setTimeout as sleep } from "node:timers/promises";
import { type DeclaredHostBudget, matchesHost } from "@sda/contract";
import { type Logger, type RedisClient, ServiceError, scanKeys } from "@sda/core";
import { RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";

/** What politeness needs of a platform: its name and its declared host budgets (`PlatformSpec.politeness`). */
export interface BudgetedPlatform {
  name: string;
  politeness: readonly DeclaredHostBudget[];
}

interface PolitenessOptions {
  /** An ioredis connection (shared with the process's other Redis work). */
  redis: RedisClient;
  /** `QUEUE_PREFIX`: budgets live under `<prefix>:upstream:budget:<platform>:<budget>…`. */
  prefix: string;
  platforms: readonly BudgetedPlatform[];
  log?: Logger;
  /** Longest life of a concurrency slot whose holder died without releasing it, seconds (default 60). */
  leaseSeconds?: number;
}

/** A started request's hold on its host's budget; `release` when its answer has been read. */
interface BudgetLease {
  release(): void;
}

/** The lease of a request no budget limits (no politeness configured, an unbudgeted host): releases nothing. */
export const NO_LEASE: BudgetLease = { release() {} };

/** One host's use of a budget kept per host (`perHost`), as `/v1/status` shows it. */
interface HostUse {
  /** The upstream host name, lower case (e.g. `mastodon.social`). */
  host: string;
  /**
   * Requests started at the host in its current window, at most the rate's `requests` (which it shows while a
   * platform's pause holds the host); null for a budget without a rate.
   */
  used: number | null;
  /** Seconds until the host's window (or a platform's pause) ends, rounded up; null when none is running. */
  resetsInSeconds: number | null;
  /** The host's requests in flight now, over all workers; null for a budget without a concurrency. */
  inFlight: number | null;
}

/**
 * One budget's state, as `/v1/status` shows it. For a budget kept per host the totals are null (each host has its
 * own budget) and `activeHosts` lists the busiest hosts; for the others `activeHosts` is empty.
 */
export interface HostBudgetUse {
  platform: string;
  name: string;
  /** The host patterns the budget covers, as declared. */
  hosts: readonly string[];
  perHost: boolean;
  source: string | null;
  rate: { requests: number; perSeconds: number; used: number | null; resetsInSeconds: number | null } | null;
  concurrency: { limit: number; inFlight: number | null } | null;
  /**
   * Per-host budgets: the hosts with a running window or a held slot now, busiest first (most `used`, then most
   * `inFlight`, then by name), at most 50. Empty for a budget not kept per host.
   */
  activeHosts: HostUse[];
  /**
   * Per-host budgets: how many hosts have a running window or a held slot now, counted up to 1000
   * (the most a snapshot reads); 0 for a budget not kept per host.
   */
  activeHostCount: number;
}

interface Budget {
  platform: string;
  budget: DeclaredHostBudget;
  /** `<prefix>:upstream:budget:<platform>:<budget>`: every key of the budget starts with it and a colon. */
  keyPrefix: string;
  /** Starts per window (or, for a budget without a rate, only the pauses a platform's 429 imposes). */
  gate: RateLimiterRedis;
  /** One points-1 limiter key per concurrency slot: a slot is held while its key exists. */
  slots: RateLimiterRedis | null;
}

/** Longest sleep between two looks at a full concurrency budget, ms. */
const SLOT_POLL_MAX_MS = 200;
/** Most hosts of a per-host budget `/v1/status` lists. */
const ACTIVE_HOSTS_SHOWN = 50;
/**
 * Most hosts of a per-host budget one status snapshot reads: the key scan stops there, so a budget spread over many
 * thousand hosts (a federated network) costs the status page a bounded number of reads. Past it, the busiest are
 * ranked among the hosts the scan found first.
 */
const ACTIVE_HOSTS_READ = 1000;
/** Keys Redis looks at per SCAN call. */
const SCAN_COUNT = 500;

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * The platforms' host budgets (issue 26), enforced for every worker process through Redis with rate-limiter-flexible:
 * a fixed-window limiter per budget for its rate (a platform's 429 blocks the same key until its `Retry-After`), and a
 * points-1 limiter per concurrency slot whose keys expire after `leaseSeconds` if their holder dies. A request that
 * finds its budget spent waits for the next window or slot when that comes before its start-by time; otherwise it is
 * refused with 429 `rate_limited_upstream` (retryable, `Retry-After` = the wait) without sending anything.
 */
export class Politeness {
  private readonly budgets: Budget[];

  constructor(private readonly options: PolitenessOptions) {
    const lease = options.leaseSeconds ?? 60;
    this.budgets = options.platforms.flatMap((platform) =>
      platform.politeness.map((budget) => {
        const keyPrefix = `${options.prefix}:upstream:budget:${platform.name}:${budget.name}`;
        const rate = budget.rate ?? { requests: Number.MAX_SAFE_INTEGER, perSeconds: 1 };
        return {
          platform: platform.name,
          budget,
          keyPrefix,
          gate: new RateLimiterRedis({
            storeClient: options.redis,
            keyPrefix: `${keyPrefix}:rate`,
            points: rate.requests,
            duration: rate.perSeconds,
          }),
          slots:
            budget.concurrency === undefined
              ? null
              : new RateLimiterRedis({
                  storeClient: options.redis,
                  keyPrefix: `${keyPrefix}:slot`,
                  points: 1,
                  duration: lease,
                }),
        };
      }),
    );
  }

  /** Whether any platform declared a budget (else the client skips politeness altogether). */
  get empty(): boolean {
    return this.budgets.length === 0;
  }

  /** The budget a request to `url` of `platform` spends, with its key (`all`, or the host for per-host budgets). */
  private find(platform: string, url: string): { entry: Budget; key: string } | null {
    const host = new URL(url).hostname.toLowerCase();
    const entry = this.budgets.find(
      (b) => b.platform === platform && (b.budget.hosts.includes("*") || matchesHost(b.budget.hosts, host)),
    );
    return entry ? { entry, key: entry.budget.perHost ? host : "all" } : null;
  }

  /**
   * Takes a start (and a slot) of the budget of `url`'s host, waiting while that ends before `startBy`.
   * @throws ServiceError `rate_limited_upstream` (429, retryable, `retryAfterSeconds`) when it cannot start in time;
   *   the signal's reason when aborted while waiting.
   */
  async acquire(platform: string, url: string, startBy: number, signal?: AbortSignal): Promise<BudgetLease> {
    const found = this.find(platform, url);
    if (!found) return NO_LEASE;
    const { entry, key } = found;
    const refuse = (waitMs: number) =>
      new ServiceError(
        "rate_limited_upstream",
        `${platform}: the request budget of ${entry.budget.name} is spent; retry later`,
        { details: { platform, budget: entry.budget.name }, retryAfterSeconds: seconds(waitMs) },
      );
    for (;;) {
      const waitMs = await this.consume(entry.gate, key);
      if (waitMs === 0) break;
      if (Date.now() + waitMs > startBy) throw refuse(waitMs);
      await sleep(waitMs + Math.floor(Math.random() * 25), undefined, { signal });
    }
    const slots = entry.slots;
    if (!slots) return NO_LEASE;
    for (let attempt = 0; ; attempt++) {
      const slot = await this.takeSlot(slots, key, entry.budget.concurrency ?? 1);
      if (slot !== null) return { release: () => void slots.delete(slot).catch(() => undefined) };
      const waitMs = Math.min(SLOT_POLL_MAX_MS, 10 * 2 ** attempt) + Math.floor(Math.random() * 10);
      if (Date.now() + waitMs > startBy) throw refuse(1000);
      await sleep(waitMs, undefined, { signal });
    }
  }

  /** Takes one point of `key`: 0 when taken, else the ms until the window renews. Redis trouble lets it pass. */
  private async consume(limiter: RateLimiterRedis, key: string): Promise<number> {
    try {
      await limiter.consume(key);
      return 0;
    } catch (error) {
      if (error instanceof RateLimiterRes) return Math.max(1, error.msBeforeNext);
      this.options.log?.warn({ err: error }, "host budget unreadable; request sent without it");
      return 0;
    }
  }

  /** The key of a free concurrency slot now taken, or null when all are held. */
  private async takeSlot(slots: RateLimiterRedis, key: string, count: number): Promise<string | null> {
    const first = Math.floor(Math.random() * count);
    for (let i = 0; i < count; i++) {
      const slot = `${key}:${(first + i) % count}`;
      if ((await this.consume(slots, slot)) === 0) return slot;
    }
    return null;
  }

  /**
   * Feeds a platform's own limit into the budget of `url`'s host: after a 429 or 503 with `Retry-After`, or an answer
   * reporting `x-ratelimit-remaining: 0` with its `x-ratelimit-reset`, no request starts there until then.
   */
  async observe(
    platform: string,
    url: string,
    status: number,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<void> {
    const pauseSeconds = platformPause(status, headers);
    if (pauseSeconds === null) return;
    const found = this.find(platform, url);
    if (!found) return;
    await found.entry.gate.block(found.key, pauseSeconds).catch(() => undefined);
    this.options.log?.warn(
      { platform, budget: found.entry.budget.name, key: found.key, seconds: pauseSeconds },
      "host budget paused by the platform",
    );
  }

  /**
   * Every declared budget with its use now, over all workers (for `/v1/status`): a shared budget's window and slots,
   * or a per-host budget's busiest hosts (see {@link HostBudgetUse}). Unreadable counts are left out (0 or null).
   * @throws the Redis error when the keys of a per-host budget cannot be scanned.
   */
  async usage(): Promise<HostBudgetUse[]> {
    return Promise.all(
      this.budgets.map((entry) => (entry.budget.perHost ? this.perHostUse(entry) : this.sharedUse(entry))),
    );
  }

  /** A budget shared by all its hosts: the window and slots under the key `all`. */
  private async sharedUse(entry: Budget): Promise<HostBudgetUse> {
    const { budget, gate, slots } = entry;
    const window = await gate.get("all").catch(() => null);
    const inFlight = slots
      ? await heldSlots(
          slots,
          Array.from({ length: budget.concurrency ?? 0 }, (_, i) => `all:${i}`),
        )
      : null;
    return {
      ...declared(entry),
      rate: budget.rate
        ? {
            ...budget.rate,
            used: Math.min(window?.consumedPoints ?? 0, budget.rate.requests),
            resetsInSeconds: window ? seconds(window.msBeforeNext) : null,
          }
        : null,
      concurrency: budget.concurrency === undefined ? null : { limit: budget.concurrency, inFlight },
      activeHosts: [],
      activeHostCount: 0,
    };
  }

  /** A budget kept per host: no totals; the hosts whose window or slots live in Redis now, busiest first. */
  private async perHostUse(entry: Budget): Promise<HostBudgetUse> {
    const { budget, gate, slots } = entry;
    const active = await this.activeHosts(entry);
    const hosts = await Promise.all(
      [...active].map(async ([host, slotKeys]): Promise<HostUse> => {
        const window = await gate.get(host).catch(() => null);
        // A budget without a rate counts its starts in a 1-s window of no limit: only a platform's pause (the
        // window blocked, no points left) is worth showing.
        const running = window && (budget.rate !== undefined || window.remainingPoints === 0) ? window : null;
        return {
          host,
          used: budget.rate ? Math.min(window?.consumedPoints ?? 0, budget.rate.requests) : null,
          resetsInSeconds: running ? seconds(running.msBeforeNext) : null,
          inFlight: slots ? await heldSlots(slots, [...slotKeys]) : null,
        };
      }),
    );
    hosts.sort(
      (a, b) =>
        (b.used ?? 0) - (a.used ?? 0) ||
        (b.inFlight ?? 0) - (a.inFlight ?? 0) ||
        a.host.localeCompare(b.host),
    );
    return {
      ...declared(entry),
      rate: budget.rate ? { ...budget.rate, used: null, resetsInSeconds: null } : null,
      concurrency: budget.concurrency === undefined ? null : { limit: budget.concurrency, inFlight: null },
      activeHosts: hosts.slice(0, ACTIVE_HOSTS_SHOWN),
      activeHostCount: hosts.length,
    };
  }

  /**
   * The hosts of a per-host budget with a key in Redis now — a window `<keyPrefix>:rate:<host>` or a held slot
   * `<keyPrefix>:slot:<host>:<n>` (each expires by itself) — mapped to their slot keys (limiter keys, `<host>:<n>`).
   * SCAN with COUNT, never KEYS: it stops at {@link ACTIVE_HOSTS_READ} hosts.
   */
  private async activeHosts({ keyPrefix, gate, slots }: Budget): Promise<Map<string, Set<string>>> {
    const hosts = new Map<string, Set<string>>();
    const pattern = `${keyPrefix.replace(/[*?[\]\\]/g, "\\$&")}:*`;
    // scanKeys: on a cluster the budget's keys (one per host and slot) spread over every master.
    for await (const keys of scanKeys(this.options.redis, pattern, SCAN_COUNT)) {
      for (const key of keys) {
        let host: string;
        let slot: string | null = null;
        if (key.startsWith(`${gate.keyPrefix}:`)) host = gate.parseKey(key);
        else if (slots && key.startsWith(`${slots.keyPrefix}:`)) {
          slot = slots.parseKey(key);
          host = slot.slice(0, slot.lastIndexOf(":"));
        } else continue;
        let held = hosts.get(host);
        if (!held) {
          if (hosts.size >= ACTIVE_HOSTS_READ) continue;
          held = new Set();
          hosts.set(host, held);
        }
        // SCAN may return a key twice.
        if (slot !== null) held.add(slot);
      }
      if (hosts.size >= ACTIVE_HOSTS_READ) break;
    }
    return hosts;
  }
}

/** A budget's declared figures, as the status page shows them beside its use. */
function declared({ platform, budget }: Budget) {
  return {
    platform,
    name: budget.name,
    hosts: budget.hosts,
    perHost: budget.perHost ?? false,
    source: budget.source ?? null,
  };
}

/** How many of the slot keys (limiter keys) are held now; an unreadable one counts as free. */
async function heldSlots(slots: RateLimiterRedis, keys: readonly string[]): Promise<number> {
  const held = await Promise.all(keys.map((key) => slots.get(key).catch(() => null)));
  return held.filter((r) => r !== null && r.consumedPoints > 0).length;
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() || undefined;
}

/** Seconds from now until `value` (delta seconds, epoch seconds, or an HTTP/ISO date), or null. */
function secondsUntil(value: string | undefined): number | null {
  if (value === undefined) return null;
  const n = Number(value);
  if (Number.isFinite(n)) return Math.ceil(n > 1e9 ? n - Date.now() / 1000 : n);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.ceil((at - Date.now()) / 1000);
}

/**
 * The pause a platform's answer asks for, in whole seconds (at least 1), or null: `Retry-After` on a 429 or 503 (60 s
 * for a 429 without one), or `x-ratelimit-reset` (also `ratelimit-reset`) when `…-remaining` is 0.
 */
export function platformPause(
  status: number,
  headers: Record<string, string | string[] | undefined>,
): number | null {
  const retryAfter = secondsUntil(header(headers, "retry-after"));
  if (status === 429 || (status === 503 && retryAfter !== null)) return Math.max(1, retryAfter ?? 60);
  for (const prefix of ["x-ratelimit", "ratelimit"]) {
    const remaining = header(headers, `${prefix}-remaining`);
    if (remaining === undefined || Number(remaining) !== 0) continue;
    const reset = secondsUntil(header(headers, `${prefix}-reset`));
    if (reset !== null) return Math.max(1, reset);
  }
  return null;
}

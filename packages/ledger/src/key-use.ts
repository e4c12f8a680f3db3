import type { Logger } from "@sda/core";
import type { LedgerKeys } from "./api-keys.ts";

/**
 * How often a gateway writes the keys' last use, ms: `api_keys.last_used_at` lags a key's newest authenticated call
 * by at most this (plus one statement), and a gateway stopped gracefully writes what it holds at shutdown. A gateway
 * killed outright loses at most this window's uses (the request log still has the calls).
 */
const KEY_USE_FLUSH_MS = 60_000;

/**
 * Keeps `api_keys.last_used_at` current without a write per call: each authenticated call records its key's use in
 * memory (one map entry per key, the newest time wins), and every {@link KEY_USE_FLUSH_MS} all of them are written
 * in ONE statement ({@link LedgerKeys.recordUse}). Bounded staleness: {@link KEY_USE_FLUSH_MS}.
 *
 * Failures: a flush that fails (PostgreSQL out) keeps its uses for the next one (a newer use of a key recorded
 * meanwhile wins), and is logged once per failure, never thrown into a call.
 */
export class KeyUseRecorder {
  readonly #keys: Pick<LedgerKeys, "recordUse">;
  readonly #log: Logger | undefined;
  #uses = new Map<string, Date>();
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> | undefined;

  /** @param flushMs the write interval (default {@link KEY_USE_FLUSH_MS}); 0: no timer, only {@link flush}. */
  constructor(keys: Pick<LedgerKeys, "recordUse">, options: { flushMs?: number; log?: Logger } = {}) {
    this.#keys = keys;
    this.#log = options.log;
    const flushMs = options.flushMs ?? KEY_USE_FLUSH_MS;
    if (flushMs > 0) {
      this.#timer = setInterval(() => void this.flush(), flushMs);
      this.#timer.unref();
    }
  }

  /** Notes that `keyId` authenticated a call at `at` (default now). No I/O. */
  record(keyId: string, at = new Date()): void {
    const known = this.#uses.get(keyId);
    if (!known || known < at) this.#uses.set(keyId, at);
  }

  /** Key uses recorded and not yet written (for tests and metrics). */
  get pending(): number {
    return this.#uses.size;
  }

  /**
   * Writes every recorded use in one statement; one flush at a time (a flush asked for during another waits for it,
   * then writes what arrived since).
   */
  async flush(): Promise<void> {
    while (this.#flushing) await this.#flushing;
    if (this.#uses.size === 0) return;
    const batch = this.#uses;
    this.#uses = new Map();
    this.#flushing = this.#keys.recordUse(batch).then(
      () => undefined,
      (error: unknown) => {
        for (const [keyId, at] of batch) this.record(keyId, at);
        this.#log?.warn(
          { err: error, keys: batch.size },
          "writing api_keys.last_used_at failed; kept for the next flush",
        );
      },
    );
    try {
      await this.#flushing;
    } finally {
      this.#flushing = undefined;
    }
  }

  /** Stops the timer and writes what is recorded (a gateway's graceful shutdown). */
  async close(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.flush();
  }
}

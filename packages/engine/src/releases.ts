import type { Logger } from "@sda/core";
import type { Ledger } from "@sda/ledger";

/** First pause before a failed release is tried again (ms); it doubles up to {@link MAX_DELAY_MS}. */
const FIRST_DELAY_MS = 250;
/** Longest pause between two tries of one release (ms). */
const MAX_DELAY_MS = 5000;

/**
 * The process's releases of credit holds, retried until they succeed.
 *
 * Built against a PostgreSQL blip at the wrong moment: a call that failed (or was refused) during it could not give
 * its hold back, and the hold waited for the sweeper's expiry (`RESERVATION_TTL_SECONDS`, 30 min) — a low-balance
 * account got 402 for half an hour (issue 21, #6). A release that fails here is tried again after 250 ms, 0.5 s, 1 s…
 * (at most 5 s apart, with jitter) until it succeeds, so the credits come back moments after the database does.
 * The release statement is idempotent (a hold already gone releases 0), so a retry racing a settle, the sweeper or
 * another process's release moves nothing twice. A process that dies with releases pending leaves them to the sweeper.
 */
export class ReleaseRetrier {
  readonly #pending = new Map<string, NodeJS.Timeout>();
  #closed = false;

  constructor(
    private readonly ledger: Pick<Ledger, "release">,
    private readonly log: Logger,
  ) {}

  /**
   * Releases the hold of `requestId` now; when that fails, keeps trying in the background.
   * @returns the credits released, or null when the release was deferred to the retries. Never throws.
   */
  async release(requestId: string): Promise<number | null> {
    try {
      return await this.ledger.release(requestId);
    } catch (error) {
      this.log.warn({ err: error, requestId }, "release failed; retrying until it succeeds");
      this.#schedule(requestId, 0);
      return null;
    }
  }

  /** Requests whose release is waiting for a retry. */
  get pending(): number {
    return this.#pending.size;
  }

  /** Stops retrying after one last try of each pending release (a failure is left to the sweeper). */
  async close(): Promise<void> {
    this.#closed = true;
    const left = [...this.#pending.keys()];
    for (const timer of this.#pending.values()) clearTimeout(timer);
    this.#pending.clear();
    await Promise.all(left.map((requestId) => this.ledger.release(requestId).catch(() => undefined)));
  }

  #schedule(requestId: string, attempt: number): void {
    if (this.#closed || this.#pending.has(requestId)) return;
    const base = Math.min(FIRST_DELAY_MS * 2 ** attempt, MAX_DELAY_MS);
    const timer = setTimeout(
      () => {
        this.#pending.delete(requestId);
        this.ledger.release(requestId).then(
          (credits) => this.log.info({ requestId, credits, attempts: attempt + 2 }, "deferred release done"),
          () => this.#schedule(requestId, attempt + 1),
        );
      },
      base / 2 + Math.random() * (base / 2),
    );
    timer.unref();
    this.#pending.set(requestId, timer);
  }
}

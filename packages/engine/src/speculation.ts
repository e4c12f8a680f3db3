import { isServiceError } from "@sda/core";

/**
 * Which calls this gateway enqueues speculatively, i.e. alongside their reservation instead of after it (see
 * `hold-words.ts`). A refused speculative call runs no upstream work (the worker waits for the gateway's word before
 * the handler), but it costs a job, a worker slot while the word is read, and a removal; so a call speculates only
 * when the account's balance, as this process last saw it (a settled call's answer, a hit's balance read) no more than
 * {@link FRESH_MS} ago, covers twice the holds of its speculative calls in flight, this one included, and only while
 * the ledger answers: after a reservation failed for a store reason (PostgreSQL unreachable) nothing speculates until
 * a reservation succeeds again, so an outage's refused calls leave no jobs behind (issue 21, #2). An account this
 * gateway has not seen, a balance near its end, a flood of parallel calls and a store outage go the serial way:
 * reservation first, nothing enqueued before it holds.
 */

/** How long a seen balance is trusted for this decision (ms). */
const FRESH_MS = 30_000;
/** Accounts remembered (bounded: cleared when full). */
const MAX_ACCOUNTS = 10_000;

interface Seen {
  balance: number;
  at: number;
  /** Credits held by this account's speculative calls in flight. */
  inFlight: number;
}

export class SpeculationBudget {
  readonly #accounts = new Map<string, Seen>();
  /** False from a reservation's store failure until a reservation succeeds. */
  #storeHealthy = true;

  constructor(private readonly now: () => number = Date.now) {}

  /** Remembers the account's balance (credits) as an answer just reported it. */
  observe(accountId: string, balance: number): void {
    const seen = this.#accounts.get(accountId);
    if (seen) {
      seen.balance = balance;
      seen.at = this.now();
      return;
    }
    if (this.#accounts.size >= MAX_ACCOUNTS) this.#accounts.clear();
    this.#accounts.set(accountId, { balance, at: this.now(), inFlight: 0 });
  }

  /**
   * Whether a call holding `credits` may speculate; when it may, its credits count as in flight until the returned
   * `done` is called (once the call is answered). @returns `done`, or null for the serial way.
   */
  admit(accountId: string, credits: number): (() => void) | null {
    if (!this.#storeHealthy) return null;
    const seen = this.#accounts.get(accountId);
    if (!seen || this.now() - seen.at > FRESH_MS) return null;
    if (seen.balance < 2 * (seen.inFlight + credits)) return null;
    seen.inFlight += credits;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      seen.inFlight -= credits;
    };
  }

  /**
   * Told the outcome of every reservation this gateway made: a failure that is not a service refusal (402, 429: the
   * store itself failed) stops all speculation; a success resumes it.
   */
  reservationSettled(error?: unknown): void {
    this.#storeHealthy = error === undefined || isServiceError(error);
  }
}

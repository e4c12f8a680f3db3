import type { ChargedCall, ChargeResult, Ledger } from "@sda/ledger";
import type { ReleaseRetrier } from "./releases.ts";

/** Whose hold a {@link Reservation} is: one call's request id (the ledger's key), its payer and its operation. */
interface HoldKey {
  requestId: string;
  accountId: string;
  /** Operation id, recorded on the reservation row and the charge. */
  operation: string;
}

/** What a {@link Reservation} needs from its process. */
export interface ReservationDeps {
  ledger: Ledger;
  /** The process's retried releases. */
  releases: ReleaseRetrier;
  /** Seconds a hold lives before the sweeper may release it (`RESERVATION_TTL_SECONDS`). */
  reservationTtlSeconds: number;
}

/**
 * The credits held for one call, and the only way the service moves them: every hold, raise, charge and release of a
 * call goes through this value (the reservation sweeper aside, which releases expired holds of calls nobody runs).
 *
 * - {@link Reservation.hold} reserves (one statement; 402 when `balance − reserved` cannot cover it);
 *   {@link Reservation.of} is the handle of a hold another process made (the gateway's, for the worker that runs the
 *   job) or of none (a settle then charges against the available balance);
 * - {@link raise} lifts the hold once the price is known (the audio transcript's duration);
 * - {@link confirm} settles: charges the actual price and releases the rest, at most once per request id;
 * - {@link release} gives the hold back, idempotent: the first call releases (retried with backoff until PostgreSQL
 *   answers, {@link ReleaseRetrier}), later ones and a release after a confirm do nothing.
 *
 * Keyed by the request id end to end: `confirm` — the one place a charge is made — writes the billed call's
 * request-log row in the settle's own statement, and a call replayed under its `Idempotency-Key` keeps its request id,
 * so a replayed settle is a `duplicate` and charges nothing.
 */
export class Reservation {
  #state: "open" | "confirmed" | "released" = "open";
  #credits: number;

  private constructor(
    readonly key: HoldKey,
    credits: number,
    private readonly deps: ReservationDeps,
  ) {
    this.#credits = credits;
  }

  /**
   * Holds `credits` for the call (inserts the reservation, or raises the request's existing one and renews its expiry).
   * @throws ServiceError 402 `insufficient_credits` when the available balance cannot cover it (nothing held); the
   *   store's error when PostgreSQL cannot be reached.
   */
  static async hold(key: HoldKey, credits: number, deps: ReservationDeps): Promise<Reservation> {
    const held = await deps.ledger.reserve({ ...key, credits, ttlSeconds: deps.reservationTtlSeconds });
    return new Reservation(key, held, deps);
  }

  /**
   * The handle of a hold of `credits` already made for `key.requestId` (by the gateway), or of no hold at all
   * (`credits` 0: an earlier attempt charged the request; a settle finds that charge). No statement runs.
   */
  static of(key: HoldKey, credits: number, deps: ReservationDeps): Reservation {
    return new Reservation(key, credits, deps);
  }

  /** Credits this handle knows to be held. */
  get credits(): number {
    return this.#credits;
  }

  /**
   * Raises the hold to at least `credits` (the work that follows is paid for before it starts).
   * @throws ServiceError 402 `insufficient_credits` when the available balance cannot cover the raise; Error after a
   *   confirm or release (a bug: the call is over).
   */
  async raise(credits: number): Promise<void> {
    if (this.#state !== "open") throw new Error(`the hold of ${this.key.requestId} is ${this.#state}`);
    this.#credits = await this.deps.ledger.reserve({
      ...this.key,
      credits,
      ttlSeconds: this.deps.reservationTtlSeconds,
    });
  }

  /**
   * Settles the call: charges `credits` (its actual price; 0 for an empty result) and releases the hold, in one
   * statement, at most once per request id (a retry finds the earlier charge: `duplicate`). Without a hold the charge
   * is conditional on the available balance. The charge records `call` (its channel and start): the billing record
   * usage shows for the call, whether or not its request-log row is ever written.
   * @returns the charge (null entry for 0 credits) and the balance after, in credits.
   * @throws ServiceError 402 `insufficient_credits` when neither the hold nor the available balance covers the price
   *   (nothing charged; the hold stays for {@link release}); the store's error (nothing charged, hold kept).
   */
  async confirm(credits: number, call?: ChargedCall): Promise<ChargeResult> {
    const settled = await this.deps.ledger.settle({ ...this.key, credits, ...call });
    this.#state = "confirmed";
    return settled;
  }

  /** Records that the hold was released in PostgreSQL by another statement (`Ledger.fence`): no release runs. */
  markReleased(): void {
    if (this.#state === "open") this.#state = "released";
  }

  /**
   * Gives the hold back (a failed, refused or abandoned call). Idempotent; never throws: a release PostgreSQL refuses
   * is retried with backoff until it succeeds. @returns the credits released now (0 when nothing was held or this
   * handle was done already), or null when deferred to the retries.
   */
  async release(): Promise<number | null> {
    if (this.#state !== "open") return 0;
    this.#state = "released";
    return this.deps.releases.release(this.key.requestId);
  }
}

import type { Logger } from "@sda/core";
import type { Ledger } from "@sda/ledger";

/** A running sweeper; `stop` ends its timer (an in-flight sweep finishes on its own). */
export interface ReservationSweeper {
  /** Runs one sweep now. @returns reservations released. */
  sweep(): Promise<number>;
  stop(): void;
}

/**
 * Releases expired credit reservations every `intervalMs`: holds of jobs lost with Redis (flushed, failed over) or
 * stuck past `RESERVATION_TTL_SECONDS`. Every worker process runs one; the release statement skips rows a settle holds
 * and is idempotent, so concurrent sweepers need no leader. A job that still runs after its hold was swept settles
 * against the available balance (and answers 402 rather than serving unpaid).
 */
export function startReservationSweeper(ledger: Ledger, intervalMs: number, log: Logger): ReservationSweeper {
  let running: Promise<number> | null = null;
  const sweep = async () => {
    running ??= ledger.sweepExpired().finally(() => {
      running = null;
    });
    return running;
  };
  const timer = setInterval(() => {
    sweep()
      .then((released) => released > 0 && log.warn({ released }, "released expired credit reservations"))
      .catch((error: unknown) => log.warn({ err: error }, "reservation sweep failed"));
  }, intervalMs);
  timer.unref();
  return { sweep, stop: () => clearInterval(timer) };
}

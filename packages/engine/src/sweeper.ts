import { type Logger, type PeriodicTask, startPeriodicTask } from "@sda/core";
import type { Ledger } from "@sda/ledger";

/**
 * Releases expired credit reservations every `intervalMs`: holds of jobs lost with Redis (flushed, failed over) or
 * stuck past `RESERVATION_TTL_SECONDS`. Every worker process runs one; the release statement skips rows a settle holds
 * and is idempotent, so concurrent sweepers need no leader. A job that still runs after its hold was swept settles
 * against the available balance (and answers 402 rather than serving unpaid). The same run deletes expired
 * `Idempotency-Key` rows (`ledger.idempotency.sweepExpired`, bounded per run; expired rows bind nothing already).
 */
export function startReservationSweeper(
  ledger: Ledger,
  intervalMs: number,
  log: Logger,
): PeriodicTask<number> {
  const sweep = async () => {
    const released = await ledger.sweepExpired();
    await ledger.idempotency.sweepExpired();
    return released;
  };
  return startPeriodicTask(intervalMs, sweep, {
    result: (released) => {
      if (released > 0) log.warn({ released }, "released expired credit reservations");
    },
    error: (error) => log.warn({ err: error }, "reservation sweep failed"),
  });
}

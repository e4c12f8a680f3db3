/** A task that runs every few seconds in this process (the sweepers), one run at a time. */
export interface PeriodicTask<T> {
  /** Runs the task now, or joins the run already in flight (never two at once in one process). */
  runOnce(): Promise<T>;
  /** Ends the timer; a run in flight finishes on its own. */
  stop(): void;
}

/**
 * Runs `run` every `intervalMs` (an unref'd timer: it never keeps the process alive), one run at a time per process:
 * a tick, or a {@link PeriodicTask.runOnce} call, that finds a run in flight joins it instead of starting another.
 * Tasks meant for every process at once (the sweepers) must be idempotent themselves; this gives no leader.
 * @param report gets each timer run's result, or its error (a timer run never throws).
 */
export function startPeriodicTask<T>(
  intervalMs: number,
  run: () => Promise<T>,
  report: { result?: (result: T) => void; error: (error: unknown) => void },
): PeriodicTask<T> {
  let running: Promise<T> | null = null;
  const runOnce = () => {
    running ??= run().finally(() => {
      running = null;
    });
    return running;
  };
  const timer = setInterval(() => {
    runOnce().then(report.result, report.error);
  }, intervalMs);
  timer.unref();
  return { runOnce, stop: () => clearInterval(timer) };
}

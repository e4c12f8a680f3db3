/** A signal that follows other signals until {@link LinkedSignal.dispose} unlinks it ({@link linkSignals}). */
export interface LinkedSignal {
  /** Aborts, with the first aborting input's reason, as soon as any input aborts (at once when one already has). */
  signal: AbortSignal;
  /** Removes the listeners from the inputs (call it when the operation the signal guarded is over); idempotent. */
  dispose(): void;
}

/**
 * `AbortSignal.any` for inputs of which one lives long (the worker's shutdown signal, given to every job): each
 * `AbortSignal.any` call leaves an entry in every input's set of dependant signals that Node 20 and 22 never prune, so
 * a worker making ~5 upstream requests per call kept ~250 bytes of heap per call for good (nodejs/node#55351,
 * #64476; `npm run bench -- memory`). Here each input gets one `abort` listener, removed by `dispose`, and nothing is
 * left behind.
 * @param signals the inputs (undefined entries are skipped)
 */
export function linkSignals(...signals: readonly (AbortSignal | undefined)[]): LinkedSignal {
  const controller = new AbortController();
  const inputs = signals.filter((s): s is AbortSignal => s !== undefined);
  const onAbort = (event: Event) => {
    dispose();
    controller.abort((event.target as AbortSignal).reason);
  };
  const dispose = () => {
    for (const input of inputs) input.removeEventListener("abort", onAbort);
  };
  const already = inputs.find((s) => s.aborted);
  if (already) controller.abort(already.reason);
  else for (const input of inputs) input.addEventListener("abort", onAbort, { once: true });
  return { signal: controller.signal, dispose };
}

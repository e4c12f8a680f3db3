import { type TracingChannel, tracingChannel } from "node:diagnostics_channel";

/** What a call's span carries: the job and its operation (the job id is known once the job is added). */
interface CallSpanContext {
  jobId?: string;
  operation: string;
}

/**
 * A span of a call as a `diagnostics_channel` tracing channel (like undici's `undici:request:*`): a subscriber gets
 * `start` and `asyncEnd` (or `error`) with the same context object. Nothing is published unless a process subscribes
 * (the bench's timing hook does), so the service carries no timing code of its own.
 *
 * Spans: `sda:queue:submit` (the gateway's enqueue and wait, {@link QueueBridge.submit}); `sda:engine:handler`,
 * `sda:engine:settle`, `sda:engine:store` (the worker's handler, charge, and cache write with observers).
 */
export class CallSpan {
  readonly #channel: TracingChannel<object, CallSpanContext>;

  constructor(name: string) {
    this.#channel = tracingChannel<object, CallSpanContext>(name);
  }

  /** Runs `run` inside the span when someone listens, else just runs it. */
  run<T>(context: CallSpanContext, run: () => Promise<T>): Promise<T> {
    // `hasSubscribers` of a tracing channel: Node ≥ 20.13.
    return (this.#channel as { hasSubscribers?: boolean }).hasSubscribers
      ? this.#channel.tracePromise(run, context)
      : run();
  }
}

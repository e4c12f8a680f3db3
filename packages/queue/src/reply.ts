/**
 * The reply channel of a waiting gateway: a Redis pub/sub channel per {@link QueueBridge} instance
 * (`<prefix>:replies:<instance id>`), named in each job it adds (`Replyable.replyTo`). The worker publishes the job's
 * final outcome there as soon as the processor has it (the call paid for, its result stored), so the gateway answers
 * without waiting for BullMQ's completion script and without reading the queue's event stream, where every gateway
 * would read every job's `added`, `waiting`, `active` and `completed` events (four wake-ups per call and per
 * gateway). A lost message (a reconnect in between) is covered by the waiter's periodic read of the job's state.
 * Channels are not keys: nothing is stored, nothing needs a TTL.
 */

/** What a worker publishes on a reply channel: the job's result (any JSON object), or the reason it failed for good. */
export type ReplyMessage<Result = unknown> =
  | { jobId: string; result: Result }
  | { jobId: string; failed: string };

/** The reply channel of one gateway instance. */
export function replyChannel(prefix: string, instanceId: string): string {
  return `${prefix}:replies:${instanceId}`;
}

/** The message as published (JSON). */
export function encodeReply<Result>(message: ReplyMessage<Result>): string {
  return JSON.stringify(message);
}

/**
 * A published message, or null when it is not one (not JSON, no job id, neither result object nor failure). The
 * result is the worker's return value as published; its shape is the bridge user's type, not checked here.
 */
export function decodeReply<Result>(text: string): ReplyMessage<Result> | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!value || typeof value !== "object") return null;
  const message = value as Record<string, unknown>;
  if (typeof message.jobId !== "string") return null;
  if (typeof message.failed === "string") return { jobId: message.jobId, failed: message.failed };
  if (message.result && typeof message.result === "object")
    return { jobId: message.jobId, result: message.result as Result };
  return null;
}

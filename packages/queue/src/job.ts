/** Where a job stands, as `GET /v1/jobs/{id}` reports it. */
export type JobStatus = "queued" | "running" | "completed" | "failed";

/**
 * What every job a {@link QueueBridge} adds carries besides its own fields: the reply channel of the gateway waiting
 * for it (`reply.ts`), set by the bridge, absent on jobs nobody waits for (batch items, monitor runs).
 */
export interface Replyable {
  replyTo?: string;
}

/** How a job ended without a result of its own: failed for good (BullMQ's failed reason), or lost with Redis. */
export type JobFailure = { kind: "failed"; reason: string } | { kind: "lost" };

import { Queue } from "bullmq";
import type { Redis } from "ioredis";
import type { WebhookConfig } from "./config.ts";

/** The BullMQ queue of webhook attempts (keys `<prefix>:webhooks:*`). */
export const WEBHOOK_QUEUE = "webhooks";

/** One job = one attempt of one delivery. */
export interface WebhookJobData {
  deliveryId: string;
  /** 1-based attempt number; part of the job id, so each attempt is enqueued at most once. */
  attempt: number;
  /** A replay attempt: sent once, never retried. */
  replay: boolean;
}

/** Job id of one attempt: `<deliveryId>-<attempt>`. BullMQ ignores an add whose id exists, which dedupes re-adds. */
export function attemptJobId(deliveryId: string, attempt: number): string {
  return `${deliveryId}-${attempt}`;
}

export function createWebhookQueue(connection: Redis, prefix: string): Queue<WebhookJobData> {
  const queue = new Queue<WebhookJobData>(WEBHOOK_QUEUE, { connection: connection.duplicate(), prefix });
  // Without a listener BullMQ prints each connection error to stderr (Redis away, every reconnect attempt); they
  // surface where it matters: a failing `add` (the delivery stays pending for the sweeper) and the workers' logs.
  queue.on("error", () => undefined);
  return queue;
}

/**
 * Adds the job of one attempt. Finished jobs are removed after `jobRetentionSeconds` (nothing in Redis without an
 * age bound); `attempts` only covers crashes of the processor (database down): HTTP failures are not exceptions but
 * recorded attempts followed by a new delayed job.
 * @param delayMs wait before the attempt, in ms (0: now).
 */
export async function addAttemptJob(
  queue: Queue<WebhookJobData>,
  config: Pick<WebhookConfig, "jobRetentionSeconds">,
  data: WebhookJobData,
  delayMs: number,
): Promise<void> {
  await queue.add("attempt", data, {
    jobId: attemptJobId(data.deliveryId, data.attempt),
    delay: Math.max(0, Math.round(delayMs)),
    attempts: 5,
    backoff: { type: "exponential", delay: 1_000 },
    removeOnComplete: { age: config.jobRetentionSeconds },
    removeOnFail: { age: config.jobRetentionSeconds },
  });
}

import type { RedisClient } from "@sda/core";
import {
  enqueue,
  jobQueue,
  queuePrefix,
  type WebhookAttemptJob,
  webhookAttemptJobId,
  withOwnConnection,
} from "@sda/queue";
import { Queue } from "bullmq";
import type { WebhookConfig } from "./config.ts";

/** The BullMQ queue of webhook attempts (keys `<prefix>:webhooks:*`): the job catalog's `webhook-attempt` kind. */
export const WEBHOOK_QUEUE = jobQueue("webhook-attempt");

/** One job = one attempt of one delivery (the job catalog's `webhook-attempt` schema). */
export type WebhookJobData = WebhookAttemptJob;

/** Job id of one attempt: `<deliveryId>-<attempt>`. BullMQ ignores an add whose id exists, which dedupes re-adds. */
export function attemptJobId(deliveryId: string, attempt: number): string {
  return webhookAttemptJobId({ deliveryId, attempt });
}

export function createWebhookQueue(connection: RedisClient, prefix: string): Queue<WebhookJobData> {
  const queue = withOwnConnection(
    connection,
    (own) =>
      new Queue<WebhookJobData>(WEBHOOK_QUEUE, {
        connection: own,
        prefix: queuePrefix(connection, prefix, WEBHOOK_QUEUE),
      }),
  );
  // Without a listener BullMQ prints each connection error to stderr (Redis away, every reconnect attempt); they
  // surface where it matters: a failing `add` (the delivery stays pending for the sweeper) and the workers' logs.
  queue.on("error", () => undefined);
  return queue;
}

/**
 * Adds the job of one attempt, with the job catalog's id (`<deliveryId>-<attempt>`), attempts, backoff and
 * retention (finished jobs are removed after `jobRetentionSeconds`: nothing in Redis without an age bound);
 * `attempts` only covers crashes of the processor (database down): HTTP failures are not exceptions but recorded
 * attempts followed by a new delayed job.
 * @param delayMs wait before the attempt, in ms (0: now).
 */
export async function addAttemptJob(
  queue: Queue<WebhookJobData>,
  config: Pick<WebhookConfig, "jobRetentionSeconds">,
  data: WebhookJobData,
  delayMs: number,
): Promise<void> {
  await enqueue(queue, "webhook-attempt", data, { retentionSeconds: config.jobRetentionSeconds, delayMs });
}

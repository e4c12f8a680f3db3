import type { Logger } from "@sda/core";
import type { WebhookClient } from "@sda/webhooks";
import type { BatchRow, BatchStore } from "./store.ts";

/** How long a webhook claim without a delivery id blocks another process from enqueuing it, in ms. */
export const WEBHOOK_CLAIM_STALE_MS = 5 * 60_000;

/** The `batch.completed` event POSTed to a batch's `webhookUrl` (signed per Standard Webhooks). */
export interface BatchCompletedEvent {
  type: "batch.completed";
  batchId: string;
  /** `completed`, or `cancelled` for a batch cancelled before all its items ran. */
  status: string;
  label: string | null;
  counts: { total: number; succeeded: number; failed: number; cancelled: number };
  creditsCharged: number;
  completedAt: string | null;
}

/** The event body of a finished batch. */
function completedEvent(batch: BatchRow): BatchCompletedEvent {
  return {
    type: "batch.completed",
    batchId: batch.id,
    status: batch.status,
    label: batch.label,
    counts: {
      total: batch.total,
      succeeded: batch.succeeded,
      failed: batch.failed,
      cancelled: batch.cancelled,
    },
    creditsCharged: batch.creditsCharged,
    completedAt: batch.completedAt?.toISOString() ?? null,
  };
}

/**
 * Sends the completion webhook of a finished batch once: the process whose conditional claim succeeds enqueues the
 * delivery through `@sda/webhooks` (which signs, retries and logs it) and stores its id. A process dying between the
 * claim and the enqueue leaves a stale claim that the sweeper takes over after {@link WEBHOOK_CLAIM_STALE_MS}.
 */
export class BatchCompletion {
  constructor(
    private readonly store: BatchStore,
    private readonly webhooks: WebhookClient,
    private readonly log: Logger,
  ) {}

  /** Enqueues the batch's webhook if it has finished, has a URL and nobody enqueued it yet. Never throws. */
  async notify(batchId: string, now = new Date()): Promise<void> {
    try {
      const batch = await this.store.claimWebhook(
        batchId,
        now,
        new Date(now.getTime() - WEBHOOK_CLAIM_STALE_MS),
      );
      if (!batch?.webhookUrl || !batch.webhookSecret) return;
      const deliveryId = await this.webhooks.enqueueDelivery({
        owner: { kind: "batch", id: batch.id },
        accountId: batch.accountId,
        url: batch.webhookUrl,
        secret: batch.webhookSecret,
        eventType: "batch.completed",
        payload: completedEvent(batch),
      });
      await this.store.setWebhookDelivery(batch.id, deliveryId);
    } catch (error) {
      this.log.warn({ err: error, batchId }, "batch webhook not enqueued; the sweeper retries it");
    }
  }
}

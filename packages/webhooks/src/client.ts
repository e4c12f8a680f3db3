import type { CursorCodec } from "@sda/contract";
import type { Logger, RedisClient } from "@sda/core";
import { newId } from "@sda/core";
import type { PrismaClient } from "@sda/ledger";
import type { Queue } from "bullmq";
import type { WebhookConfig } from "./config.ts";
import { addAttemptJob, createWebhookQueue, type WebhookJobData } from "./queue.ts";
import { isWebhookSecret, newMessageId } from "./signing.ts";
import { checkWebhookUrlShape } from "./ssrf.ts";
import { DeliveryStore, type WebhookDeliveryView, type WebhookOwner } from "./store.ts";

/** What {@link WebhookClient.enqueueDelivery} needs. */
export interface EnqueueDeliveryInput {
  owner: WebhookOwner;
  accountId: string;
  /** Validated at submit time by {@link validateWebhookUrl}; re-checked here (shape) and at every connect (address). */
  url: string;
  /** The owner's `whsec_…` secret; the delivery keeps a copy (see docs/webhooks.md). */
  secret: string;
  /** E.g. `batch.completed`, `monitor.items`; stored for the log, the payload carries its own `type`. */
  eventType: string;
  /** Any JSON value; serialised once, and exactly those bytes are signed and sent on every attempt. */
  payload: unknown;
}

/**
 * The producer side of webhooks for batch and monitors: enqueue, replay, read the delivery log. Attempts are made by
 * {@link startWebhookWorker} in a worker process.
 */
export class WebhookClient {
  readonly store: DeliveryStore;
  readonly #queue: Queue<WebhookJobData>;
  readonly #config: WebhookConfig;
  readonly #log: Logger | undefined;

  constructor(options: {
    connection: RedisClient;
    prefix: string;
    prisma: PrismaClient;
    config: WebhookConfig;
    log?: Logger;
  }) {
    this.store = new DeliveryStore(options.prisma);
    this.#queue = createWebhookQueue(options.connection, options.prefix);
    this.#config = options.config;
    this.#log = options.log;
  }

  /**
   * Stores a delivery (`pending`, a new `webhook-id`) and queues its first attempt now.
   * @returns the delivery id `whd_…`.
   * @throws ServiceError 400 `invalid_webhook_url` for a URL that breaks the scheme/literal-address rules;
   *   TypeError for a secret that is not `whsec_<base64>` (a caller bug).
   */
  async enqueueDelivery(input: EnqueueDeliveryInput): Promise<string> {
    const url = checkWebhookUrlShape(input.url, this.#config).href;
    if (!isWebhookSecret(input.secret)) throw new TypeError("webhook secret must be whsec_<base64>");
    const body = JSON.stringify(input.payload ?? null);
    const id = newId("whd");
    await this.store.create({
      id,
      accountId: input.accountId,
      owner: input.owner,
      url,
      secret: input.secret,
      messageId: newMessageId(),
      eventType: input.eventType,
      body,
    });
    await this.#add({ deliveryId: id, attempt: 1, replay: false }, 0);
    return id;
  }

  /**
   * Sends a finished (succeeded or failed) delivery once more: same `webhook-id` and body, a fresh timestamp and
   * signature. One attempt, not a new retry schedule.
   * @param owner when given, a delivery of another owner is 404 (routes pass the monitor/batch in the path).
   * @param secret sign with this secret from now on (the owner's current one after a rotation); default: the copy.
   * @returns the replay's attempt number.
   * @throws ServiceError 404 `webhook_delivery_not_found`, 409 `webhook_delivery_pending`.
   */
  async replayDelivery(id: string, options: { owner?: WebhookOwner; secret?: string } = {}): Promise<number> {
    if (options.secret !== undefined && !isWebhookSecret(options.secret))
      throw new TypeError("webhook secret must be whsec_<base64>");
    const attempt = await this.store.reopen(id, options.owner, options.secret);
    await this.#add({ deliveryId: id, attempt, replay: true }, 0);
    return attempt;
  }

  /**
   * Queues again the next attempt of deliveries left `pending` with no job: a process killed between storing a
   * delivery (or reopening it for a replay) and queueing its attempt, or an attempt job that failed all its BullMQ
   * retries and has since been removed. The job id is `<delivery>-<attempt>`, so a delivery whose job still exists
   * (only late: workers busy or down) is not queued twice, and the worker skips an attempt already recorded. A lost
   * replay is re-queued as a replay (one attempt, no retry schedule; see {@link DeliveryStore.overdue}).
   * @param graceMs a next attempt overdue by more than this (ms) counts as possibly lost.
   * @returns the overdue deliveries looked at (each re-queued unless its job still existed).
   */
  async requeueOverdue(graceMs: number, limit = 500): Promise<number> {
    const overdue = await this.store.overdue(new Date(Date.now() - graceMs), limit);
    for (const delivery of overdue)
      await addAttemptJob(
        this.#queue,
        this.#config,
        { deliveryId: delivery.id, attempt: delivery.attemptCount + 1, replay: delivery.replay },
        0,
      );
    return overdue.length;
  }

  /** One delivery with its attempts (null when missing or another owner's). */
  getDelivery(id: string, owner?: WebhookOwner): Promise<WebhookDeliveryView | null> {
    return this.store.get(id, owner);
  }

  /** The owner's deliveries newest first: `{ data, nextCursor, hasMore }` (see {@link DeliveryStore.list}). */
  listDeliveries(input: { owner: WebhookOwner; cursors: CursorCodec; cursor?: string; limit?: number }) {
    return this.store.list(input);
  }

  async close(): Promise<void> {
    await this.#queue.close();
  }

  async #add(data: WebhookJobData, delayMs: number): Promise<void> {
    try {
      await addAttemptJob(this.#queue, this.#config, data, delayMs);
    } catch (error) {
      // The row exists but no job will ever pick it up: say so in the log instead of leaving it `pending`.
      this.#log?.error({ err: error, deliveryId: data.deliveryId }, "webhook attempt not queued");
      await this.store.markUnqueued(data.deliveryId, error instanceof Error ? error.message : String(error));
      throw error;
    }
  }
}

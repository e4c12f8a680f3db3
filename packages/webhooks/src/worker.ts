import type { RedisClient } from "@sda/core";
import { createLogger, type Logger } from "@sda/core";
import type { PrismaClient } from "@sda/ledger";
import { createQueueWorker, jobCatalog, jobParser } from "@sda/queue";
import { UnrecoverableError, type Worker } from "bullmq";
import type { WebhookConfig } from "./config.ts";
import { addAttemptJob, createWebhookQueue, WEBHOOK_QUEUE, type WebhookJobData } from "./queue.ts";
import { judgeAttempt } from "./schedule.ts";
import { type AttemptResult, createWebhookAgent, sendAttempt } from "./send.ts";
import { signWebhook } from "./signing.ts";
import { checkWebhookUrlShape } from "./ssrf.ts";
import { DeliveryStore, type WebhookDeliveryView, type WebhookOwner } from "./store.ts";

/** Callbacks of the owners; a throwing hook is logged and does not change the delivery. */
export interface WebhookHooks {
  /** The receiver answered 410 Gone: stop sending to it (monitors disable themselves). Called once per delivery. */
  onGone?(owner: WebhookOwner, delivery: WebhookDeliveryView): Promise<void> | void;
  /** A delivery reached `succeeded` or `failed` (after its last attempt, or a replay). */
  onFinished?(delivery: WebhookDeliveryView): Promise<void> | void;
}

export interface WebhookWorkerOptions {
  connection: RedisClient;
  /** BullMQ key prefix (`QUEUE_PREFIX`). */
  prefix: string;
  prisma: PrismaClient;
  config: WebhookConfig;
  hooks?: WebhookHooks;
  log?: Logger;
}

/** A running webhook worker; `close()` waits for attempts in flight. */
export interface WebhookWorker {
  worker: Worker<unknown, void>;
  close(): Promise<void>;
}

/**
 * Consumes the `webhooks` queue: each job signs and sends one attempt, records it, and queues the next attempt as a
 * delayed job (or ends the delivery). Built against:
 * - a worker dying after sending and before recording: BullMQ re-runs the job and the receiver gets the same
 *   `webhook-id` again (Standard Webhooks receivers dedupe on it); the conditional update records it once;
 * - a worker dying after recording and before queueing the next attempt: the re-run finds the attempt recorded and
 *   queues the next one from the stored `nextAttemptAt` (same job id, so never twice);
 * - jobs of deleted or already finished deliveries: skipped;
 * - a job whose data is not an attempt (another build's, a hand edit, a bug): refused at the boundary by the job
 *   catalog's `webhook-attempt` schema — logged, failed as unrecoverable, nothing sent or recorded.
 */
export function startWebhookWorker(options: WebhookWorkerOptions): WebhookWorker {
  const { config, log, hooks = {} } = options;
  const store = new DeliveryStore(options.prisma);
  const queue = createWebhookQueue(options.connection, options.prefix);
  const agent = createWebhookAgent(config);

  const runHook = async (name: string, fn: () => Promise<void> | void) => {
    try {
      await fn();
    } catch (error) {
      log?.error({ err: error, hook: name }, "webhook hook failed");
    }
  };

  async function processAttempt(data: WebhookJobData): Promise<void> {
    const { deliveryId, attempt, replay } = data;
    const delivery = await store.record(deliveryId);
    if (!delivery) return;
    if (delivery.attemptCount >= attempt) {
      if (delivery.status === "pending" && delivery.attemptCount === attempt && delivery.nextAttemptAt)
        await addAttemptJob(
          queue,
          config,
          { deliveryId, attempt: attempt + 1, replay: false },
          delivery.nextAttemptAt.getTime() - Date.now(),
        );
      return;
    }
    if (delivery.status !== "pending" || delivery.attemptCount !== attempt - 1) return;

    let result: AttemptResult;
    try {
      checkWebhookUrlShape(delivery.url, config);
      const at = new Date();
      const headers = signWebhook(delivery.secret, delivery.messageId, at, delivery.body);
      result = await sendAttempt({
        url: delivery.url,
        body: delivery.body,
        headers: { ...headers },
        agent,
        timeoutMs: config.timeoutMs,
      });
    } catch (error) {
      // Only a URL that no longer passes the rules (e.g. the allowlist changed) lands here: a refused attempt.
      result = { startedAt: new Date(), durationMs: 0, error: (error as Error).message };
    }
    const verdict = judgeAttempt(result, attempt, config, replay);
    const { recorded } = await store.recordAttempt({ id: deliveryId, attempt, replay, result, verdict });
    if (!recorded) return;
    log?.info(
      { deliveryId, attempt, statusCode: result.statusCode, error: result.error, verdict: verdict.kind },
      "webhook attempt",
    );
    if (verdict.kind === "retry") {
      await addAttemptJob(
        queue,
        config,
        { deliveryId, attempt: attempt + 1, replay: false },
        verdict.delayMs,
      );
      return;
    }
    const view = await store.get(deliveryId);
    if (!view) return;
    if (verdict.kind === "failed" && verdict.reason === "gone")
      await runHook("onGone", () => hooks.onGone?.(delivery.owner, view));
    await runHook("onFinished", () => hooks.onFinished?.(view));
  }

  const worker = createQueueWorker<WebhookJobData, void>({
    queue: WEBHOOK_QUEUE,
    connection: options.connection,
    prefix: options.prefix,
    concurrency: config.concurrency,
    // The lock must outlive one attempt (timeout) plus its database writes.
    lockDurationMs: Math.max(30_000, config.timeoutMs * 2),
    // BullMQ's default stalled check (30 s), as before this worker was built by createQueueWorker.
    stalledIntervalMs: 30_000,
    maxStalledCount: 2,
    parse: jobParser(jobCatalog["webhook-attempt"].schema),
    log: log ?? createLogger({ name: "webhooks", level: "silent" }),
    processor: (data) => processAttempt(data),
  });
  // An EventEmitter "error" without a listener would crash the process (Redis connection errors are reported here).
  worker.on("error", (error) => log?.error({ err: error, queue: WEBHOOK_QUEUE }, "webhook worker error"));
  worker.on("failed", (job, error) => {
    // A malformed job (the only unrecoverable failure here) was logged at the boundary; it is not a crash.
    if (error instanceof UnrecoverableError) return;
    log?.error({ err: error, jobId: job?.id }, "webhook job crashed (BullMQ retries it)");
  });

  return {
    worker,
    async close() {
      await worker.close();
      await queue.close();
      await agent.close();
    },
  };
}

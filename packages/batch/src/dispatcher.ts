import type { OperationRegistry } from "@sda/contract";
import type { Logger, RedisClient } from "@sda/core";
import type { BatchItemJob } from "@sda/engine";
import { enqueueBulk, queuePrefix } from "@sda/queue";
import { Job, Queue } from "bullmq";
import type { BatchShare, BatchStore, ClaimedItem } from "./store.ts";

/** What the dispatcher needs. */
export interface DispatcherOptions {
  store: BatchStore;
  registry: OperationRegistry;
  connection: RedisClient;
  /** `QUEUE_PREFIX`. */
  prefix: string;
  /**
   * Items of one account claimed and not finished, across its batches: a fixed cap (`BATCH_MAX_RUNNING_PER_ACCOUNT`),
   * or an equal share of `capacity` (`BATCH_CAPACITY`) among the accounts with items running.
   */
  share: BatchShare;
  /** `JOB_ATTEMPTS`: attempts of an item's job after crashes. */
  attempts: number;
  /** Seconds finished item jobs stay in Redis (results live in PostgreSQL; this only dedupes re-adds). */
  jobRetentionSeconds: number;
  log: Logger;
  now?: () => Date;
}

/**
 * Feeds batch items into the platform queues, at most an account's share at a time: it claims items
 * in PostgreSQL (see {@link BatchStore.claim}) and adds one job per claimed item, named by the operation id like a
 * direct call, with the item's request id as job id (so adding it again, after a crash between claim and add, is a
 * no-op while the job exists) and the batch item priority (the job catalog's `batch-item` kind). Called after a submission, after each finished item (its
 * slot is free), and by the sweeper.
 */
export class BatchDispatcher {
  readonly #options: DispatcherOptions;
  readonly #queues = new Map<string, Queue<BatchItemJob>>();

  constructor(options: DispatcherOptions) {
    this.#options = options;
  }

  /**
   * Claims and enqueues what the account's free slots allow.
   * @returns how many items were enqueued. Throws when Redis refuses the jobs: the claimed items stay `running` and
   *   the sweeper adds their jobs once they are stale.
   */
  async dispatch(accountId: string): Promise<number> {
    const now = this.#options.now?.() ?? new Date();
    const claimed = await this.#options.store.claim(accountId, this.#options.share, now);
    if (claimed.length > 0) await this.enqueue(claimed);
    return claimed.length;
  }

  /** Adds the jobs of claimed items (again: a job that still exists is left as it is). */
  async enqueue(items: readonly ClaimedItem[]): Promise<void> {
    const byQueue = new Map<string, BatchItemJob[]>();
    for (const item of items) {
      const op = this.#options.registry.byId(item.operation);
      // An operation this build does not know (a newer gateway stored it): the worker of that build will record it;
      // leaving it `running` lets the sweeper find it failed or missing later.
      if (!op) {
        this.#options.log.warn(
          { operation: item.operation, requestId: item.requestId },
          "unknown batch operation",
        );
        continue;
      }
      const list = byQueue.get(op.queue) ?? [];
      list.push(itemPayload(item));
      byQueue.set(op.queue, list);
    }
    const policy = { attempts: this.#options.attempts, retentionSeconds: this.#options.jobRetentionSeconds };
    await Promise.all(
      [...byQueue].map(([queue, jobs]) => enqueueBulk(this.#queue(queue), "batch-item", jobs, policy)),
    );
  }

  /** The BullMQ state of an item's job (`completed`, `failed`, `active`, `waiting`, …) and its return value, or null. */
  async jobOf(operationId: string, requestId: string) {
    const op = this.#options.registry.byId(operationId);
    if (!op) return null;
    const job = await Job.fromId(this.#queue(op.queue), requestId);
    if (!job) return null;
    return {
      state: await job.getState(),
      returnvalue: job.returnvalue as unknown,
      failedReason: job.failedReason,
    };
  }

  async close(): Promise<void> {
    await Promise.all([...this.#queues.values()].map((q) => q.close()));
  }

  #queue(name: string): Queue<BatchItemJob> {
    let queue = this.#queues.get(name);
    if (!queue) {
      queue = new Queue<BatchItemJob>(name, {
        connection: this.#options.connection,
        prefix: queuePrefix(this.#options.connection, this.#options.prefix, name),
      });
      // Without a listener BullMQ prints each connection error to stderr; a failing `add` is what the dispatcher
      // acts on (the sweeper re-adds the item's job).
      queue.on("error", () => undefined);
      this.#queues.set(name, queue);
    }
    return queue;
  }
}

/** The job of a batch item: a call that did not pass the gateway (nothing held yet), with its raw parameters. */
export function itemPayload(item: ClaimedItem): BatchItemJob {
  return {
    kind: "batch-item",
    requestId: item.requestId,
    accountId: item.accountId,
    keyId: item.keyId,
    operationId: item.operation,
    params: item.params,
    enqueuedAt: Date.now(),
    batchId: item.batchId,
    index: item.index,
  };
}

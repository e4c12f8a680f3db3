import type { OperationRegistry } from "@sda/contract";
import type { ErrorCodeTable, Logger, RedisClient, ServiceConfig } from "@sda/core";
import type { PrismaClient } from "@sda/ledger";
import {
  type WebhookClient as Client,
  WebhookClient,
  type WebhookConfig,
  webhookConfigFromEnv,
} from "@sda/webhooks";
import { BatchCompletion } from "./completion.ts";
import { BatchDispatcher } from "./dispatcher.ts";
import { batchShare } from "./env.ts";
import { BatchStore } from "./store.ts";

/** What both processes (gateway, worker) give the batch runtime. */
export interface BatchRuntimeOptions {
  prisma: PrismaClient;
  /** Shared Redis connection (queue producers). */
  connection: RedisClient;
  registry: OperationRegistry;
  /** The wiring's composed code table: the status of an item whose error was written without one. */
  errorCodes: ErrorCodeTable;
  config: ServiceConfig;
  log: Logger;
  /** Webhook settings (default: from `config`; tests shorten the retry schedule). */
  webhookConfig?: WebhookConfig;
}

/**
 * The parts of Batch every process needs: the PostgreSQL store, the dispatcher (claims items and feeds the platform
 * queues) and the completion webhook. The gateway builds a {@link BatchService} on it, the worker a
 * {@link BatchItemRunner} and the sweeper.
 */
export class BatchRuntime {
  readonly store: BatchStore;
  readonly dispatcher: BatchDispatcher;
  readonly completion: BatchCompletion;
  readonly webhooks: Client;
  readonly webhookConfig: WebhookConfig;
  readonly config: ServiceConfig;
  readonly registry: OperationRegistry;
  readonly errorCodes: ErrorCodeTable;
  readonly log: Logger;

  constructor(options: BatchRuntimeOptions) {
    const { prisma, connection, registry, config, log } = options;
    this.config = config;
    this.registry = registry;
    this.errorCodes = options.errorCodes;
    this.log = log;
    this.webhookConfig = options.webhookConfig ?? webhookConfigFromEnv(config);
    this.store = new BatchStore(prisma, config.QUEUE_PREFIX);
    this.dispatcher = new BatchDispatcher({
      store: this.store,
      registry,
      connection,
      prefix: config.QUEUE_PREFIX,
      share: batchShare(config),
      attempts: config.JOB_ATTEMPTS,
      jobRetentionSeconds: config.RESULT_TTL_SECONDS,
      log,
    });
    this.webhooks = new WebhookClient({
      connection,
      prefix: config.QUEUE_PREFIX,
      prisma,
      config: this.webhookConfig,
      log,
    });
    this.completion = new BatchCompletion(this.store, this.webhooks, log);
  }

  /** Dispatches an account's items, logging instead of throwing (the sweeper catches up). */
  async dispatchQuietly(accountId: string): Promise<void> {
    await this.dispatcher
      .dispatch(accountId)
      .catch((error: unknown) => this.log.warn({ err: error, accountId }, "batch dispatch failed"));
  }

  async close(): Promise<void> {
    await this.dispatcher.close();
    await this.webhooks.close();
  }
}

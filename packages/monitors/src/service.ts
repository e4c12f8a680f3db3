import { type CursorCodec, parseParams } from "@sda/contract";
import type { RedisClient } from "@sda/core";
import { type Logger, type ServiceConfig, ServiceError } from "@sda/core";
import type { PrismaClient } from "@sda/ledger";
import {
  generateWebhookSecret,
  validateWebhookUrl,
  WebhookClient,
  type WebhookConfig,
  type WebhookOwner,
} from "@sda/webhooks";
import { createMonitorBody, listQuery, parseBody, rawParams, trackBody, updateMonitorBody } from "./body.ts";
import { monitorsEnv } from "./env.ts";
import { fail } from "./errors.ts";
import type { MonitorCatalog } from "./rules.ts";
import { parseSchedule } from "./schedule.ts";
import { MonitorScheduler } from "./scheduler.ts";
import { type MonitorRecord, MonitorStore } from "./store.ts";
import { deliveryView, type MonitorView, monitorView, runView } from "./views.ts";

/**
 * Who reads or changes monitors: an API key (its own monitors, as the API answers: another key of the same account
 * gets 404) or, without `keyId`, a person signed in to the dashboard (every monitor of the account).
 */
export interface MonitorReader {
  accountId: string;
  keyId?: string;
}

/** Who creates: the key that owns the monitors it creates, and its account (billed for the runs). */
export interface MonitorPrincipal extends MonitorReader {
  keyId: string;
}

/** Event type (and payload `type`) of `POST /v1/monitors/{id}/test`. */
const TEST_EVENT = "monitor.test";

export interface MonitorServiceOptions {
  prisma: PrismaClient;
  connection: RedisClient;
  config: ServiceConfig;
  catalog: MonitorCatalog;
  webhookConfig: WebhookConfig;
  cursors: CursorCodec;
  log: Logger;
}

/**
 * The API side of monitors (the gateway's routes call it): validation, the monitor rows, and — as the one writer of a
 * change it makes — the monitor's BullMQ job scheduler. Every monitor is scoped to the key that created it; another
 * key gets 404 `monitor_not_found`.
 */
export class MonitorService {
  readonly store: MonitorStore;
  readonly scheduler: MonitorScheduler;
  readonly webhooks: WebhookClient;
  readonly #options: MonitorServiceOptions;

  constructor(options: MonitorServiceOptions) {
    this.#options = options;
    this.store = new MonitorStore(options.prisma, options.config.QUEUE_PREFIX);
    this.scheduler = new MonitorScheduler(options.connection, options.config.QUEUE_PREFIX);
    this.webhooks = new WebhookClient({
      connection: options.connection,
      prefix: options.config.QUEUE_PREFIX,
      prisma: options.prisma,
      config: options.webhookConfig,
      log: options.log,
    });
  }

  /**
   * `POST /v1/monitors`: validates the body (path and params exactly like a direct call, schedule, webhook URL with
   * the SSRF rules), stores the monitor with a new signing secret and upserts its scheduler.
   * @returns the monitor and its `whsec_…` secret (shown this once).
   * @throws ServiceError 400 (`missing_parameter`, `invalid_parameter`, `operation_not_monitorable`,
   *   `invalid_schedule`, `invalid_webhook_url`) or 422 `unsupported_url`.
   */
  async create(principal: MonitorPrincipal, body: unknown): Promise<MonitorView & { secret: string }> {
    const input = parseBody(createMonitorBody, body);
    await this.#requireRoom(principal.accountId);
    const { op } = this.#options.catalog.itemsOperation(input.path);
    const params = this.#validParams(op.params, rawParams(input.params));
    const schedule = parseSchedule(
      input.schedule,
      monitorsEnv.of(this.#options.config).MONITOR_MIN_INTERVAL_SECONDS,
    );
    const webhookUrl = await validateWebhookUrl(input.webhookUrl, this.#options.webhookConfig);
    const secret = generateWebhookSecret();
    const monitor = await this.store.create(
      {
        accountId: principal.accountId,
        keyId: principal.keyId,
        kind: "items",
        operation: op.id,
        path: op.path,
        params,
        schedule,
        webhookUrl,
        secret,
        description: input.description ?? null,
        deliverInitial: input.deliverInitial,
      },
      this.#limit,
    );
    await this.#schedule(monitor);
    return { ...(await this.#view(monitor)), secret };
  }

  /**
   * `POST /v1/history/track`: a tracking monitor of the details operation whose `url` parameter accepts the URL, on
   * an interval, without a webhook (each run records the resource's metrics in the history).
   * @throws ServiceError 400 `invalid_schedule`, 422 `unsupported_url`.
   */
  async track(principal: MonitorPrincipal, body: unknown): Promise<MonitorView> {
    const input = parseBody(trackBody, body);
    await this.#requireRoom(principal.accountId);
    const op = this.#options.catalog.detailsOperationFor(input.url);
    const params = this.#validParams(op.params, { url: input.url });
    const schedule = parseSchedule(
      { every: input.every },
      monitorsEnv.of(this.#options.config).MONITOR_MIN_INTERVAL_SECONDS,
    );
    const monitor = await this.store.create(
      {
        accountId: principal.accountId,
        keyId: principal.keyId,
        kind: "track",
        operation: op.id,
        path: op.path,
        params,
        schedule,
        webhookUrl: null,
        secret: null,
        description: `history of ${input.url}`,
        deliverInitial: false,
      },
      this.#limit,
    );
    await this.#schedule(monitor);
    return this.#view(monitor);
  }

  /** `GET /v1/monitors`: the key's monitors (the account's, for the dashboard), newest first. */
  async list(principal: MonitorReader, query: Record<string, unknown>) {
    const { cursor, limit } = parseParams(listQuery, query);
    const page = await this.store.listOwned({
      owner: principal,
      cursors: this.#options.cursors,
      cursor,
      limit,
    });
    return { ...page, data: await Promise.all(page.data.map((m) => this.#view(m))) };
  }

  /** @throws ServiceError 404 `monitor_not_found`. */
  async get(principal: MonitorReader, id: string): Promise<MonitorView> {
    return this.#view(await this.store.getOwned(id, principal));
  }

  /**
   * `PATCH /v1/monitors/{id}`: pause/resume (`status`), schedule, params (a new seen set), webhook URL, description.
   * Resuming clears the reason a monitor stopped by itself. The scheduler follows: upserted when the monitor is
   * active and its schedule or status changed, removed when it is paused.
   * @throws ServiceError 404 `monitor_not_found`, 400 for invalid fields.
   */
  async update(principal: MonitorReader, id: string, body: unknown): Promise<MonitorView> {
    const current = await this.store.getOwned(id, principal);
    const input = parseBody(updateMonitorBody, body);
    const entry = this.#options.catalog.byId(current.operation);
    if (input.params && current.kind === "track")
      throw new ServiceError(
        "invalid_parameter",
        "a tracking monitor's params cannot change; create another one",
        {
          details: { param: "params" },
        },
      );
    const params =
      input.params && entry ? this.#validParams(entry.op.params, rawParams(input.params)) : undefined;
    const schedule =
      input.schedule === undefined
        ? undefined
        : parseSchedule(input.schedule, monitorsEnv.of(this.#options.config).MONITOR_MIN_INTERVAL_SECONDS);
    if (input.webhookUrl !== undefined && current.kind === "track")
      throw fail("monitor_without_webhook", "a tracking monitor has no webhook", {
        details: { param: "webhookUrl" },
      });
    const webhookUrl =
      input.webhookUrl === undefined
        ? undefined
        : await validateWebhookUrl(input.webhookUrl, this.#options.webhookConfig);
    const updated = await this.store.update(id, {
      ...(params ? { params } : {}),
      ...(schedule ? { schedule } : {}),
      ...(webhookUrl ? { webhookUrl } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.status ? { status: input.status } : {}),
    });
    if (updated.status !== "active") await this.scheduler.remove(id);
    else if (schedule || current.status !== "active") await this.scheduler.upsert(id, updated.schedule);
    return this.#view(updated);
  }

  /** `DELETE /v1/monitors/{id}`: the monitor, its runs, seen set, deliveries and scheduler. */
  async delete(principal: MonitorReader, id: string): Promise<void> {
    await this.store.getOwned(id, principal);
    await this.store.delete(id);
    await this.scheduler.remove(id);
    await this.webhooks.store.deleteOwned({ kind: "monitor", id });
  }

  /** `POST /v1/monitors/{id}/rotate-secret`: a new signing secret for the deliveries made from now on. */
  async rotateSecret(principal: MonitorReader, id: string): Promise<{ id: string; secret: string }> {
    const monitor = await this.#withWebhook(principal, id);
    const secret = generateWebhookSecret();
    await this.store.update(monitor.id, { secret });
    return { id: monitor.id, secret };
  }

  /** `POST /v1/monitors/{id}/test`: a signed `monitor.test` event with no items. @returns the delivery id. */
  async test(principal: MonitorReader, id: string): Promise<{ deliveryId: string }> {
    const monitor = await this.#withWebhook(principal, id);
    const deliveryId = await this.webhooks.enqueueDelivery({
      owner: ownerOf(monitor),
      accountId: monitor.accountId,
      url: monitor.webhookUrl as string,
      secret: monitor.secret as string,
      eventType: TEST_EVENT,
      payload: {
        type: TEST_EVENT,
        monitorId: monitor.id,
        runId: null,
        operation: monitor.operation,
        params: monitor.params,
        items: [],
        createdAt: new Date().toISOString(),
      },
    });
    return { deliveryId };
  }

  /** `GET /v1/monitors/{id}/runs`: newest first. */
  async runs(principal: MonitorReader, id: string, query: Record<string, unknown>) {
    await this.store.getOwned(id, principal);
    const { cursor, limit } = parseParams(listQuery, query);
    const page = await this.store.runs.listRuns({
      monitorId: id,
      cursors: this.#options.cursors,
      cursor,
      limit,
    });
    return { ...page, data: page.data.map(runView) };
  }

  /** `GET /v1/monitors/{id}/deliveries`: newest first, each with its attempts. */
  async deliveries(principal: MonitorReader, id: string, query: Record<string, unknown>) {
    const monitor = await this.store.getOwned(id, principal);
    const { cursor, limit } = parseParams(listQuery, query);
    const page = await this.webhooks.listDeliveries({
      owner: ownerOf(monitor),
      cursors: this.#options.cursors,
      cursor,
      limit,
    });
    return { ...page, data: page.data.map(deliveryView) };
  }

  /**
   * `POST /v1/monitors/{id}/deliveries/{deliveryId}/replay`: one more attempt of a finished delivery, same `webhook-id`
   * and body, signed with the monitor's current secret.
   * @throws ServiceError 404 `monitor_not_found` / `webhook_delivery_not_found`, 409 `webhook_delivery_pending`.
   */
  async replay(principal: MonitorReader, id: string, deliveryId: string) {
    const monitor = await this.#withWebhook(principal, id);
    const attempt = await this.webhooks.replayDelivery(deliveryId, {
      owner: ownerOf(monitor),
      secret: monitor.secret as string,
    });
    return { deliveryId, attempt };
  }

  /**
   * The plan's monitor limit (`PLAN_MAX_MONITORS`, shown by `GET /v1/account`): checked up front (so a full account
   * hears 409 before anything else) and again, race-free, by the store's insert.
   */
  get #limit(): { max: number; full: () => ServiceError } {
    const max = monitorsEnv.of(this.#options.config).PLAN_MAX_MONITORS;
    return {
      max,
      full: () =>
        fail("monitor_limit_reached", `this account keeps at most ${max} monitors; delete one first`, {
          details: { maxMonitors: max },
        }),
    };
  }

  /** @throws ServiceError 409 `monitor_limit_reached` when the account has no room for another monitor. */
  async #requireRoom(accountId: string): Promise<void> {
    const limit = this.#limit;
    if ((await this.store.countOf(accountId)) >= limit.max) throw limit.full();
  }

  async close(): Promise<void> {
    await this.scheduler.close();
    await this.webhooks.close();
  }

  #validParams(
    schema: Parameters<typeof parseParams>[0],
    raw: Record<string, string>,
  ): Record<string, string> {
    try {
      parseParams(schema, raw);
    } catch (error) {
      // Name the body field: `params.url`, not `url`.
      if (error instanceof ServiceError && typeof error.details.param === "string")
        throw new ServiceError(error, error.message, {
          details: { ...error.details, param: `params.${error.details.param}` },
        });
      throw error;
    }
    const shape = (schema as { shape?: Record<string, unknown> }).shape;
    return shape ? Object.fromEntries(Object.entries(raw).filter(([key]) => key in shape)) : raw;
  }

  /** Upserts a new monitor's scheduler; when Redis refuses, the monitor is removed again (no half-created monitor). */
  async #schedule(monitor: MonitorRecord): Promise<void> {
    try {
      await this.scheduler.upsert(monitor.id, monitor.schedule);
    } catch (error) {
      await this.store.delete(monitor.id).catch(() => undefined);
      throw error;
    }
  }

  async #withWebhook(principal: MonitorReader, id: string): Promise<MonitorRecord> {
    const monitor = await this.store.getOwned(id, principal);
    if (!monitor.webhookUrl || !monitor.secret)
      throw fail("monitor_without_webhook", `monitor ${id} tracks history and has no webhook`);
    return monitor;
  }

  /**
   * The monitor as answered, with its next run from its scheduler. An active monitor whose scheduler is gone (Redis
   * lost its data; the workers' periodic reconcile would restore it within `MONITOR_RECONCILE_SECONDS`) gets it back
   * here first — the upsert is idempotent, as the reconcile's — so `nextRunAt` is never null for an active monitor.
   */
  async #view(monitor: MonitorRecord): Promise<MonitorView> {
    if (monitor.status !== "active") return monitorView(monitor, null);
    let next = (await this.scheduler.get(monitor.id))?.next;
    if (next === undefined) {
      await this.scheduler.upsert(monitor.id, monitor.schedule);
      next = (await this.scheduler.get(monitor.id))?.next;
    }
    return monitorView(monitor, next ?? null);
  }
}

function ownerOf(monitor: MonitorRecord): WebhookOwner {
  return { kind: "monitor", id: monitor.id };
}

import { type CursorCodec, newId, ServiceError } from "@sda/core";
import { Prisma, type PrismaClient } from "@sda/ledger";
import type { MonitorSchedule } from "./schedule.ts";

/** Why a monitor stopped by itself (`statusReason`); a caller's pause has none. */
export type MonitorStopReason =
  | "insufficient_credits"
  | "webhook_gone"
  | "webhook_failing"
  | "api_key_revoked";

/** A stored monitor. */
export interface MonitorRecord {
  id: string;
  accountId: string;
  keyId: string;
  kind: "items" | "track";
  operation: string;
  path: string;
  /** Raw query values, as a direct call would send them. */
  params: Record<string, string>;
  schedule: MonitorSchedule;
  webhookUrl: string | null;
  secret: string | null;
  description: string | null;
  deliverInitial: boolean;
  status: "active" | "paused" | "disabled";
  statusReason: string | null;
  creditFailures: number;
  deliveriesFailingSince: Date | null;
  baselineAt: Date | null;
  lastRunAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A stored run. */
export interface RunRecord {
  id: string;
  monitorId: string;
  jobKey: string;
  requestId: string;
  trigger: string;
  status: "running" | "delivering" | "succeeded" | "failed" | "skipped";
  startedAt: Date;
  finishedAt: Date | null;
  itemsSeen: number | null;
  newItems: number | null;
  credits: number;
  errorCode: string | null;
  errorMessage: string | null;
  pendingItems: unknown[] | null;
  deliveryId: string | null;
}

type MonitorRow = Awaited<ReturnType<PrismaClient["monitor"]["findUniqueOrThrow"]>>;
type RunRow = Awaited<ReturnType<PrismaClient["monitorRun"]["findUniqueOrThrow"]>>;

function toRecord(row: MonitorRow): MonitorRecord {
  const schedule: MonitorSchedule =
    row.everySeconds !== null
      ? { everySeconds: row.everySeconds }
      : { cron: row.cron ?? "", tz: row.tz ?? "UTC" };
  return {
    id: row.id,
    accountId: row.accountId,
    keyId: row.keyId,
    kind: row.kind,
    operation: row.operation,
    path: row.path,
    params: row.params as Record<string, string>,
    schedule,
    webhookUrl: row.webhookUrl,
    secret: row.secret,
    description: row.description,
    deliverInitial: row.deliverInitial,
    status: row.status,
    statusReason: row.statusReason,
    creditFailures: row.creditFailures,
    deliveriesFailingSince: row.deliveriesFailingSince,
    baselineAt: row.baselineAt,
    lastRunAt: row.lastRunAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function toRun(row: RunRow): RunRecord {
  return { ...row, status: row.status, pendingItems: (row.pendingItems as unknown[] | null) ?? null };
}

function scheduleColumns(schedule: MonitorSchedule) {
  return "everySeconds" in schedule
    ? { everySeconds: schedule.everySeconds, cron: null, tz: null }
    : { everySeconds: null, cron: schedule.cron, tz: schedule.tz };
}

/** Keyset page of a newest-first listing. */
export interface Page<T> {
  data: T[];
  nextCursor: string | null;
  hasMore: boolean;
}

function decodeAfter(cursors: CursorCodec, scope: string, cursor: string | undefined) {
  if (!cursor) return undefined;
  const decoded = cursors.decode<{ at?: unknown; id?: unknown }>(scope, cursor);
  if (
    typeof decoded?.at !== "string" ||
    typeof decoded.id !== "string" ||
    Number.isNaN(Date.parse(decoded.at))
  )
    throw new ServiceError("invalid_cursor", "cursor is not a nextCursor of this listing", {
      details: { param: "cursor" },
    });
  return { at: new Date(decoded.at), id: decoded.id };
}

/**
 * PostgreSQL side of monitors: the monitor rows (scoped to one `QUEUE_PREFIX`), their runs, and their seen sets.
 * Every state change that two processes could race on (claiming a run, the seen-set diff, stopping a monitor) is one
 * conditional statement or one transaction.
 */
export class MonitorStore {
  constructor(
    readonly prisma: PrismaClient,
    readonly queuePrefix: string,
  ) {}

  async create(input: {
    accountId: string;
    keyId: string;
    kind: MonitorRecord["kind"];
    operation: string;
    path: string;
    params: Record<string, string>;
    schedule: MonitorSchedule;
    webhookUrl: string | null;
    secret: string | null;
    description: string | null;
    deliverInitial: boolean;
  }): Promise<MonitorRecord> {
    const { schedule, params, ...rest } = input;
    const row = await this.prisma.monitor.create({
      data: {
        id: newId("mon"),
        queuePrefix: this.queuePrefix,
        ...rest,
        params: params as Prisma.InputJsonValue,
        ...scheduleColumns(schedule),
      },
    });
    return toRecord(row);
  }

  /** A monitor of this deployment, or null. */
  async get(id: string): Promise<MonitorRecord | null> {
    const row = await this.prisma.monitor.findFirst({ where: { id, queuePrefix: this.queuePrefix } });
    return row ? toRecord(row) : null;
  }

  /** @throws ServiceError 404 `monitor_not_found` when the monitor does not exist or another key owns it. */
  async getOwned(id: string, keyId: string): Promise<MonitorRecord> {
    const monitor = await this.get(id);
    if (!monitor || monitor.keyId !== keyId)
      throw new ServiceError("monitor_not_found", `no monitor ${id} for this key`);
    return monitor;
  }

  /** The key's monitors, newest first (limit 1–100). @throws ServiceError 400 `invalid_cursor`. */
  async listOwned(input: {
    keyId: string;
    cursors: CursorCodec;
    cursor?: string | undefined;
    limit: number;
  }): Promise<Page<MonitorRecord>> {
    const scope = `monitors:${input.keyId}`;
    const after = decodeAfter(input.cursors, scope, input.cursor);
    const rows = await this.prisma.monitor.findMany({
      where: {
        keyId: input.keyId,
        queuePrefix: this.queuePrefix,
        ...(after
          ? { OR: [{ createdAt: { lt: after.at } }, { createdAt: after.at, id: { lt: after.id } }] }
          : {}),
      },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: input.limit + 1,
    });
    return page(rows.map(toRecord), input.limit, (m) =>
      input.cursors.encode(scope, { at: m.createdAt.toISOString(), id: m.id }),
    );
  }

  /** Updates the caller-editable fields. @returns the updated monitor. */
  async update(
    id: string,
    patch: {
      params?: Record<string, string>;
      schedule?: MonitorSchedule;
      webhookUrl?: string;
      secret?: string;
      description?: string | null;
      status?: "active" | "paused";
    },
  ): Promise<MonitorRecord> {
    const { schedule, params, status, ...rest } = patch;
    const update = this.prisma.monitor.update({
      where: { id },
      data: {
        ...rest,
        ...(params ? { params: params as Prisma.InputJsonValue } : {}),
        ...(schedule ? scheduleColumns(schedule) : {}),
        // Resuming clears why it stopped and the counters that stopped it; a new seen set starts with new params.
        ...(status ? { status, statusReason: null, creditFailures: 0, deliveriesFailingSince: null } : {}),
        ...(params ? { baselineAt: null } : {}),
        updatedAt: new Date(),
      },
    });
    if (!params) return toRecord(await update);
    // New params and an empty seen set commit together: no run diffs the new answer against the old ids.
    const [row] = await this.prisma.$transaction([
      update,
      this.prisma.monitorSeenItem.deleteMany({ where: { monitorId: id } }),
    ]);
    return toRecord(row);
  }

  /** Deletes a monitor with its runs and seen set. @returns false when it did not exist. */
  async delete(id: string): Promise<boolean> {
    const { count } = await this.prisma.monitor.deleteMany({ where: { id, queuePrefix: this.queuePrefix } });
    return count > 0;
  }

  /**
   * Stops an active monitor by itself (paused or disabled) with a reason, once: the update is conditional on it
   * being active, so two processes deciding the same stop record it once.
   * @returns true when this call stopped it (the caller then removes its scheduler).
   */
  async stop(id: string, status: "paused" | "disabled", reason: MonitorStopReason): Promise<boolean> {
    const { count } = await this.prisma.monitor.updateMany({
      where: { id, status: "active" },
      data: { status, statusReason: reason, updatedAt: new Date() },
    });
    return count > 0;
  }

  /** Active monitors of this deployment (the reconcile's view). */
  async active(): Promise<MonitorRecord[]> {
    const rows = await this.prisma.monitor.findMany({
      where: { queuePrefix: this.queuePrefix, status: "active" },
    });
    return rows.map(toRecord);
  }

  // Runs

  /** The run a BullMQ job made, or null. */
  async runByJob(jobKey: string): Promise<RunRecord | null> {
    const row = await this.prisma.monitorRun.findUnique({ where: { jobKey } });
    return row ? toRun(row) : null;
  }

  /** Records a new run (`running`) for a job. A concurrent insert of the same job returns the existing run. */
  async startRun(monitorId: string, jobKey: string, trigger: string): Promise<RunRecord> {
    const row = await this.prisma.monitorRun.upsert({
      where: { jobKey },
      create: { id: newId("run"), monitorId, jobKey, requestId: newId("req"), trigger, status: "running" },
      update: {},
    });
    return toRun(row);
  }

  /**
   * Makes `runId` the monitor's one run in progress: a compare-and-set that succeeds when no run holds the monitor,
   * this run holds it already (a re-run job), or the holder started before `staleBefore` (its job is gone).
   * @returns false when another run holds it or the monitor is no longer active.
   */
  async claim(monitorId: string, runId: string, staleBefore: Date): Promise<boolean> {
    const { count } = await this.prisma.monitor.updateMany({
      where: {
        id: monitorId,
        status: "active",
        OR: [{ runningRunId: null }, { runningRunId: runId }, { runningSince: { lt: staleBefore } }],
      },
      data: { runningRunId: runId, runningSince: new Date() },
    });
    return count > 0;
  }

  /** Lets the next run claim the monitor (only when `runId` still holds it). */
  async releaseClaim(monitorId: string, runId: string): Promise<void> {
    await this.#releaseClaim(monitorId, runId);
  }

  #releaseClaim(monitorId: string, runId: string) {
    return this.prisma.monitor.updateMany({
      where: { id: monitorId, runningRunId: runId },
      data: { runningRunId: null, runningSince: null },
    });
  }

  /**
   * Ends a run (`succeeded`, `failed` or `skipped`), records its outcome and, in the same transaction, releases the
   * monitor's claim when this run holds it — so whoever sees the run finished can start the next one.
   */
  async finishRun(
    run: { id: string; monitorId: string },
    outcome: {
      status: "succeeded" | "failed" | "skipped";
      credits?: number;
      itemsSeen?: number | null;
      newItems?: number | null;
      errorCode?: string | null;
      errorMessage?: string | null;
      deliveryId?: string | null;
    },
  ): Promise<void> {
    // updateMany: the monitor (and its runs) may have been deleted while this run was going.
    await this.prisma.$transaction([
      this.prisma.monitorRun.updateMany({
        where: { id: run.id },
        data: { ...outcome, pendingItems: Prisma.DbNull, finishedAt: new Date() },
      }),
      this.#releaseClaim(run.monitorId, run.id),
    ]);
  }

  /**
   * The diff of one run, in one transaction: adds the answer's item ids to the monitor's seen set and keeps, on the
   * run, the items that were not in it (in answer order) until their delivery exists. A job re-run after this
   * committed finds the run `delivering` and delivers the kept items instead of diffing again (which would find
   * nothing new and lose them).
   * @param deliver false for a baseline run that delivers nothing (the ids are still recorded).
   * @returns the new items to deliver.
   */
  async recordDiff(input: {
    monitorId: string;
    runId: string;
    items: { id: string; item: unknown }[];
    credits: number;
    deliver: boolean;
  }): Promise<unknown[]> {
    const ids = input.items.map((i) => i.id);
    return this.prisma.$transaction(async (tx) => {
      const inserted =
        ids.length === 0
          ? []
          : await tx.$queryRaw<{ item_id: string }[]>`
              INSERT INTO "monitor_seen_items" ("monitor_id", "item_id", "run_id")
              SELECT ${input.monitorId}, id, ${input.runId} FROM unnest(${ids}::text[]) AS id
              ON CONFLICT DO NOTHING
              RETURNING "item_id"`;
      const fresh = new Set(inserted.map((r) => r.item_id));
      const newItems = input.deliver ? input.items.filter((i) => fresh.has(i.id)).map((i) => i.item) : [];
      await tx.monitorRun.update({
        where: { id: input.runId },
        data: {
          status: newItems.length > 0 ? "delivering" : "succeeded",
          itemsSeen: ids.length,
          newItems: newItems.length,
          credits: input.credits,
          ...(newItems.length > 0
            ? { pendingItems: newItems as Prisma.InputJsonValue }
            : { finishedAt: new Date() }),
        },
      });
      await tx.monitor.update({
        where: { id: input.monitorId },
        data: {
          baselineAt: new Date(),
          creditFailures: 0,
          lastRunAt: new Date(),
          // Nothing to deliver: the run is over, the next may claim the monitor.
          ...(newItems.length === 0 ? { runningRunId: null, runningSince: null } : {}),
        },
      });
      return newItems;
    });
  }

  /**
   * Counts one more run in a row that failed with `insufficient_credits`.
   * @returns the count after this run.
   */
  async countCreditFailure(monitorId: string): Promise<number> {
    const row = await this.prisma.monitor.update({
      where: { id: monitorId },
      data: { creditFailures: { increment: 1 }, lastRunAt: new Date() },
      select: { creditFailures: true },
    });
    return row.creditFailures;
  }

  /** Records a run that reached the platform (success or a failure other than credits). */
  async markRan(monitorId: string, succeeded: boolean): Promise<void> {
    await this.prisma.monitor.update({
      where: { id: monitorId },
      data: { lastRunAt: new Date(), ...(succeeded ? { creditFailures: 0 } : {}) },
    });
  }

  /** A monitor's runs, newest first (limit 1–100). @throws ServiceError 400 `invalid_cursor`. */
  async listRuns(input: {
    monitorId: string;
    cursors: CursorCodec;
    cursor?: string | undefined;
    limit: number;
  }): Promise<Page<RunRecord>> {
    const scope = `monitors.runs:${input.monitorId}`;
    const after = decodeAfter(input.cursors, scope, input.cursor);
    const rows = await this.prisma.monitorRun.findMany({
      where: {
        monitorId: input.monitorId,
        ...(after
          ? { OR: [{ startedAt: { lt: after.at } }, { startedAt: after.at, id: { lt: after.id } }] }
          : {}),
      },
      orderBy: [{ startedAt: "desc" }, { id: "desc" }],
      take: input.limit + 1,
    });
    return page(rows.map(toRun), input.limit, (r) =>
      input.cursors.encode(scope, { at: r.startedAt.toISOString(), id: r.id }),
    );
  }

  // Webhook outcomes

  /** A delivery of the monitor succeeded: the failing streak ends. */
  async deliverySucceeded(monitorId: string): Promise<void> {
    await this.prisma.monitor.updateMany({
      where: { id: monitorId, deliveriesFailingSince: { not: null } },
      data: { deliveriesFailingSince: null },
    });
  }

  /**
   * A delivery of the monitor failed for good: starts the failing streak at `createdAt` (the delivery's creation)
   * unless one is running. @returns when the streak started.
   */
  async deliveryFailed(monitorId: string, createdAt: Date): Promise<Date | null> {
    await this.prisma.monitor.updateMany({
      where: { id: monitorId, deliveriesFailingSince: null },
      data: { deliveriesFailingSince: createdAt },
    });
    const row = await this.prisma.monitor.findUnique({
      where: { id: monitorId },
      select: { deliveriesFailingSince: true },
    });
    return row?.deliveriesFailingSince ?? null;
  }
}

function page<T>(rows: T[], limit: number, cursorOf: (last: T) => string): Page<T> {
  const hasMore = rows.length > limit;
  const data = rows.slice(0, limit);
  const last = data.at(-1);
  return { data, hasMore, nextCursor: hasMore && last ? cursorOf(last) : null };
}

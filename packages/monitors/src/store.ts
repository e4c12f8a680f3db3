import { type CursorCodec, decodeKeysetCursor, type KeysetPage, keysetPage } from "@sda/contract";
import { isServiceId, newId } from "@sda/core";
import type { Prisma, PrismaClient } from "@sda/ledger";
import { fail } from "./errors.ts";
import { RunStore } from "./run-store.ts";
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

/** What a caller chooses of a new monitor; the other fields start at their defaults (`active`, no runs). */
type NewMonitor = Pick<
  MonitorRecord,
  | "accountId"
  | "keyId"
  | "kind"
  | "operation"
  | "path"
  | "params"
  | "schedule"
  | "webhookUrl"
  | "secret"
  | "description"
  | "deliverInitial"
>;

type MonitorRow = Awaited<ReturnType<PrismaClient["monitor"]["findUniqueOrThrow"]>>;

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

function scheduleColumns(schedule: MonitorSchedule) {
  return "everySeconds" in schedule
    ? { everySeconds: schedule.everySeconds, cron: null, tz: null }
    : { everySeconds: null, cron: schedule.cron, tz: schedule.tz };
}

/**
 * PostgreSQL side of monitors: the monitor rows (scoped to one `QUEUE_PREFIX`); their runs and seen sets are in
 * {@link RunStore} (`store.runs`). A state change two processes could race on (stopping a monitor) is one conditional
 * statement.
 */
export class MonitorStore {
  /** The monitors' runs and seen sets. */
  readonly runs: RunStore;

  constructor(
    readonly prisma: PrismaClient,
    readonly queuePrefix: string,
  ) {
    this.runs = new RunStore(prisma);
  }

  /** How many monitors (items and tracking) an account keeps (read through `db`: a transaction, or the client). */
  countOf(accountId: string, db: Pick<Prisma.TransactionClient, "monitor"> = this.prisma): Promise<number> {
    return db.monitor.count({ where: { accountId, queuePrefix: this.queuePrefix } });
  }

  /**
   * Stores a new monitor (`active`, no runs yet), at most `limit.max` per account: the count and the insert run in
   * one transaction under a per-account advisory lock, so two creations racing for the last place cannot both pass.
   * @throws what `limit.full()` returns when the account already has `limit.max` monitors.
   */
  async create(input: NewMonitor, limit: { max: number; full: () => Error }): Promise<MonitorRecord> {
    const { schedule, params, ...rest } = input;
    const row = await this.prisma.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`sda:monitors:${input.accountId}`}, 0))`;
      if ((await this.countOf(input.accountId, tx)) >= limit.max) throw limit.full();
      return tx.monitor.create({
        data: {
          id: newId("mon"),
          queuePrefix: this.queuePrefix,
          ...rest,
          params: params as Prisma.InputJsonValue,
          ...scheduleColumns(schedule),
        },
      });
    });
    return toRecord(row);
  }

  /** A monitor of this deployment, or null. */
  async get(id: string): Promise<MonitorRecord | null> {
    const row = await this.prisma.monitor.findFirst({ where: { id, queuePrefix: this.queuePrefix } });
    return row ? toRecord(row) : null;
  }

  /**
   * A monitor of `owner`: of its key, or of its account when it names no key (the dashboard).
   * @throws ServiceError 404 `monitor_not_found` when the monitor does not exist or another owner has it.
   */
  async getOwned(id: string, owner: { accountId: string; keyId?: string }): Promise<MonitorRecord> {
    // Checked before the query: a NUL in the path was a database error, a 500 (issue 21 #4).
    const monitor = isServiceId("mon", id) ? await this.get(id) : null;
    if (
      !monitor ||
      monitor.accountId !== owner.accountId ||
      (owner.keyId !== undefined && monitor.keyId !== owner.keyId)
    )
      throw fail("monitor_not_found", `no monitor ${id} for this key`);
    return monitor;
  }

  /**
   * The key's monitors (the account's, when `owner` names no key), newest first (limit 1–100).
   * @throws ServiceError 400 `invalid_cursor`.
   */
  async listOwned(input: {
    owner: { accountId: string; keyId?: string };
    cursors: CursorCodec;
    cursor?: string | undefined;
    limit: number;
  }): Promise<KeysetPage<MonitorRecord>> {
    const { owner } = input;
    const scope =
      owner.keyId !== undefined ? `monitors:${owner.keyId}` : `monitors:account:${owner.accountId}`;
    const after = decodeKeysetCursor(input.cursors, scope, input.cursor);
    const rows = await this.prisma.monitor.findMany({
      where: {
        ...(owner.keyId !== undefined ? { keyId: owner.keyId } : { accountId: owner.accountId }),
        queuePrefix: this.queuePrefix,
        ...(after
          ? { OR: [{ createdAt: { lt: after.at } }, { createdAt: after.at, id: { lt: after.id } }] }
          : {}),
      },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: input.limit + 1,
    });
    return keysetPage(rows.map(toRecord), input.limit, (m) =>
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

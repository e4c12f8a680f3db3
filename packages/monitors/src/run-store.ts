import { type CursorCodec, decodeKeysetCursor, type KeysetPage, keysetPage } from "@sda/contract";
import { newId } from "@sda/core";
import { Prisma, type PrismaClient } from "@sda/ledger";

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

type RunRow = Awaited<ReturnType<PrismaClient["monitorRun"]["findUniqueOrThrow"]>>;

/** Key space of {@link RunStore.startRun}'s advisory locks (two-key form; the request log's is 38). */
const JOB_KEY_LOCKS = 3801;

function toRun(row: RunRow): RunRecord {
  return { ...row, status: row.status, pendingItems: (row.pendingItems as unknown[] | null) ?? null };
}

/**
 * PostgreSQL side of monitor runs: the run rows, the one-run-at-a-time claim on the monitor row, and the seen-set
 * diff. Every step two processes could race on (claiming, the diff, ending a run) is one conditional statement or one
 * transaction.
 */
export class RunStore {
  constructor(readonly prisma: PrismaClient) {}

  /** The run a BullMQ job made, or null. */
  async runByJob(jobKey: string): Promise<RunRecord | null> {
    const row = await this.prisma.monitorRun.findUnique({ where: { jobKey } });
    return row ? toRun(row) : null;
  }

  /**
   * Records a new run (`running`) for a job, or returns the job's run when it has one (a concurrent execution of the
   * same job: a stalled job's and its re-run's). THE insert of `monitor_runs`, the only one in the code base.
   *
   * The table is partitioned by `started_at`, so a unique index cannot hold `job_key` alone (issue 38), and a re-run
   * starts at another time. One run per job key is kept here instead: in one transaction, a transaction advisory lock
   * on the job key (key space {@link JOB_KEY_LOCKS}), then the key's run in any month (the `(job_key, started_at)`
   * index of each partition), then the insert only when there is none; a second execution waits for the first's
   * commit and its read, a statement that starts after it, finds that run.
   */
  async startRun(monitorId: string, jobKey: string, trigger: string): Promise<RunRecord> {
    const row = await this.prisma.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${JOB_KEY_LOCKS}::int, hashtext(${jobKey}))`;
      const existing = await tx.monitorRun.findUnique({ where: { jobKey } });
      return (
        existing ??
        tx.monitorRun.create({
          data: { id: newId("run"), monitorId, jobKey, requestId: newId("req"), trigger, status: "running" },
        })
      );
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
    /** The rule's choice among the fresh items (`MonitorRule.deliverable`); default: all of them. */
    deliverable?: ((fresh: unknown[]) => unknown[]) | undefined;
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
      const freshItems = input.items.filter((i) => fresh.has(i.id)).map((i) => i.item);
      const newItems = input.deliver ? (input.deliverable?.(freshItems) ?? freshItems) : [];
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

  /** A monitor's runs, newest first (limit 1–100). @throws ServiceError 400 `invalid_cursor`. */
  async listRuns(input: {
    monitorId: string;
    cursors: CursorCodec;
    cursor?: string | undefined;
    limit: number;
  }): Promise<KeysetPage<RunRecord>> {
    const scope = `monitors.runs:${input.monitorId}`;
    const after = decodeKeysetCursor(input.cursors, scope, input.cursor);
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
    return keysetPage(rows.map(toRun), input.limit, (r) =>
      input.cursors.encode(scope, { at: r.startedAt.toISOString(), id: r.id }),
    );
  }
}

import { Prisma, type PrismaClient, utcTimestamp } from "@sda/ledger";
import type { PreparedCall } from "./prepare.ts";

/**
 * Batch state in PostgreSQL: the batch row (counters, webhook) and one row per item (its result). Every
 * statement that moves an item also moves the batch's counters, in one SQL statement, so a crash between two round
 * trips cannot leave them apart. Built against:
 * - two dispatchers (gateway and workers, any number of each) claiming for one account at once: the claim runs under a
 *   transaction-scoped advisory lock per account, so the running count it reads is the one it raises to the cap;
 * - a job re-run after its worker died, or two attempts finishing: an item is recorded only by the update that finds
 *   it `running` (keyed by its request id), so counters and `creditsCharged` move once;
 * - cancel racing a claim: the claim holds its item rows (`FOR UPDATE SKIP LOCKED`), cancel's update waits and then
 *   sees them `running`, so it cancels only items no worker will start;
 * - concurrent submissions with one `Idempotency-Key`: {@link BatchStore.create} runs inside the key's claim
 *   (`ledger.idempotency.claimWith`, one transaction), so only the submission that wins the key stores a batch.
 */

/** A batch row. */
export type BatchRow = Prisma.BatchGetPayload<object>;
/** An item row. */
export type BatchItemRow = Prisma.BatchItemGetPayload<object>;

/** A claimed item, ready to be enqueued. */
export interface ClaimedItem {
  batchId: string;
  index: number;
  requestId: string;
  accountId: string;
  keyId: string;
  operation: string;
  params: Record<string, string>;
}

/** An account's share of running items: a `fixed` cap, else `capacity` ÷ the accounts with items running. */
export interface BatchShare {
  fixed: number | null;
  capacity: number;
}

/** The result of one item as recorded. */
export interface ItemOutcome {
  status: "succeeded" | "failed";
  httpStatus: number;
  data: unknown;
  error: unknown;
  credits: number;
  source: string | null;
  cache: string | null;
}

/** What {@link BatchStore.create} stores. */
export interface NewBatch {
  id: string;
  accountId: string;
  keyId: string;
  label: string | null;
  estimatedMaxCredits: number | null;
  webhookUrl: string | null;
  webhookSecret: string | null;
  createdAt: Date;
  expiresAt: Date;
  calls: (PreparedCall & { requestId: string })[];
}

export class BatchStore {
  /**
   * @param queuePrefix the deployment's `QUEUE_PREFIX`: the batches it stores are stamped with it, and it claims,
   *   sweeps, notifies and purges only those (and the unstamped ones of before migration 20261203130000), so
   *   deployments sharing one database never take over each other's items. Reads by id or by owner see every batch.
   */
  constructor(
    readonly prisma: PrismaClient,
    readonly queuePrefix: string,
  ) {}

  /** Prisma's filter of this deployment's rows (a batch's or an item's `queuePrefix`). */
  get #own() {
    return { OR: [{ queuePrefix: this.queuePrefix }, { queuePrefix: null }] };
  }

  /** The same filter as SQL, for the raw statements on `batch_items`. */
  get #ownSql() {
    return Prisma.sql`("queue_prefix" = ${this.queuePrefix} OR "queue_prefix" IS NULL)`;
  }

  /**
   * Stores a batch and its items in one transaction: `tx` (the claim of its `Idempotency-Key`, which then commits or
   * rolls back both together) or its own.
   */
  async create(batch: NewBatch, tx?: Prisma.TransactionClient): Promise<void> {
    const { row, items } = batchRows(batch, this.queuePrefix);
    if (tx) {
      await tx.batch.create({ data: row });
      await tx.batchItem.createMany({ data: items });
      return;
    }
    await this.prisma.$transaction([
      this.prisma.batch.create({ data: row }),
      this.prisma.batchItem.createMany({ data: items }),
    ]);
  }

  get(batchId: string): Promise<BatchRow | null> {
    return this.prisma.batch.findUnique({ where: { id: batchId } });
  }

  /** Items of a batch in submission order after `afterIndex`, optionally of one status. */
  items(batchId: string, options: { afterIndex: number; limit: number; status?: "succeeded" | "failed" }) {
    return this.prisma.batchItem.findMany({
      where: {
        batchId,
        index: { gt: options.afterIndex },
        ...(options.status ? { status: options.status } : {}),
      },
      orderBy: { index: "asc" },
      take: options.limit,
    });
  }

  /**
   * A key's unexpired batches (or, without `keyId`, the account's), newest first, after the `(createdAt, id)`
   * position of a cursor.
   */
  list(
    owner: { accountId: string; keyId?: string },
    options: { now: Date; limit: number; after?: { createdAt: Date; id: string } },
  ) {
    const { after } = options;
    return this.prisma.batch.findMany({
      where: {
        ...(owner.keyId !== undefined ? { keyId: owner.keyId } : { accountId: owner.accountId }),
        expiresAt: { gt: options.now },
        ...(after
          ? {
              OR: [
                { createdAt: { lt: after.createdAt } },
                { createdAt: after.createdAt, id: { lt: after.id } },
              ],
            }
          : {}),
      },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: options.limit,
    });
  }

  /**
   * Claims up to `cap - running` queued items of an account (oldest batch first, in submission order) and marks their
   * batches running; `cap` is the share's fixed cap, else its capacity divided by the accounts with items running
   * (this one counted; at least 1). One transaction under a per-account advisory lock (see the class comment). An
   * account arriving beside running ones gets its share at once; the others shrink to theirs as their items finish.
   */
  async claim(accountId: string, share: BatchShare, now: Date): Promise<ClaimedItem[]> {
    const at = utcTimestamp(now);
    const own = this.#ownSql;
    // Two statements in one transaction, sent as one batch: the claim's snapshot is taken after the lock is held, so
    // it sees every claim committed before (one statement with the lock in a CTE would not).
    const [, claimed] = await this.prisma.$transaction([
      this.prisma
        .$queryRaw`SELECT 1 AS "locked" FROM pg_advisory_xact_lock(hashtext('sda.batch.claim'), hashtext(${accountId}))`,
      this.prisma.$queryRaw<ClaimedItem[]>`
        WITH others AS (
          SELECT COUNT(DISTINCT "account_id")::int AS "n" FROM "batch_items"
           WHERE "status" = 'running' AND "account_id" <> ${accountId}
             AND ${own}
        ), free AS (
          SELECT COALESCE(${share.fixed}::int, GREATEST(1, ${share.capacity}::int / ((SELECT "n" FROM others) + 1)))
                 - COUNT(*)::int AS "n"
            FROM "batch_items" WHERE "account_id" = ${accountId} AND "status" = 'running'
             AND ${own}
        ), picked AS (
          SELECT "batch_id", "index" FROM "batch_items"
           WHERE "account_id" = ${accountId} AND "status" = 'queued'
             AND ${own}
           ORDER BY "created_at", "batch_id", "index"
           LIMIT GREATEST((SELECT "n" FROM free), 0)
           FOR UPDATE SKIP LOCKED
        ), claimed AS (
          UPDATE "batch_items" i SET "status" = 'running', "claimed_at" = ${at}::timestamp(3)
            FROM picked p WHERE i."batch_id" = p."batch_id" AND i."index" = p."index"
          RETURNING i."batch_id", i."index", i."request_id", i."account_id", i."operation", i."params"
        ), started AS (
          UPDATE "batches" SET "status" = 'running', "started_at" = COALESCE("started_at", ${at}::timestamp(3))
           WHERE "id" IN (SELECT "batch_id" FROM claimed) AND "status" = 'queued'
          RETURNING "id"
        )
        SELECT c."batch_id" AS "batchId", c."index", c."request_id" AS "requestId", c."account_id" AS "accountId",
               b."key_id" AS "keyId", c."operation", c."params"
          FROM claimed c JOIN "batches" b ON b."id" = c."batch_id"
         ORDER BY c."batch_id", c."index"`,
    ]);
    return claimed;
  }

  /**
   * Records an item's result once: only when it is still `running` (keyed by its request id), together with the
   * batch's counters, and completes the batch when this was its last item.
   * @returns the batch's id and `completedAt` after the update, or null when the item was recorded before (or is not
   *   running).
   */
  async record(
    requestId: string,
    outcome: ItemOutcome,
    now: Date,
  ): Promise<{ id: string; completedAt: Date | null } | null> {
    const at = utcTimestamp(now);
    const ok = outcome.status === "succeeded" ? 1 : 0;
    const rows = await this.prisma.$queryRaw<{ id: string; completedAt: Date | null }[]>`
      WITH item AS (
        UPDATE "batch_items" SET "status" = ${outcome.status}::"batch_item_status", "http_status" = ${outcome.httpStatus},
               "data" = ${json(outcome.data)}::jsonb, "error" = ${json(outcome.error)}::jsonb, "credits" = ${outcome.credits},
               "source" = ${outcome.source}, "cache" = ${outcome.cache}, "finished_at" = ${at}::timestamp(3)
         WHERE "request_id" = ${requestId} AND "status" = 'running'
        RETURNING "batch_id"
      )
      UPDATE "batches" b SET
             "done" = b."done" + 1,
             "succeeded" = b."succeeded" + ${ok}::int,
             "failed" = b."failed" + ${1 - ok}::int,
             "credits_charged" = b."credits_charged" + ${outcome.credits}::int,
             "status" = CASE WHEN b."done" + 1 = b."total" AND b."status" IN ('queued', 'running')
                             THEN 'completed'::"batch_status" ELSE b."status" END,
             "completed_at" = CASE WHEN b."done" + 1 = b."total" THEN ${at}::timestamp(3) ELSE b."completed_at" END
        FROM item WHERE b."id" = item."batch_id"
      RETURNING b."id", b."completed_at" AS "completedAt"`;
    return rows[0] ?? null;
  }

  /**
   * Cancels the items of a batch that no worker has started (status `cancelled`, 0 credits) and marks the batch
   * `cancelled` unless it had completed. Items already running finish and bill normally.
   * @returns the batch after the update, or null when it does not exist.
   */
  async cancel(batchId: string, now: Date): Promise<BatchRow | null> {
    const at = utcTimestamp(now);
    await this.prisma.$queryRaw`
      WITH gone AS (
        UPDATE "batch_items" SET "status" = 'cancelled', "finished_at" = ${at}::timestamp(3)
         WHERE "batch_id" = ${batchId} AND "status" = 'queued'
        RETURNING 1
      ), n AS (SELECT COUNT(*)::int AS "n" FROM gone)
      UPDATE "batches" b SET
             "done" = b."done" + n."n",
             "cancelled" = b."cancelled" + n."n",
             "status" = CASE WHEN b."status" IN ('queued', 'running') THEN 'cancelled'::"batch_status" ELSE b."status" END,
             "completed_at" = CASE WHEN b."completed_at" IS NULL AND b."done" + n."n" = b."total"
                                   THEN ${at}::timestamp(3) ELSE b."completed_at" END
        FROM n WHERE b."id" = ${batchId}
      RETURNING b."id"`;
    return this.get(batchId);
  }

  /** Running items claimed before `before` (the sweeper checks their jobs), oldest first. */
  runningClaimedBefore(before: Date, limit: number) {
    return this.prisma.batchItem.findMany({
      where: { status: "running", claimedAt: { lt: before }, ...this.#own },
      orderBy: { claimedAt: "asc" },
      take: limit,
      include: { batch: { select: { keyId: true } } },
    });
  }

  /** Accounts with queued items (the sweeper dispatches them in case no finishing item did). */
  async accountsWithQueuedItems(limit: number): Promise<string[]> {
    // DISTINCT in SQL (Prisma's `distinct` would read every queued row), served by the (status, claimed_at) index.
    const rows = await this.prisma.$queryRaw<{ accountId: string }[]>`
      SELECT DISTINCT "account_id" AS "accountId" FROM "batch_items"
       WHERE "status" = 'queued' AND ${this.#ownSql}
       LIMIT ${limit}`;
    return rows.map((r) => r.accountId);
  }

  /**
   * Takes on enqueuing a finished batch's completion webhook: succeeds for one caller only, unless an earlier claim
   * is older than `staleBefore` and still has no delivery (its process died between claim and enqueue).
   */
  async claimWebhook(batchId: string, now: Date, staleBefore: Date): Promise<BatchRow | null> {
    const claimed = await this.prisma.batch.updateMany({
      where: {
        id: batchId,
        completedAt: { not: null },
        webhookUrl: { not: null },
        webhookDeliveryId: null,
        OR: [{ webhookClaimedAt: null }, { webhookClaimedAt: { lt: staleBefore } }],
      },
      data: { webhookClaimedAt: now },
    });
    return claimed.count === 1 ? this.get(batchId) : null;
  }

  async setWebhookDelivery(batchId: string, deliveryId: string): Promise<void> {
    await this.prisma.batch.update({ where: { id: batchId }, data: { webhookDeliveryId: deliveryId } });
  }

  /** Finished batches whose webhook is not enqueued yet (never claimed, or claimed before `staleBefore`). */
  async pendingWebhooks(staleBefore: Date, limit: number): Promise<string[]> {
    const rows = await this.prisma.batch.findMany({
      where: {
        completedAt: { not: null },
        webhookUrl: { not: null },
        webhookDeliveryId: null,
        AND: [{ OR: [{ webhookClaimedAt: null }, { webhookClaimedAt: { lt: staleBefore } }] }, this.#own],
      },
      select: { id: true },
      take: limit,
    });
    return rows.map((r) => r.id);
  }

  /**
   * Deletes the results (items, webhook deliveries) of finished batches whose retention passed; the batch row stays,
   * so its id answers 404 `batch_expired` rather than `batch_not_found`. @returns items deleted.
   */
  async purgeExpired(now: Date, limit: number): Promise<number> {
    const expired = await this.prisma.batch.findMany({
      where: { expiresAt: { lt: now }, completedAt: { not: null }, items: { some: {} }, ...this.#own },
      select: { id: true },
      take: 20,
    });
    if (expired.length === 0) return 0;
    const ids = expired.map((b) => b.id);
    const deleted = await this.prisma.$executeRaw`
      DELETE FROM "batch_items" WHERE ("batch_id", "index") IN (
        SELECT "batch_id", "index" FROM "batch_items" WHERE "batch_id" = ANY(${ids}) LIMIT ${limit}
      )`;
    await this.prisma.webhookDelivery.deleteMany({ where: { ownerKind: "batch", ownerId: { in: ids } } });
    return deleted;
  }
}

/** The batch row and its item rows as {@link BatchStore.create} inserts them, stamped with the deployment's prefix. */
function batchRows(batch: NewBatch, queuePrefix: string) {
  const { calls, ...row } = batch;
  return {
    row: { ...row, total: calls.length, queuePrefix },
    items: calls.map((c) => ({
      batchId: row.id,
      queuePrefix,
      index: c.index,
      requestId: c.requestId,
      accountId: row.accountId,
      operation: c.operationId,
      path: c.path,
      params: c.params,
      createdAt: row.createdAt,
    })),
  };
}

/** A JSON parameter for a `::jsonb` cast (null stays SQL NULL). */
function json(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}

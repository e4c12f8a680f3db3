import { type CursorCodec, decodeKeysetCursor, type KeysetPage, keysetPage } from "@sda/contract";
import { isServiceId } from "@sda/core";
import type { PrismaClient } from "@sda/ledger";
import { fail } from "./errors.ts";
import type { AttemptVerdict } from "./schedule.ts";
import type { AttemptResult } from "./send.ts";

/** Who a delivery belongs to: the batch or monitor that produced the event. */
export interface WebhookOwner {
  kind: "batch" | "monitor";
  id: string;
}

/** One attempt as the API shows it. */
export interface WebhookAttemptView {
  attempt: number;
  /** True for an attempt made by `replayDelivery`. */
  replay: boolean;
  startedAt: Date;
  durationMs: number;
  /** Null when no response arrived (see `error`). */
  statusCode: number | null;
  error: string | null;
  /** At most 1 KB of the response body. */
  responseBody: string | null;
  /** When the next attempt is due (null when this attempt ended the delivery). */
  nextRetryAt: Date | null;
}

/** What names a delivery, in its view and its record: its id, account, owner, target URL, event and message id. */
interface DeliveryIdentity {
  id: string;
  accountId: string;
  owner: WebhookOwner;
  url: string;
  eventType: string;
  /** The `webhook-id` header of every attempt. */
  messageId: string;
}

/** A delivery as the API shows it: never the secret. */
export interface WebhookDeliveryView extends DeliveryIdentity {
  payload: unknown;
  status: "pending" | "succeeded" | "failed";
  attemptCount: number;
  nextAttemptAt: Date | null;
  failureReason: string | null;
  createdAt: Date;
  completedAt: Date | null;
  /** Oldest first. */
  attempts: WebhookAttemptView[];
}

/** The stored row the worker needs (secret and exact body included). */
export interface DeliveryRecord extends DeliveryIdentity {
  secret: string;
  body: string;
  status: "pending" | "succeeded" | "failed";
  attemptCount: number;
  nextAttemptAt: Date | null;
}

type Row = Awaited<ReturnType<PrismaClient["webhookDelivery"]["findUniqueOrThrow"]>>;
type AttemptRow = Awaited<ReturnType<PrismaClient["webhookAttempt"]["findUniqueOrThrow"]>>;

function parseBody(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

function identityOf(row: Row): DeliveryIdentity {
  return {
    id: row.id,
    accountId: row.accountId,
    owner: { kind: row.ownerKind, id: row.ownerId },
    url: row.url,
    eventType: row.eventType,
    messageId: row.messageId,
  };
}

function toView(row: Row & { attempts: AttemptRow[] }): WebhookDeliveryView {
  return {
    ...identityOf(row),
    payload: parseBody(row.body),
    status: row.status,
    attemptCount: row.attemptCount,
    nextAttemptAt: row.nextAttemptAt,
    failureReason: row.failureReason,
    createdAt: row.createdAt,
    completedAt: row.completedAt,
    attempts: row.attempts.map((a) => ({
      attempt: a.attempt,
      replay: a.replay,
      startedAt: a.startedAt,
      durationMs: a.durationMs,
      statusCode: a.statusCode,
      error: a.error,
      responseBody: a.responseBody,
      nextRetryAt: a.nextRetryAt,
    })),
  };
}

function toRecord(row: Row): DeliveryRecord {
  return {
    ...identityOf(row),
    secret: row.secret,
    body: row.body,
    status: row.status,
    attemptCount: row.attemptCount,
    nextAttemptAt: row.nextAttemptAt,
  };
}

/** PostgreSQL side of deliveries: the delivery row, its attempts, and the owner's listing. */
export class DeliveryStore {
  constructor(private readonly prisma: PrismaClient) {}

  async create(input: Omit<DeliveryRecord, "status" | "attemptCount" | "nextAttemptAt">): Promise<void> {
    await this.prisma.webhookDelivery.create({
      data: {
        id: input.id,
        accountId: input.accountId,
        ownerKind: input.owner.kind,
        ownerId: input.owner.id,
        url: input.url,
        secret: input.secret,
        messageId: input.messageId,
        eventType: input.eventType,
        body: input.body,
        nextAttemptAt: new Date(),
      },
    });
  }

  async record(id: string): Promise<DeliveryRecord | null> {
    const row = await this.prisma.webhookDelivery.findFirst({ where: { id } });
    return row ? toRecord(row) : null;
  }

  /**
   * Pending deliveries whose next attempt was due before `before`, oldest first: candidates for a lost job.
   *
   * `replay` tells what that next attempt is. Every recorded attempt stores the retry it scheduled (`nextRetryAt`),
   * and only a final verdict (succeeded, failed) stores none; a delivery that is pending again after a final verdict
   * was reopened by `reopen`, so its next attempt is a replay (sent once, never retried). After an attempt that
   * scheduled a retry, or before any attempt, it is an ordinary one.
   * @returns at most `limit` `{ id, attemptCount, replay }`.
   */
  async overdue(
    before: Date,
    limit: number,
  ): Promise<{ id: string; attemptCount: number; replay: boolean }[]> {
    const rows = await this.prisma.webhookDelivery.findMany({
      where: { status: "pending", nextAttemptAt: { lt: before } },
      orderBy: { nextAttemptAt: "asc" },
      take: limit,
      select: {
        id: true,
        attemptCount: true,
        attempts: { orderBy: { attempt: "desc" }, take: 1, select: { attempt: true, nextRetryAt: true } },
      },
    });
    return rows.map(({ id, attemptCount, attempts: [last] }) => ({
      id,
      attemptCount,
      replay: last !== undefined && last.attempt === attemptCount && last.nextRetryAt === null,
    }));
  }

  /** Marks a delivery that could not be queued, so it is not left `pending` forever. */
  async markUnqueued(id: string, error: string): Promise<void> {
    await this.prisma.webhookDelivery.updateMany({
      where: { id },
      data: { status: "failed", failureReason: `not queued: ${error}`.slice(0, 500), nextAttemptAt: null },
    });
  }

  /**
   * Records attempt `attempt` and moves the delivery on, in one transaction. The update is conditional on the
   * delivery still being `pending` at `attempt - 1` attempts, so a job that runs twice (a worker died after sending)
   * cannot record the same attempt twice or overwrite a later state.
   * @returns false when the attempt was recorded before (nothing written).
   */
  async recordAttempt(input: {
    id: string;
    attempt: number;
    replay: boolean;
    result: AttemptResult;
    verdict: AttemptVerdict;
  }): Promise<{ recorded: boolean; nextRetryAt: Date | null }> {
    const { result, verdict } = input;
    const finishedAt = new Date(result.startedAt.getTime() + result.durationMs);
    const nextRetryAt = verdict.kind === "retry" ? new Date(finishedAt.getTime() + verdict.delayMs) : null;
    const recorded = await this.prisma.$transaction(async (tx) => {
      const moved = await tx.webhookDelivery.updateMany({
        where: { id: input.id, status: "pending", attemptCount: input.attempt - 1 },
        data: {
          attemptCount: input.attempt,
          status:
            verdict.kind === "retry" ? "pending" : verdict.kind === "succeeded" ? "succeeded" : "failed",
          failureReason: verdict.kind === "failed" ? verdict.reason : null,
          nextAttemptAt: nextRetryAt,
          completedAt: verdict.kind === "retry" ? null : finishedAt,
          updatedAt: finishedAt,
        },
      });
      if (moved.count === 0) return false;
      // The attempt lives in its delivery's month (the partition key of both tables); the row is ours until commit.
      const { createdAt } = await tx.webhookDelivery.findFirstOrThrow({
        where: { id: input.id },
        select: { createdAt: true },
      });
      await tx.webhookAttempt.create({
        data: {
          deliveryId: input.id,
          deliveryCreatedAt: createdAt,
          attempt: input.attempt,
          replay: input.replay,
          startedAt: result.startedAt,
          durationMs: result.durationMs,
          statusCode: result.statusCode ?? null,
          error: result.error?.slice(0, 1000) ?? null,
          responseBody: result.responseBody ?? null,
          nextRetryAt,
        },
      });
      return true;
    });
    return { recorded, nextRetryAt };
  }

  /**
   * Reopens a finished delivery for one more attempt (a replay), optionally with a new secret.
   * @returns the number of the replay attempt.
   * @throws ServiceError 404 `webhook_delivery_not_found` (also for another owner's delivery), 409
   *   `webhook_delivery_pending` while attempts are still scheduled.
   */
  async reopen(id: string, owner: WebhookOwner | undefined, secret: string | undefined): Promise<number> {
    const row = isServiceId("whd", id)
      ? await this.prisma.webhookDelivery.findFirst({ where: { id } })
      : null;
    if (!row || (owner && (row.ownerKind !== owner.kind || row.ownerId !== owner.id)))
      throw fail("webhook_delivery_not_found", `no webhook delivery ${id}`);
    const now = new Date();
    const moved = await this.prisma.webhookDelivery.updateMany({
      where: { id, status: { not: "pending" }, attemptCount: row.attemptCount },
      data: {
        status: "pending",
        failureReason: null,
        completedAt: null,
        nextAttemptAt: now,
        updatedAt: now,
        ...(secret === undefined ? {} : { secret }),
      },
    });
    if (moved.count === 0)
      throw fail(
        "webhook_delivery_pending",
        `webhook delivery ${id} still has an attempt scheduled; replay it once it has succeeded or failed`,
      );
    return row.attemptCount + 1;
  }

  /** One delivery with its attempts, or null (also when it belongs to another owner). */
  async get(id: string, owner?: WebhookOwner): Promise<WebhookDeliveryView | null> {
    if (!isServiceId("whd", id)) return null;
    const row = await this.prisma.webhookDelivery.findFirst({
      where: { id },
      include: { attempts: { orderBy: { attempt: "asc" } } },
    });
    if (!row || (owner && (row.ownerKind !== owner.kind || row.ownerId !== owner.id))) return null;
    return toView(row);
  }

  /**
   * The owner's deliveries, newest first, keyset-paginated on (createdAt, id) along the owner index.
   * @param limit 1–100 (default 20).
   * @throws ServiceError 400 `invalid_cursor` for a cursor not issued by this listing for this owner.
   */
  async list(input: {
    owner: WebhookOwner;
    cursors: CursorCodec;
    cursor?: string | undefined;
    limit?: number | undefined;
  }): Promise<KeysetPage<WebhookDeliveryView>> {
    const limit = Math.min(100, Math.max(1, Math.trunc(input.limit ?? 20)));
    const scope = `webhooks.deliveries:${input.owner.kind}:${input.owner.id}`;
    const after = decodeKeysetCursor(input.cursors, scope, input.cursor);
    const rows = await this.prisma.webhookDelivery.findMany({
      where: {
        ownerKind: input.owner.kind,
        ownerId: input.owner.id,
        ...(after
          ? {
              OR: [{ createdAt: { lt: after.at } }, { createdAt: after.at, id: { lt: after.id } }],
            }
          : {}),
      },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: limit + 1,
      include: { attempts: { orderBy: { attempt: "asc" } } },
    });
    return keysetPage(rows.map(toView), limit, (last) =>
      input.cursors.encode(scope, { at: last.createdAt.toISOString(), id: last.id }),
    );
  }

  /** Deletes every delivery (and attempt) of an owner, e.g. when a monitor is deleted or a batch expires. */
  async deleteOwned(owner: WebhookOwner): Promise<number> {
    const { count } = await this.prisma.webhookDelivery.deleteMany({
      where: { ownerKind: owner.kind, ownerId: owner.id },
    });
    return count;
  }
}

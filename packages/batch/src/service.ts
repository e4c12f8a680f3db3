import { type CursorCodec, cursorParam, enumParam, limitParam, parseParams } from "@sda/contract";
import { assertStorableBody, isServiceId, newId, ServiceError } from "@sda/core";
import {
  type IdempotencyRecord,
  type IdempotencyRef,
  idempotencyKeyOf,
  insufficientCredits,
  type Ledger,
} from "@sda/ledger";
import { generateWebhookSecret, validateWebhookUrl } from "@sda/webhooks";
import { z } from "zod";
import { batchEnv } from "./env.ts";
import { fail } from "./errors.ts";
import { type BatchExportFormat, exportChunk } from "./export.ts";
import { type PreparedBatch, prepareBatch, requestHash } from "./prepare.ts";
import type { BatchRuntime } from "./runtime.ts";
import type { BatchRow, NewBatch } from "./store.ts";
import { type BatchItemView, type BatchSummary, batchItemView, batchSummary, batchUrls } from "./views.ts";

/** Query of `GET /v1/batch/{id}/results`. */
export const batchResultsQuery = z.object({
  cursor: cursorParam,
  limit: limitParam(100, 1000),
  status: enumParam(["succeeded", "failed"]),
  /** `json` (default): this paged JSON; `jsonl`, `csv`: the whole batch as one download ({@link BatchService.export}). */
  format: enumParam(["json", "jsonl", "csv"]),
});

/** Items read per query while a download is written. */
const EXPORT_PAGE = 500;

/** Query of `GET /v1/batches`. */
export const batchListQuery = z.object({ cursor: cursorParam, limit: limitParam(20, 100) });

/** The 202 body of `POST /v1/batch` (stored, and answered again to an idempotent resubmission). */
export interface SubmitResponse {
  batchId: string;
  status: "queued";
  total: number;
  estimatedMaxCredits: number | null;
  label: string | null;
  pollUrl: string;
  resultsUrl: string;
  createdAt: string;
  expiresAt: string;
  webhookUrl?: string;
  /** `whsec_…`: verify the completion webhook with it (Standard Webhooks). Shown in this answer only. */
  webhookSecret?: string;
}

/**
 * Who reads: an API key (its own batches, as the API answers: another key of the same account gets 404) or, without
 * `keyId`, a person signed in to the dashboard (every batch of the account).
 */
export interface BatchReader {
  accountId: string;
  keyId?: string;
}

/** Who submits: the authenticated key and its account. */
export interface BatchPrincipal extends BatchReader {
  keyId: string;
}

/** A page of a list: the SPEC §2.2 pagination fields. */
export interface Page<T> {
  items: T[];
  totalReturned: number;
  nextCursor: string | null;
  hasMore: boolean;
}

/**
 * The Batch API behind the gateway's routes: submit (validation, idempotency, the 402 floor, storage, first
 * dispatch), status, results, list and cancel — every read scoped to the submitting key (another key: 404
 * `batch_not_found`) and to the retention (`batch_expired`).
 */
export class BatchService {
  constructor(
    private readonly runtime: BatchRuntime,
    private readonly ledger: Ledger,
    private readonly cursors: CursorCodec,
  ) {}

  /**
   * Validates and stores a batch, then starts dispatching it.
   * @param idempotencyKey the `Idempotency-Key` header: the same key with the same body within 24 h answers the
   *   stored 202 (`replayed: true`); with another body 422 `idempotency_key_reused`.
   * @throws ServiceError 400 (`invalid_parameter`, `parameter_out_of_range`, `invalid_batch_item`,
   *   `invalid_webhook_url`), 402 `insufficient_credits` (the available balance is below the cheapest paid item),
   *   422 `idempotency_key_reused`. Nothing is stored or billed then.
   */
  async submit(input: {
    principal: BatchPrincipal;
    body: unknown;
    idempotencyKey: string | null;
  }): Promise<{ replayed: boolean; data: SubmitResponse }> {
    const { principal, body } = input;
    const idempotencyKey = idempotencyKeyOf(input.idempotencyKey);
    const { store, registry, config } = this.runtime;
    const now = new Date();
    // Before the hash: a 5,000-level body overflowed its canonical JSON; a NUL cannot be stored (issue 21 #4).
    assertStorableBody(body);
    const hash = requestHash(body);
    // The one idempotency store (scope `batch`): a resubmission is answered before anything is validated again.
    const ref: IdempotencyRef | null = idempotencyKey
      ? { keyId: principal.keyId, key: idempotencyKey, scope: "batch" }
      : null;
    if (ref) {
      const earlier = await this.ledger.idempotency.find(ref, now);
      if (earlier) return replay(earlier, hash);
    }

    const prepared = prepareBatch(body, registry);
    const webhookUrl = prepared.webhookUrl
      ? await validateWebhookUrl(prepared.webhookUrl, this.runtime.webhookConfig)
      : null;
    await this.#requireFloor(principal.accountId, prepared);

    const batchId = newId("bat");
    const expiresAt = new Date(now.getTime() + batchEnv.of(config).BATCH_RESULT_TTL_DAYS * 86_400_000);
    const webhookSecret = webhookUrl ? generateWebhookSecret() : null;
    const data: SubmitResponse = {
      batchId,
      status: "queued",
      total: prepared.calls.length,
      estimatedMaxCredits: prepared.estimatedMaxCredits,
      label: prepared.label,
      ...batchUrls(batchId),
      createdAt: now.toISOString(),
      expiresAt: expiresAt.toISOString(),
      ...(webhookUrl && webhookSecret ? { webhookUrl, webhookSecret } : {}),
    };
    const batch: NewBatch = {
      id: batchId,
      accountId: principal.accountId,
      keyId: principal.keyId,
      label: prepared.label,
      estimatedMaxCredits: prepared.estimatedMaxCredits,
      webhookUrl,
      webhookSecret,
      createdAt: now,
      expiresAt,
      calls: prepared.calls.map((c) => ({ ...c, requestId: newId("req") })),
    };
    if (ref) {
      // The key's row (with the 202 to answer again) and the batch in one transaction: of concurrent submissions
      // with the key exactly one stores a batch, the others answer its 202.
      const claim = await this.ledger.idempotency.claimWith(
        ref,
        { requestHash: hash, batchId, answer: data },
        (tx) => store.create(batch, tx),
        now,
      );
      if (!claim.claimed) return replay(claim.earlier, hash);
    } else await store.create(batch);
    await this.runtime.dispatchQuietly(principal.accountId);
    return { replayed: false, data };
  }

  /** @throws ServiceError 404 `batch_not_found` / `batch_expired`. */
  async get(principal: BatchReader, batchId: string): Promise<BatchSummary> {
    return batchSummary(await this.#owned(principal, batchId));
  }

  /**
   * Items in submission order, optionally only `succeeded` or `failed` ones.
   * @throws ServiceError 404 `batch_not_found` / `batch_expired`; 400 for a bad `limit`/`status`, `invalid_cursor`
   *   for a cursor of another batch or filter.
   */
  async results(
    principal: BatchReader,
    batchId: string,
    raw: Record<string, unknown>,
  ): Promise<Page<BatchItemView> & { batchId: string; status: BatchSummary["status"] }> {
    const query = parseParams(batchResultsQuery, raw);
    const batch = await this.#owned(principal, batchId);
    const status = query.status ?? null;
    let afterIndex = -1;
    if (query.cursor) {
      const c = this.cursors.decode<{ b?: unknown; i?: unknown; s?: unknown }>("batch.results", query.cursor);
      if (c.b !== batchId || c.s !== status || typeof c.i !== "number") throw invalidCursor();
      afterIndex = c.i;
    }
    const rows = await this.runtime.store.items(batchId, {
      afterIndex,
      limit: query.limit + 1,
      ...(status ? { status } : {}),
    });
    const page = rows.slice(0, query.limit);
    const hasMore = rows.length > query.limit;
    const last = page.at(-1);
    return {
      batchId,
      status: batch.status,
      items: page.map(batchItemView),
      totalReturned: page.length,
      nextCursor:
        hasMore && last
          ? this.cursors.encode("batch.results", { b: batchId, i: last.index, s: status })
          : null,
      hasMore,
    };
  }

  /** The key's batches, newest first (expired ones left out). */
  async list(principal: BatchReader, raw: Record<string, unknown>): Promise<Page<BatchSummary>> {
    const query = parseParams(batchListQuery, raw);
    let after: { createdAt: Date; id: string } | undefined;
    if (query.cursor) {
      const c = this.cursors.decode<{ t?: unknown; id?: unknown }>("batch.list", query.cursor);
      const createdAt = typeof c.t === "string" ? new Date(c.t) : null;
      if (!createdAt || Number.isNaN(createdAt.getTime()) || typeof c.id !== "string") throw invalidCursor();
      after = { createdAt, id: c.id };
    }
    const rows = await this.runtime.store.list(principal, {
      now: new Date(),
      limit: query.limit + 1,
      after,
    });
    const page = rows.slice(0, query.limit);
    const hasMore = rows.length > query.limit;
    const last = page.at(-1);
    return {
      items: page.map(batchSummary),
      totalReturned: page.length,
      nextCursor:
        hasMore && last
          ? this.cursors.encode("batch.list", { t: last.createdAt.toISOString(), id: last.id })
          : null,
      hasMore,
    };
  }

  /**
   * Cancels the items no worker has started; started ones finish and bill normally. Cancelling a finished batch
   * changes nothing. @throws ServiceError 404 `batch_not_found` / `batch_expired`.
   */
  async cancel(principal: BatchReader, batchId: string): Promise<BatchSummary> {
    await this.#owned(principal, batchId);
    const batch = await this.runtime.store.cancel(batchId, new Date());
    if (!batch) throw notFound(batchId);
    if (batch.completedAt) await this.runtime.completion.notify(batch.id);
    return batchSummary(batch);
  }

  /**
   * The whole batch (or only its `succeeded` / `failed` items) as one download, in submission order. Everything that
   * can be refused is refused before the first chunk (so an error is still an envelope): the query, the batch's
   * owner and retention. The items are then read {@link EXPORT_PAGE} at a time as the chunks are consumed.
   * @returns the batch, the format, and the text chunks (JSON lines, or CSV with its header row first).
   * @throws ServiceError 400 `invalid_parameter` for `cursor` or `limit` (a download is the whole batch) and the
   *   query's own 400s, 404 `batch_not_found` / `batch_expired`.
   */
  async export(
    principal: BatchReader,
    batchId: string,
    raw: Record<string, unknown>,
  ): Promise<{ batch: BatchSummary; format: BatchExportFormat; chunks: AsyncIterable<string> }> {
    const query = parseParams(batchResultsQuery, raw);
    if (query.format !== "jsonl" && query.format !== "csv")
      throw new ServiceError("invalid_enum_value", "a download is format=jsonl or format=csv", {
        details: { param: "format", allowed: ["jsonl", "csv"] },
      });
    const format: BatchExportFormat = query.format;
    // Empty values count as absent, as everywhere.
    for (const param of ["cursor", "limit"] as const)
      if (raw[param] !== undefined && raw[param] !== "")
        throw new ServiceError(
          "invalid_parameter",
          `format=${format} downloads the whole batch; drop ${param}`,
          {
            details: { param },
          },
        );
    const batch = await this.#owned(principal, batchId);
    const store = this.runtime.store;
    const status = query.status;
    async function* chunks(): AsyncGenerator<string> {
      let afterIndex = -1;
      let header = true;
      for (;;) {
        const rows = await store.items(batchId, {
          afterIndex,
          limit: EXPORT_PAGE,
          ...(status ? { status } : {}),
        });
        if (rows.length > 0 || header) yield exportChunk(format, rows.map(batchItemView), header);
        header = false;
        const last = rows.at(-1);
        if (!last || rows.length < EXPORT_PAGE) return;
        afterIndex = last.index;
      }
    }
    return { batch: batchSummary(batch), format, chunks: chunks() };
  }

  async #owned(principal: BatchReader, batchId: string): Promise<BatchRow> {
    const batch = isServiceId("bat", batchId) ? await this.runtime.store.get(batchId) : null;
    if (
      !batch ||
      batch.accountId !== principal.accountId ||
      (principal.keyId !== undefined && batch.keyId !== principal.keyId)
    )
      throw notFound(batchId);
    if (batch.expiresAt.getTime() <= Date.now())
      throw fail(
        "batch_expired",
        `batch ${batchId} expired at ${batch.expiresAt.toISOString()}; results are kept ${batchEnv.of(this.runtime.config).BATCH_RESULT_TTL_DAYS} days`,
        { details: { batchId, expiredAt: batch.expiresAt.toISOString() } },
      );
    return batch;
  }

  async #requireFloor(accountId: string, prepared: PreparedBatch): Promise<void> {
    if (prepared.cheapestHold === null) return;
    const credits = await this.ledger.credits(accountId);
    const available = credits?.available ?? 0;
    if (available < prepared.cheapestHold) throw insufficientCredits(prepared.cheapestHold, available);
  }
}

/** The stored 202 of the batch a key was first used for. @throws ServiceError 422 for another request. */
function replay(earlier: IdempotencyRecord, hash: string): { replayed: true; data: SubmitResponse } {
  if (earlier.requestHash !== hash)
    throw new ServiceError(
      "idempotency_key_reused",
      `this Idempotency-Key was used for another request (batch ${earlier.batchId}); use a new key for a new batch`,
      { details: { batchId: earlier.batchId } },
    );
  return { replayed: true, data: earlier.answer as SubmitResponse };
}

function notFound(batchId: string): ServiceError {
  return fail("batch_not_found", `no batch ${batchId} for this key`, { details: { batchId } });
}

function invalidCursor(): ServiceError {
  return new ServiceError(
    "invalid_cursor",
    "cursor is not a nextCursor of this list; start without a cursor",
    {
      details: { param: "cursor" },
    },
  );
}

import { describe, expect } from "vitest";
import {
  allResults,
  type BatchCall,
  chargedCredits,
  reservedCredits,
  waitForBatch,
} from "./support/batch.ts";
import { stackTest as baseStackTest } from "./support/fixtures.ts";
import { ledgerSum } from "./support/ledger.ts";
import { holdRepliesUntilReleased, send } from "./support/stack.ts";
import { usageOf } from "./support/usage.ts";

// The sweeper every 500 ms (default 5 s): the retention case waits for it to delete an expired batch's results.
const stackTest = baseStackTest.extend(
  "stackOptions",
  { scope: "file" },
  {
    ownDatabase: "batch",
    env: { BATCH_SWEEP_MS: "500" },
  },
);

const watch = (id: string) => `https://www.youtube.com/watch?v=${id}`;
const DETAILS = "/v1/videosite/video-details";

/** Distinct calls of the mixed batch: successes of every platform, platform 404s and an unrecorded video. */
const MIXED: BatchCall[] = [
  { path: "/v1/videosite/transcript", params: { url: watch("M4gD1WSo5mA") } },
  { path: "/v1/videosite/transcript", params: { url: watch("ud9d5cMDP_0") } },
  { path: "/v1/videosite/transcript", params: { url: "https://youtu.be/rCAS2eD-mcw", language: "fr" } },
  { path: "/v1/videosite/transcript", params: { url: watch("8VajtrESJzA") } },
  { path: "/v1/videosite/transcript", params: { url: watch("Fjg5lYqvzUs") } },
  { path: DETAILS, params: { url: watch("M4gD1WSo5mA") } },
  { path: DETAILS, params: { url: "https://youtu.be/ud9d5cMDP_0" } },
  { path: DETAILS, params: { url: watch("Unknown0000") } },
  { path: "/v1/videosite/comments", params: { url: watch("xaQJbozY_Is"), limit: 20 } },
  { path: "/v1/forumsite/post-details", params: { url: "haucpf" } },
  { path: "/v1/forumsite/subreddit-details", params: { url: "golang" } },
  { path: "/v1/forumsite/subreddit-posts", params: { url: "popular", limit: 5 } },
  { path: "/v1/photosite/channel-details", params: { url: "https://www.instagram.com/nasa/" } },
];

const asQuery = (params: BatchCall["params"]) =>
  Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));

describe("POST /v1/batch: a mixed batch", () => {
  stackTest(
    "200 mixed items reach completed; each item equals the same call made directly; creditsCharged equals the ledger",
    async ({ stack }) => {
      const direct = await stack.account(1000);
      const expected = [];
      for (const call of MIXED) {
        const r = await stack.get(call.path, direct.key, asQuery(call.params));
        expected.push({
          status: r.status,
          body: r.body,
          credits: Number(r.headers.get("x-service-credits")),
        });
      }

      const { key, accountId } = await stack.account(1000);
      const calls = Array.from({ length: 200 }, (_, i) => MIXED[i % MIXED.length] as BatchCall);
      const submitted = await send(stack, "POST", "/v1/batch", key, { calls, label: "mixed" });
      expect(submitted.status).toBe(202);
      const { batchId } = submitted.body.data;
      expect(submitted.body.data).toMatchObject({
        batchId: expect.stringMatching(/^bat_/),
        status: "queued",
        total: 200,
        label: "mixed",
        pollUrl: `/v1/batch/${batchId}`,
        resultsUrl: `/v1/batch/${batchId}/results`,
      });
      expect(submitted.body.data.estimatedMaxCredits).toBeGreaterThanOrEqual(200);

      const final = await waitForBatch(stack, key, batchId);
      const { items, pages } = await allResults(stack, key, batchId, { limit: "50" });
      expect(pages).toBe(4);
      expect(items.map((item) => item.index)).toEqual(calls.map((_, i) => i));
      for (const item of items) {
        const want = expected[item.index % MIXED.length];
        if (!want) throw new Error("no expectation");
        expect(item.path).toBe(MIXED[item.index % MIXED.length]?.path);
        expect(item.httpStatus, `item ${item.index}`).toBe(want.status);
        expect(item.credits, `item ${item.index}`).toBe(want.credits);
        if (want.status === 200) {
          expect(item.status).toBe("succeeded");
          expect(item.data, `item ${item.index}`).toEqual(want.body.data);
        } else {
          expect(item.status).toBe("failed");
          expect(item.error.code, `item ${item.index}`).toBe(want.body.error.code);
        }
      }
      const succeeded = items.filter((i) => i.status === "succeeded").length;
      expect(succeeded).toBeGreaterThan(100);
      expect(final).toMatchObject({
        status: "completed",
        total: 200,
        done: 200,
        succeeded,
        failed: 200 - succeeded,
        cancelled: 0,
      });
      const credits = items.reduce((sum, i) => sum + i.credits, 0);
      expect(final.creditsCharged).toBe(credits);
      expect(await chargedCredits(stack, accountId)).toBe(credits);
      expect(await stack.ledger.balance(accountId)).toBe(1000 - credits);
      expect(await ledgerSum(stack.ledger, accountId)).toBe(1000 - credits);
      expect(await reservedCredits(stack, accountId)).toBe(0);

      const failedOnly = await allResults(stack, key, batchId, { status: "failed", limit: "1000" });
      expect(failedOnly.items).toHaveLength(200 - succeeded);
      // One request-log row per item (written once, by the worker), filed under the batch; usage shows each with its
      // item's charge.
      const logs = await stack.prisma.requestLog.findMany({ where: { batchId } });
      expect(logs).toHaveLength(200);
      const usage = [...(await usageOf(stack, key)).values()].filter((row) => row.batchId === batchId);
      expect(usage).toHaveLength(200);
      expect(usage.reduce((sum, row) => sum + row.credits, 0)).toBe(credits);
    },
    180_000,
  );
});

describe("POST /v1/batch: refusals before anything is queued", () => {
  stackTest(
    "invalid items are listed by index with code and param; nothing is stored or billed",
    async ({ stack }) => {
      const { key, accountId } = await stack.account();
      const r = await send(stack, "POST", "/v1/batch", key, {
        calls: [
          { path: DETAILS, params: { url: watch("M4gD1WSo5mA") } },
          { path: DETAILS, params: {} },
          { path: "/v1/videosite/nope", params: {} },
          { path: "/v1/videosite/comments", params: { url: watch("xaQJbozY_Is"), limit: 9999 } },
          "not a call",
        ],
      });
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe("invalid_batch_item");
      expect(r.body.error.items).toEqual([
        { index: 1, code: "missing_parameter", param: "url", message: expect.any(String) },
        { index: 2, code: "route_not_found", param: "path", message: expect.any(String) },
        { index: 3, code: "parameter_out_of_range", param: "limit", message: expect.any(String) },
        { index: 4, code: "invalid_parameter", param: null, message: expect.any(String) },
      ]);
      expect((await stack.get("/v1/batches", key)).body.data.items).toEqual([]);
      expect(await stack.ledger.balance(accountId)).toBe(100);
    },
  );

  stackTest(
    "0 or 1,001 calls are 400 parameter_out_of_range; a body that is not JSON is 400",
    async ({ stack }) => {
      const { key } = await stack.account();
      const none = await send(stack, "POST", "/v1/batch", key, { calls: [] });
      expect(none.status).toBe(400);
      expect(none.body.error).toMatchObject({ code: "parameter_out_of_range", param: "calls" });
      const call = { path: DETAILS, params: { url: watch("M4gD1WSo5mA") } };
      const many = await send(stack, "POST", "/v1/batch", key, { calls: Array(1001).fill(call) });
      expect(many.status).toBe(400);
      expect(many.body.error.code).toBe("parameter_out_of_range");
      const garbage = await send(stack, "POST", "/v1/batch", key, "{calls: [");
      expect(garbage.status).toBe(400);
      expect(garbage.body.error).toMatchObject({ code: "invalid_parameter", param: "body" });
      const empty = await send(stack, "POST", "/v1/batch", key);
      expect(empty.status).toBe(400);
    },
  );

  stackTest(
    "402 insufficient_credits at submit when the available balance is below the cheapest item",
    async ({ stack }) => {
      const { key, accountId } = await stack.account(1);
      const r = await send(stack, "POST", "/v1/batch", key, {
        calls: [{ path: "/v1/videosite/comments", params: { url: watch("xaQJbozY_Is") } }],
      });
      expect(r.status).toBe(402);
      expect(r.body.error).toMatchObject({
        code: "insufficient_credits",
        requiredCredits: 2,
        availableCredits: 1,
      });
      expect(await stack.ledger.balance(accountId)).toBe(1);
    },
  );
});

describe("Idempotency-Key", () => {
  const body = { calls: [{ path: DETAILS, params: { url: watch("M4gD1WSo5mA") } }] };

  stackTest(
    "the same key and body answer the stored 202; another body is 422 idempotency_key_reused",
    async ({ stack }) => {
      const { key, accountId } = await stack.account();
      const headers = { "idempotency-key": "order-42" };
      const first = await send(stack, "POST", "/v1/batch", key, body, headers);
      expect(first.status).toBe(202);
      // Key order does not make another request.
      const again = await send(
        stack,
        "POST",
        "/v1/batch",
        key,
        { calls: [{ params: body.calls[0]?.params, path: DETAILS }] },
        headers,
      );
      expect(again.status).toBe(202);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      expect(again.body.data).toEqual(first.body.data);
      const other = await send(stack, "POST", "/v1/batch", key, { ...body, label: "other" }, headers);
      expect(other.status).toBe(422);
      expect(other.body.error).toMatchObject({
        code: "idempotency_key_reused",
        batchId: first.body.data.batchId,
      });
      await waitForBatch(stack, key, first.body.data.batchId);
      expect(await chargedCredits(stack, accountId)).toBe(1);
    },
  );

  stackTest("10 concurrent submissions with one key create one batch", async ({ stack }) => {
    const { key, accountId } = await stack.account();
    const headers = { "idempotency-key": "burst" };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => send(stack, "POST", "/v1/batch", key, body, headers)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(202));
    expect(new Set(answers.map((a) => a.body.data.batchId)).size).toBe(1);
    const batchId = answers[0]?.body.data.batchId as string;
    expect(await stack.prisma.batch.count({ where: { keyId: { not: "" }, accountId } })).toBe(1);
    await waitForBatch(stack, key, batchId);
    expect(await chargedCredits(stack, accountId)).toBe(1);
  });
});

describe("running out of credits mid-batch", () => {
  stackTest(
    "5 credits for 12 one-credit items: exactly 5 succeed, 7 fail insufficient_credits unbilled, balance 0",
    async ({ stack }) => {
      const { key, accountId } = await stack.account(5);
      const calls = Array.from({ length: 12 }, () => ({
        path: DETAILS,
        params: { url: watch("M4gD1WSo5mA") },
      }));
      const submitted = await send(stack, "POST", "/v1/batch", key, { calls });
      expect(submitted.status).toBe(202);
      const final = await waitForBatch(stack, key, submitted.body.data.batchId);
      expect(final).toMatchObject({ status: "completed", succeeded: 5, failed: 7, creditsCharged: 5 });
      const { items } = await allResults(stack, key, submitted.body.data.batchId, { status: "failed" });
      for (const item of items) {
        expect(item).toMatchObject({ httpStatus: 402, credits: 0 });
        expect(item.error.code).toBe("insufficient_credits");
      }
      expect(await stack.ledger.balance(accountId)).toBe(0);
      expect(await ledgerSum(stack.ledger, accountId)).toBe(0);
      expect(await reservedCredits(stack, accountId)).toBe(0);
    },
  );
});

describe("cancel, fairness, ownership, listing, expiry", () => {
  stackTest(
    "DELETE mid-run: the 4 started items finish and bill, the other 16 end cancelled with 0 credits",
    async ({ stack }) => {
      const { key, accountId } = await stack.account();
      // Hold the player so the first claimed items are certainly in flight when the cancel arrives.
      const release = holdRepliesUntilReleased(stack, "/youtubei/v1/player");
      const calls = Array.from({ length: 20 }, () => ({
        path: DETAILS,
        params: { url: watch("M4gD1WSo5mA") },
      }));
      const submitted = await send(stack, "POST", "/v1/batch", key, { calls });
      const { batchId } = submitted.body.data;
      const running = await stack.prisma.batchItem.count({ where: { batchId, status: "running" } });
      expect(running).toBe(4); // BATCH_MAX_RUNNING_PER_ACCOUNT
      const cancelled = await send(stack, "DELETE", `/v1/batch/${batchId}`, key);
      release();
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.data).toMatchObject({ status: "cancelled", cancelled: 16 });
      const final = await waitForBatch(stack, key, batchId);
      expect(final).toMatchObject({ status: "cancelled", done: 20, succeeded: 4, failed: 0, cancelled: 16 });
      expect(final.creditsCharged).toBe(4);
      expect(await chargedCredits(stack, accountId)).toBe(4);
      const { items } = await allResults(stack, key, batchId);
      expect(items.filter((i) => i.status === "cancelled").every((i) => i.credits === 0)).toBe(true);
      expect(await reservedCredits(stack, accountId)).toBe(0);
      const again = await send(stack, "DELETE", `/v1/batch/${batchId}`, key);
      expect(again.body.data).toMatchObject({ status: "cancelled", cancelled: 16, succeeded: 4 });
    },
    60_000,
  );

  stackTest(
    "two batches of one account share its cap; batch jobs carry a lower priority than direct calls",
    async ({ stack }) => {
      const { key } = await stack.account();
      const release = holdRepliesUntilReleased(stack, "/youtubei/v1/player");
      const calls = Array.from({ length: 6 }, () => ({
        path: DETAILS,
        params: { url: watch("M4gD1WSo5mA") },
      }));
      const a = await send(stack, "POST", "/v1/batch", key, { calls });
      const b = await send(stack, "POST", "/v1/batch", key, { calls });
      const ids = [a.body.data.batchId, b.body.data.batchId];
      const running = await stack.prisma.batchItem.findMany({
        where: { batchId: { in: ids }, status: "running" },
      });
      const job = await stack.gateway.deps.bridge.queue("videosite").getJob(running[0]?.requestId ?? "");
      release();
      expect(running).toHaveLength(4);
      // Oldest batch first.
      expect(running.every((i) => i.batchId === ids[0])).toBe(true);
      expect(job?.opts.priority).toBeGreaterThan(0);
      for (const id of ids) expect((await waitForBatch(stack, key, id)).succeeded).toBe(6);
    },
    60_000,
  );

  stackTest("another key of the same account gets 404 batch_not_found on every route", async ({ stack }) => {
    const owner = await stack.account();
    const other = await stack.ledger.createApiKey(owner.accountId);
    const submitted = await send(stack, "POST", "/v1/batch", owner.key, {
      calls: [{ path: DETAILS, params: { url: watch("M4gD1WSo5mA") } }],
    });
    const { batchId } = submitted.body.data;
    for (const r of [
      await stack.get(`/v1/batch/${batchId}`, other.secret),
      await stack.get(`/v1/batch/${batchId}/results`, other.secret),
      await send(stack, "DELETE", `/v1/batch/${batchId}`, other.secret),
      await stack.get("/v1/batch/bat_0000000000000000", owner.key),
      await stack.get("/v1/batch/not-an-id", owner.key),
    ]) {
      expect(r.status).toBe(404);
      expect(r.body.error.code).toBe("batch_not_found");
    }
    expect((await stack.get("/v1/batches", other.secret)).body.data.items).toEqual([]);
    await waitForBatch(stack, owner.key, batchId);
  });

  stackTest("GET /v1/batches pages the key's batches newest first", async ({ stack }) => {
    const { key } = await stack.account();
    const ids: string[] = [];
    for (const label of ["one", "two", "three"]) {
      const r = await send(stack, "POST", "/v1/batch", key, {
        label,
        calls: [{ path: DETAILS, params: { url: watch("M4gD1WSo5mA") } }],
      });
      ids.push(r.body.data.batchId);
    }
    const first = await stack.get("/v1/batches", key, { limit: "2" });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ totalReturned: 2, hasMore: true });
    const second = await stack.get("/v1/batches", key, { limit: "2", cursor: first.body.data.nextCursor });
    expect(second.body.data).toMatchObject({ totalReturned: 1, hasMore: false, nextCursor: null });
    const listed = [...first.body.data.items, ...second.body.data.items].map((b) => b.batchId);
    expect(listed).toEqual([...ids].reverse());
    const bad = await stack.get("/v1/batches", key, { cursor: "forged.cursor" });
    expect(bad.body.error.code).toBe("invalid_cursor");
    for (const id of ids) await waitForBatch(stack, key, id);
  });

  stackTest(
    "a batch past its retention answers 404 batch_expired; the sweeper deletes its results",
    async ({ stack }) => {
      const { key } = await stack.account();
      const submitted = await send(stack, "POST", "/v1/batch", key, {
        calls: [{ path: DETAILS, params: { url: watch("M4gD1WSo5mA") } }],
      });
      const { batchId } = submitted.body.data;
      await waitForBatch(stack, key, batchId);
      // The retention passes (BATCH_RESULT_TTL_DAYS after submission): move the expiry instead of waiting 7 days.
      await stack.prisma.batch.update({
        where: { id: batchId },
        data: { expiresAt: new Date(Date.now() - 1000) },
      });
      for (const path of [`/v1/batch/${batchId}`, `/v1/batch/${batchId}/results`]) {
        const r = await stack.get(path, key);
        expect(r.status).toBe(404);
        expect(r.body.error.code).toBe("batch_expired");
      }
      expect((await stack.get("/v1/batches", key)).body.data.items).toEqual([]);
      await expect
        .poll(() => stack.prisma.batchItem.count({ where: { batchId } }), {
          timeout: 20_000,
          interval: 200,
        })
        .toBe(0);
    },
    30_000,
  );

  stackTest("the Batch routes are in /v1/openapi.json", async ({ stack }) => {
    const r = await stack.get("/v1/openapi.json", null);
    expect(Object.keys(r.body.paths)).toEqual(
      expect.arrayContaining([
        "/v1/batch",
        "/v1/batch/{batchId}",
        "/v1/batch/{batchId}/results",
        "/v1/batches",
      ]),
    );
    expect(r.body.paths["/v1/batch"].post.tags).toEqual(["Batch"]);
    expect(r.body.paths["/v1/batch/{batchId}"].delete).toBeDefined();
  });
});

describe("the result cache", () => {
  stackTest(
    "an item with cache=true is served from the cache like the direct call: HIT, 0 credits",
    async ({ stack }) => {
      const direct = await stack.account();
      const params = { url: watch("ud9d5cMDP_0"), cache: "true" };
      const first = await stack.get(DETAILS, direct.key, params);
      expect(first.status).toBe(200);
      const hit = await stack.get(DETAILS, direct.key, params);
      expect(hit.headers.get("x-service-cache")).toBe("HIT");

      const { key, accountId } = await stack.account();
      const submitted = await send(stack, "POST", "/v1/batch", key, {
        calls: [
          { path: DETAILS, params: { url: watch("ud9d5cMDP_0"), cache: true } },
          { path: DETAILS, params: { url: watch("ud9d5cMDP_0") } },
        ],
      });
      const final = await waitForBatch(stack, key, submitted.body.data.batchId);
      const { items } = await allResults(stack, key, submitted.body.data.batchId);
      expect(items[0]).toMatchObject({ status: "succeeded", cache: "HIT", credits: 0 });
      expect(items[0].data).toEqual(hit.body.data);
      expect(items[1]).toMatchObject({ status: "succeeded", cache: "BYPASS", credits: 1 });
      expect(final.creditsCharged).toBe(1);
      expect(await chargedCredits(stack, accountId)).toBe(1);
    },
  );
});

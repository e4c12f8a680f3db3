import { newId } from "@sda/core";
import { describe, expect } from "vitest";
import { stackTest } from "./support/fixtures.ts";
import { ledgerSum } from "./support/ledger.ts";
import type { Stack } from "./support/stack.ts";

const VIDEO = "https://www.youtube.com/watch?v=M4gD1WSo5mA";

/**
 * Calls as the two records hold them: request-log rows written through the ledger's own logging call (what the
 * answering process writes after each call), and for each successful one its charge of 1 credit (what the worker's
 * settle writes), at the call's time.
 */
async function logCalls(
  stack: Stack,
  accountId: string,
  count: number,
  base: Date,
  operation = "videosite.video-details",
) {
  for (let i = 0; i < count; i++) {
    const id = newId("req");
    if (i % 3 !== 0)
      await stack.ledger.settle({
        accountId,
        requestId: id,
        credits: 1,
        operation,
        calledAt: new Date(base.getTime() + i * 1000),
      });
    await stack.ledger.logRequest({
      id,
      accountId,
      keyId: null,
      operation,
      method: "GET",
      path: `/v1/${operation.replace(".", "/")}`,
      params: { n: i },
      status: i % 3 === 0 ? 404 : 200,
      errorCode: i % 3 === 0 ? "video_unavailable" : null,
      cache: "BYPASS",
      source: "test",
      durationMs: 5,
      jobId: null,
    });
  }
  // Spread the rows over distinct instants (newest = highest index) so the order is defined.
  const rows = await stack.prisma.requestLog.findMany({ where: { accountId, operation } });
  for (const row of rows) {
    const n = (row.params as { n: number }).n;
    await stack.prisma.requestLog.update({
      where: { id: row.id },
      data: { createdAt: new Date(base.getTime() + n * 1000) },
    });
  }
}

describe("GET /v1/account", () => {
  stackTest(
    "answers the account, the free plan, the balance and the last 24 h usage, free of charge",
    async ({ stack }) => {
      const { key, accountId } = await stack.account(100);
      const call = await stack.get("/v1/videosite/video-details", key, { url: VIDEO });
      expect(call.status).toBe(200);
      const credits = Number(call.headers.get("x-service-credits"));
      await expect
        .poll(async () => stack.prisma.requestLog.count({ where: { accountId } }))
        .toBeGreaterThanOrEqual(1);
      const response = await stack.get("/v1/account", key);
      expect(response.status).toBe(200);
      expect(response.headers.get("x-service-credits")).toBe("0");
      expect(response.body.data).toMatchObject({
        accountId,
        email: null,
        balance: 100 - credits,
        plan: {
          name: "free",
          rateLimitPerSecond: 100,
          maxConcurrentBatchItems: 4,
          maxMonitors: 5,
          minMonitorInterval: 300,
        },
        usage24h: { calls: 1, credits },
      });
      expect(new Date(response.body.data.createdAt).getTime()).not.toBeNaN();
    },
  );

  stackTest("needs a key and answers only GET", async ({ stack }) => {
    expect((await stack.get("/v1/account", null)).body.error.code).toBe("missing_api_key");
    const { key } = await stack.account();
    const post = await fetch(new URL("/v1/account", stack.gateway.url), {
      method: "POST",
      headers: { authorization: `Bearer ${key}` },
    });
    expect(post.status).toBe(405);
  });
});

describe("GET /v1/account/usage", () => {
  stackTest(
    "pages the request log newest first with a signed cursor, without gaps or repeats",
    async ({ stack }) => {
      const { key, accountId } = await stack.account();
      await logCalls(stack, accountId, 7, new Date("2026-01-01T00:00:00Z"));
      const seen: number[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 5; page++) {
        const response = await stack.get("/v1/account/usage", key, {
          limit: "3",
          operation: "videosite.video-details",
          ...(cursor ? { cursor } : {}),
        });
        expect(response.status).toBe(200);
        const { requests, nextCursor, hasMore, totalReturned } = response.body.data;
        expect(totalReturned).toBe(requests.length);
        for (const r of requests) {
          seen.push(r.params.n);
          // Each call's credits are its charge's.
          expect(r.credits, `call ${r.params.n}`).toBe(r.params.n % 3 === 0 ? 0 : 1);
        }
        expect(requests[0]).toHaveProperty("batchId", null);
        expect(requests[0]).toHaveProperty("monitorId", null);
        expect(requests[0].requestId).toMatch(/^req_/);
        if (!hasMore) {
          expect(nextCursor).toBeNull();
          break;
        }
        cursor = nextCursor;
      }
      expect(seen).toEqual([6, 5, 4, 3, 2, 1, 0]);
    },
  );

  stackTest("filters by date range and status", async ({ stack }) => {
    const { key, accountId } = await stack.account();
    await logCalls(stack, accountId, 6, new Date("2026-02-01T00:00:00Z"));
    const errors = await stack.get("/v1/account/usage", key, { status: "error" });
    expect(errors.body.data.requests.map((r: { params: { n: number } }) => r.params.n)).toEqual([3, 0]);
    const ok = await stack.get("/v1/account/usage", key, {
      status: "200",
      operation: "videosite.video-details",
    });
    expect(ok.body.data.requests).toHaveLength(4);
    const range = await stack.get("/v1/account/usage", key, {
      from: "2026-02-01T00:00:02Z",
      to: "2026-02-01T00:00:04Z",
    });
    expect(range.body.data.requests.map((r: { params: { n: number } }) => r.params.n)).toEqual([3, 2]);
    const day = await stack.get("/v1/account/usage", key, { from: "2026-02-01", to: "2026-02-01" });
    expect(day.body.data.requests).toHaveLength(6);
  });

  stackTest("never shows another account's calls", async ({ stack }) => {
    const a = await stack.account();
    const b = await stack.account();
    await logCalls(stack, a.accountId, 3, new Date("2026-03-01T00:00:00Z"));
    const response = await stack.get("/v1/account/usage", b.key);
    expect(response.body.data.requests).toEqual([]);
    expect(response.body.data.hasMore).toBe(false);
  });

  stackTest("answers 400 in the envelope for every bad parameter", async ({ stack }) => {
    const { key } = await stack.account();
    const cases: [Record<string, string>, string, string][] = [
      [{ limit: "0" }, "parameter_out_of_range", "limit"],
      [{ limit: "201" }, "parameter_out_of_range", "limit"],
      [{ limit: "x" }, "invalid_parameter", "limit"],
      [{ from: "yesterday" }, "invalid_parameter", "from"],
      [{ to: "2026-13-45" }, "invalid_parameter", "to"],
      [{ from: "2026-02-02", to: "2026-02-01T00:00:00Z" }, "invalid_parameter", "to"],
      [{ status: "maybe" }, "invalid_parameter", "status"],
      [{ operation: "a b" }, "invalid_parameter", "operation"],
      [{ cursor: "not-a-cursor" }, "invalid_cursor", "cursor"],
      [{ unknown: "1" }, "invalid_parameter", "query"],
    ];
    for (const [query, code, param] of cases) {
      const response = await stack.get("/v1/account/usage", key, query);
      expect(response.status, JSON.stringify(query)).toBe(400);
      expect(response.body.success).toBe(false);
      expect(response.body.error, JSON.stringify(query)).toMatchObject({ code, param });
    }
  });

  stackTest("refuses a cursor reused with other filters, and a ledger cursor", async ({ stack }) => {
    const { key, accountId } = await stack.account();
    await logCalls(stack, accountId, 4, new Date("2026-04-01T00:00:00Z"));
    const first = await stack.get("/v1/account/usage", key, { limit: "2" });
    const cursor = first.body.data.nextCursor as string;
    const other = await stack.get("/v1/account/usage", key, { limit: "2", status: "error", cursor });
    expect(other.body.error.code).toBe("invalid_cursor");
    const ledger = await stack.get("/v1/account/ledger", key, { cursor });
    expect(ledger.body.error.code).toBe("invalid_cursor");
  });
});

describe("GET /v1/account/usage/daily", () => {
  stackTest("sums calls, successes and credits per UTC day and operation", async ({ stack }) => {
    const { key, accountId } = await stack.account();
    const today = new Date();
    const midnight = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
    await logCalls(stack, accountId, 6, midnight);
    const response = await stack.get("/v1/account/usage/daily", key, { days: "7" });
    expect(response.status).toBe(200);
    expect(response.body.data.usage).toEqual([
      {
        day: midnight.toISOString().slice(0, 10),
        operation: "videosite.video-details",
        calls: 6,
        succeeded: 4,
        credits: 4,
      },
    ]);
    const other = await stack.account();
    expect((await stack.get("/v1/account/usage/daily", other.key)).body.data.usage).toEqual([]);
  });

  stackTest("validates days", async ({ stack }) => {
    const { key } = await stack.account();
    for (const days of ["0", "367", "abc"]) {
      const response = await stack.get("/v1/account/usage/daily", key, { days });
      expect(response.status).toBe(400);
      expect(response.body.error.param).toBe("days");
    }
  });
});

describe("GET /v1/account/ledger", () => {
  stackTest(
    "pages the entries newest first with balanceAfter; their sum is the balance",
    async ({ stack }) => {
      const { key, accountId } = await stack.account(100);
      for (let i = 1; i <= 4; i++) await stack.ledger.grant(accountId, i, `top-up ${i}`);
      const first = await stack.get("/v1/account/ledger", key, { limit: "3" });
      expect(first.status).toBe(200);
      expect(first.body.data.balance).toBe(110);
      const second = await stack.get("/v1/account/ledger", key, {
        limit: "3",
        cursor: first.body.data.nextCursor,
      });
      const entries = [...first.body.data.entries, ...second.body.data.entries];
      expect(second.body.data.hasMore).toBe(false);
      // Entries written within one millisecond have no defined order between them; the set and the order of times do.
      const times = entries.map((e: { createdAt: string }) => Date.parse(e.createdAt));
      expect(times).toEqual([...times].sort((x, y) => y - x));
      expect(
        entries.map((e: { balanceAfter: number }) => e.balanceAfter).sort((x: number, y: number) => y - x),
      ).toEqual([110, 106, 103, 101, 100]);
      expect(entries.reduce((sum: number, e: { amount: number }) => sum + e.amount, 0)).toBe(110);
      expect(await ledgerSum(stack.ledger, accountId)).toBe(110);
      const other = await stack.account(5);
      const theirs = await stack.get("/v1/account/ledger", other.key);
      expect(theirs.body.data.entries).toHaveLength(1);
      expect(theirs.body.data.entries[0]).toMatchObject({ amount: 5, balanceAfter: 5, kind: "grant" });
    },
  );
});

describe("OpenAPI", () => {
  stackTest("documents the Account group with its query parameters", async ({ stack }) => {
    const doc = (await stack.get("/v1/openapi.json", null)).body;
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/v1/account",
        "/v1/account/usage",
        "/v1/account/usage/daily",
        "/v1/account/ledger",
      ]),
    );
    const names = doc.paths["/v1/account/usage"].get.parameters.map((p: { name: string }) => p.name);
    expect(names).toEqual(["from", "to", "operation", "status", "cursor", "limit"]);
  });
});

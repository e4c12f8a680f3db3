import { describe, expect } from "vitest";
import { stackTest } from "./support/fixtures.ts";
import { holdReplies, startStackGateway } from "./support/stack.ts";
import { usageOf } from "./support/usage.ts";

// The request log is written in batches off the request's path (issue 9, performance): never lost on a graceful
// shutdown, bounded while PostgreSQL is away, and a call answered 202 keeps its 202 row (no row is updated: issue 33)
// while usage shows its charge.
const test = stackTest.extend(
  "stackOptions",
  { scope: "file" },
  { env: { REQUEST_DEADLINE_MS: "300" }, replayFaults: [holdReplies("/api/timedtext", 1500)] },
);

/** A free call that reads no usage (so it does not write the buffer first): the account's ledger page. */
async function callAccount(url: string, key: string): Promise<string> {
  const response = await fetch(new URL("/v1/account/ledger", url), {
    headers: { authorization: `Bearer ${key}` },
  });
  expect(response.status).toBe(200);
  return response.headers.get("x-service-request-id") ?? "";
}

describe("batched request log", () => {
  test("rows buffered at shutdown are written by close(), none lost", async ({ stack }) => {
    const gateway = await startStackGateway(stack, {
      REQUEST_LOG_FLUSH_MS: "600000",
      REQUEST_LOG_BATCH_SIZE: "1000",
    });
    const { key } = await stack.account();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push(await callAccount(gateway.url, key));
    expect(gateway.deps.requestLog.pending).toBe(3);
    expect(await stack.prisma.requestLog.count({ where: { id: { in: ids } } })).toBe(0);
    await gateway.close();
    expect(await stack.prisma.requestLog.count({ where: { id: { in: ids } } })).toBe(3);
  });

  test("usage is true: each row has its call's own time, and the account's usage reads show a call made just before", async ({
    stack,
  }) => {
    // A flush interval no test waits for: only the read-your-own-writes flush can make the rows visible.
    const gateway = await startStackGateway(stack, {
      REQUEST_LOG_FLUSH_MS: "600000",
      REQUEST_LOG_BATCH_SIZE: "1000",
    });
    try {
      const { key } = await stack.account();
      const first = await callAccount(gateway.url, key);
      const between = new Date();
      const second = await callAccount(gateway.url, key);
      expect(gateway.deps.requestLog.pending).toBe(2);
      const usage = await fetch(new URL("/v1/account/usage", gateway.url), {
        headers: { authorization: `Bearer ${key}` },
      });
      expect(usage.status).toBe(200);
      const { data } = (await usage.json()) as {
        data: { requests: { requestId: string; createdAt: string }[] };
      };
      // Newest first, each at its own call time (both rows were written by one batch, after both calls).
      expect(data.requests.map((r) => r.requestId)).toEqual([second, first]);
      const [secondAt, firstAt] = data.requests.map((r) => new Date(r.createdAt).getTime());
      expect(firstAt).toBeLessThanOrEqual(between.getTime());
      expect(secondAt).toBeGreaterThanOrEqual(between.getTime());
      // GET /v1/account's 24-hour usage (the minute rollup) counts them too: the two calls and the usage read.
      const account = await fetch(new URL("/v1/account", gateway.url), {
        headers: { authorization: `Bearer ${key}` },
      });
      const body = (await account.json()) as { data: { usage24h: { calls: number } } };
      expect(body.data.usage24h.calls).toBe(3);
      const daily = await fetch(new URL("/v1/account/usage/daily", gateway.url), {
        headers: { authorization: `Bearer ${key}` },
      });
      const days = (await daily.json()) as {
        data: { usage: { day: string; operation: string; calls: number }[] };
      };
      const today = new Date().toISOString().slice(0, 10);
      expect(days.data.usage.filter((u) => u.day === today).reduce((n, u) => n + u.calls, 0)).toBe(4);
    } finally {
      await gateway.close();
    }
  });

  test("a full batch is written at once in one multi-row insert", async ({ stack }) => {
    const gateway = await startStackGateway(stack, {
      REQUEST_LOG_FLUSH_MS: "600000",
      REQUEST_LOG_BATCH_SIZE: "4",
    });
    try {
      const { key } = await stack.account();
      const ids: string[] = [];
      for (let i = 0; i < 4; i++) ids.push(await callAccount(gateway.url, key));
      await expect.poll(() => stack.prisma.requestLog.count({ where: { id: { in: ids } } })).toBe(4);
      expect(gateway.deps.requestLog.pending).toBe(0);
    } finally {
      await gateway.close();
    }
  });

  test("the buffer is bounded: past REQUEST_LOG_MAX_BUFFER rows are dropped and counted, never blocking a call", async ({
    stack,
  }) => {
    const gateway = await startStackGateway(stack, {
      REQUEST_LOG_FLUSH_MS: "600000",
      REQUEST_LOG_MAX_BUFFER: "2",
    });
    try {
      const { key } = await stack.account();
      for (let i = 0; i < 5; i++) await callAccount(gateway.url, key);
      expect(gateway.deps.requestLog.pending).toBe(2);
      expect(gateway.deps.requestLog.stats.dropped).toBe(3);
    } finally {
      await gateway.close();
    }
  });

  test("a call answered 202 keeps its 202 row (what was answered); usage shows its charge once its job finished", async ({
    stack,
  }) => {
    const { key, accountId } = await stack.account();
    const first = await stack.get("/v1/videosite/transcript", key, { url: "https://youtu.be/M4gD1WSo5mA" });
    expect(first.status).toBe(202);
    const requestId = first.headers.get("x-service-request-id") ?? "";
    let final = await stack.get(first.body.data.pollUrl, key);
    for (let i = 0; i < 60 && final.status === 202; i++) {
      await new Promise((r) => setTimeout(r, 100));
      final = await stack.get(first.body.data.pollUrl, key);
    }
    expect(final.status).toBe(200);
    await expect
      .poll(async () => {
        await stack.gateway.deps.requestLog.flush();
        return stack.prisma.requestLog.findUnique({ where: { id: requestId } });
      })
      .toMatchObject({ accountId, status: 202, errorCode: null });
    // The charge is the billing record: usage shows the call, still 202, with its credits.
    expect((await usageOf(stack, key)).get(requestId)).toMatchObject({ status: 202, credits: 1 });
  });
});

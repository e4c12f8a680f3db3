import { describe, expect } from "vitest";
import { stackTest } from "./support/fixtures.ts";
import { money } from "./support/ledger.ts";
import { expectPricedCalls, type PricedCall } from "./support/priced-calls.ts";

// One service for this file: the `stack` fixture (replay, gateway, in-process workers). newssite reaches the replay
// only through its catalog line (`NEWSSITE_ORIGIN` from `replayOrigins`); nothing here names its origin.

const V1 = "/v1/newssite";
const JSON_HEADERS = { "content-type": "application/json" };

describe("newssite operations over HTTP", () => {
  stackTest(
    "each of the six operations answers 200 with its price, source and X-Service headers",
    async ({ stack }) => {
      const { key, accountId } = await stack.account(100);
      const calls: PricedCall[] = [
        ["stories", { list: "top", limit: "3" }, 2, "firebase:list+items"],
        ["item-details", { url: "https://news.ycombinator.com/item?id=34114259" }, 1, "firebase:item"],
        ["item-comments", { url: "2396027", limit: "5" }, 2, "algolia:item"],
        ["user-details", { url: "https://news.ycombinator.com/user?id=jl" }, 1, "firebase:user"],
        ["search", { q: "apple", type: "story" }, 2, "algolia:search"],
        ["user-items", { handle: "pg", type: "comment", limit: "1" }, 2, "algolia:search_by_date"],
      ];
      const spent = await expectPricedCalls(stack, key, V1, calls);
      expect(await money(stack.ledger, accountId)).toEqual({
        balance: 100 - spent,
        sum: 100 - spent,
        reserved: 0,
      });
    },
  );

  stackTest("the answers carry the recorded data", async ({ stack }) => {
    const { key } = await stack.account(100);
    // The real top list was recorded with its first three items only (corpus README 5.7).
    const stories = await stack.get(`${V1}/stories`, key, { list: "top", limit: "3" });
    expect(stories.body.data.stories.map((s: { id: number }) => s.id)).toEqual([
      34115747, 34115632, 34109771,
    ]);
    expect(stories.body.data).toMatchObject({ list: "top", totalReturned: 3, hasMore: true });
    const job = await stack.get(`${V1}/item-details`, key, { url: "34116085" });
    expect(job.body.data).toMatchObject({ id: 34116085, type: "job", domain: "svix.com" });
    const user = await stack.get(`${V1}/user-details`, key, { handle: "jl" });
    expect(user.body.data).toMatchObject({ handle: "jl", karma: 2937, submittedCount: 256 });
    const items = await stack.get(`${V1}/user-items`, key, { handle: "pg", type: "comment", limit: "1" });
    expect(items.body.data.items[0]).toMatchObject({ id: 7494555, type: "comment", author: "pg" });
  });

  stackTest("an empty list is 200 with no stories and costs 0", async ({ stack }) => {
    const { key, accountId } = await stack.account(10);
    const remove = stack.replay.addFault({
      when: (r) => r.path === "/v0/jobstories.json",
      status: 200,
      body: "[]",
      headers: JSON_HEADERS,
    });
    try {
      const response = await stack.get(`${V1}/stories`, key, { list: "job" });
      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({
        stories: [],
        totalReturned: 0,
        hasMore: false,
        nextCursor: null,
      });
      expect(response.headers.get("x-service-credits")).toBe("0");
    } finally {
      remove();
    }
    expect(await money(stack.ledger, accountId)).toEqual({ balance: 10, sum: 10, reserved: 0 });
  });

  stackTest("the cursor continues the list exactly; each page is billed 2", async ({ stack }) => {
    const { key, accountId } = await stack.account(20);
    const pages: number[][] = [];
    let cursor: string | undefined;
    for (;;) {
      const response = await stack.get(`${V1}/stories`, key, {
        list: "new",
        limit: "2",
        ...(cursor ? { cursor } : {}),
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      pages.push(response.body.data.stories.map((s: { id: number }) => s.id));
      if (!response.body.data.hasMore) break;
      cursor = response.body.data.nextCursor;
    }
    expect(pages).toEqual([[34115747, 34115632], [34114259, 34110624], [34109771]]);
    expect(await money(stack.ledger, accountId)).toEqual({ balance: 14, sum: 14, reserved: 0 });
  });

  stackTest(
    "bad inputs: tampered cursor 400, unreadable URL 400, another site's URL 422, never billed",
    async ({ stack }) => {
      const { key, accountId } = await stack.account(10);
      const first = await stack.get(`${V1}/stories`, key, { list: "new", limit: "2" });
      const cursor: string = first.body.data.nextCursor;
      const tampered = `${cursor.slice(0, 5)}${cursor[5] === "A" ? "B" : "A"}${cursor.slice(6)}`;
      const bad = await stack.get(`${V1}/stories`, key, { list: "new", cursor: tampered });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toMatchObject({ code: "invalid_cursor", retryable: false });
      const otherList = await stack.get(`${V1}/stories`, key, { list: "best", cursor });
      expect(otherList.body.error.code).toBe("invalid_cursor");
      const unreadable = await stack.get(`${V1}/item-details`, key, {
        url: "news.ycombinator.com/item?id=abc",
      });
      expect(unreadable.status).toBe(400);
      expect(unreadable.body.error).toMatchObject({ code: "invalid_parameter", param: "url" });
      const other = await stack.get(`${V1}/item-details`, key, {
        url: "https://www.reddit.com/r/golang/comments/haucpf/",
      });
      expect(other.status).toBe(422);
      expect(other.body.error.code).toBe("unsupported_url");
      const list = await stack.get(`${V1}/stories`, key, { list: "hot" });
      expect(list.body.error).toMatchObject({ code: "invalid_enum_value", param: "list" });
      const missing = await stack.get(`${V1}/user-details`, key, {});
      expect(missing.body.error).toMatchObject({ code: "missing_parameter", param: "handle" });
      // The first page was billed; none of the refused calls was.
      expect(await money(stack.ledger, accountId)).toEqual({ balance: 8, sum: 8, reserved: 0 });
    },
  );

  stackTest("a missing item is 404 item_not_found, not retryable, not billed", async ({ stack }) => {
    const { key, accountId } = await stack.account(10);
    const remove = stack.replay.addFault({
      when: (r) => r.path === "/v0/item/1.json",
      status: 200,
      body: "null",
      headers: JSON_HEADERS,
    });
    try {
      const response = await stack.get(`${V1}/item-details`, key, { url: "1" });
      expect(response.status).toBe(404);
      expect(response.body.success).toBe(false);
      expect(response.body.error).toMatchObject({ code: "item_not_found", retryable: false });
    } finally {
      remove();
    }
    expect(await money(stack.ledger, accountId)).toEqual({ balance: 10, sum: 10, reserved: 0 });
  });

  stackTest(
    "Firebase's 401 permission denied is 502 upstream_error, not retryable, not billed",
    async ({ stack }) => {
      const { key, accountId } = await stack.account(10);
      const remove = stack.replay.addFault({
        when: (r) => r.path === "/v0/askstories.json",
        status: 401,
        body: JSON.stringify({ error: "Permission denied" }),
        headers: JSON_HEADERS,
      });
      try {
        const response = await stack.get(`${V1}/stories`, key, { list: "ask" });
        expect(response.status).toBe(502);
        expect(response.body.error).toMatchObject({ code: "upstream_error", retryable: false });
      } finally {
        remove();
      }
      expect(await money(stack.ledger, accountId)).toEqual({ balance: 10, sum: 10, reserved: 0 });
    },
  );

  stackTest(
    "cache=true: a miss is billed and stored, the hit is free, the same data, no upstream request",
    async ({ stack }) => {
      const { key, accountId } = await stack.account(10);
      const query = { url: "https://news.ycombinator.com/item?id=34110624", cache: "true" };
      const first = await stack.get(`${V1}/item-details`, key, query);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.headers.get("x-service-cache")).toBe("MISS");
      expect(first.headers.get("x-service-credits")).toBe("1");
      const hits = stack.replay.hits.length;
      // The cache key is made from the parsed params: the bare id names the same item.
      const second = await stack.get(`${V1}/item-details`, key, { url: "34110624", cache: "true" });
      expect(second.status).toBe(200);
      expect(second.headers.get("x-service-cache")).toBe("HIT");
      expect(second.headers.get("x-service-credits")).toBe("0");
      expect(second.body).toMatchObject({ cached: true });
      expect(second.body.data).toEqual(first.body.data);
      expect(stack.replay.hits.length).toBe(hits);
      expect(await money(stack.ledger, accountId)).toEqual({ balance: 9, sum: 9, reserved: 0 });
    },
  );

  stackTest("/v1/openapi.json lists the six newssite paths", async ({ stack }) => {
    const doc = (await stack.get("/v1/openapi.json", null)).body;
    const paths = Object.keys(doc.paths)
      .filter((p) => p.startsWith(`${V1}/`))
      .sort();
    expect(paths).toEqual(
      ["item-comments", "item-details", "search", "stories", "user-details", "user-items"].map(
        (name) => `${V1}/${name}`,
      ),
    );
  });
});

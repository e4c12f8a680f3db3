import { describe, expect } from "vitest";
import { stackTest } from "./support/fixtures.ts";
import { ledgerSum } from "./support/ledger.ts";
import { expectPricedCalls, type PricedCall } from "./support/priced-calls.ts";

// One service for this file: the `stack` fixture (replay, gateway, in-process workers).

const V1 = "/v1/forumsite";

describe("forumsite operations over HTTP", () => {
  stackTest("each of the seven operations answers 200 with its price and source", async ({ stack }) => {
    const { key, accountId } = await stack.account(100);
    const calls: PricedCall[] = [
      ["subreddit-posts", { url: "https://www.reddit.com/r/popular/", limit: "10" }, 2, "public:listing"],
      [
        "post-details",
        { url: "https://www.reddit.com/r/redditdev/s/WNauetbiNG" },
        1,
        "public:comments+share-link",
      ],
      ["post-comments", { url: "https://redd.it/2gmzqe" }, 2, "public:comments"],
      ["post-transcript", { url: "2gmzqe" }, 2, "public:comments"],
      ["search", { q: "praw oauth search", limit: "5" }, 2, "public:search"],
      ["subreddit-details", { url: "r/golang" }, 1, "public:about"],
      ["subreddit-search", { url: "r/all", q: "praw oauth search" }, 2, "public:search"],
    ];
    const spent = await expectPricedCalls(stack, key, V1, calls);
    expect(await stack.ledger.balance(accountId)).toBe(100 - spent);
    expect(await ledgerSum(stack.ledger, accountId)).toBe(100 - spent);
  });

  stackTest(
    "list results carry totalReturned, nextCursor and hasMore; the cursor continues without gap or repeat",
    async ({ stack }) => {
      const { key } = await stack.account(100);
      const first = await stack.get(`${V1}/search`, key, { q: "praw oauth search", limit: "20" });
      expect(first.body.data).toMatchObject({ totalReturned: 20, hasMore: true });
      const second = await stack.get(`${V1}/search`, key, {
        q: "praw oauth search",
        limit: "20",
        cursor: first.body.data.nextCursor,
      });
      expect(second.body.data).toMatchObject({ totalReturned: 11, hasMore: false, nextCursor: null });
      const ids = [...first.body.data.posts, ...second.body.data.posts].map((p: { id: string }) => p.id);
      expect(new Set(ids).size).toBe(31);
    },
  );

  stackTest("a page without comments is 200 with an empty list and costs 0", async ({ stack }) => {
    const { key, accountId } = await stack.account(10);
    const response = await stack.get(`${V1}/post-comments`, key, {
      url: "https://www.reddit.com/comments/so0808",
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      comments: [],
      totalReturned: 0,
      hasMore: false,
      nextCursor: null,
    });
    expect(response.body.data.post.id).toBe("so0808");
    expect(response.headers.get("x-service-credits")).toBe("0");
    expect(await stack.ledger.balance(accountId)).toBe(10);
  });

  stackTest(
    "bad inputs get their own codes, list the allowed values and are never billed",
    async ({ stack }) => {
      const { key, accountId } = await stack.account(10);
      const sort = await stack.get(`${V1}/subreddit-posts`, key, { url: "golang", sort: "best" });
      expect(sort.status).toBe(400);
      expect(sort.body.error).toMatchObject({
        code: "invalid_enum_value",
        retryable: false,
        param: "sort",
        allowed: ["hot", "new", "top", "rising", "controversial"],
      });
      const timeframe = await stack.get(`${V1}/search`, key, { q: "praw", timeframe: "decade" });
      expect(timeframe.body.error).toMatchObject({
        code: "invalid_enum_value",
        allowed: ["hour", "day", "week", "month", "year", "all"],
      });
      const commentSort = await stack.get(`${V1}/post-comments`, key, { url: "haucpf", sort: "hot" });
      expect(commentSort.body.error.allowed).toEqual([
        "confidence",
        "top",
        "new",
        "controversial",
        "old",
        "qa",
        "best",
      ]);
      const limit = await stack.get(`${V1}/post-comments`, key, { url: "haucpf", limit: "501" });
      expect(limit.body.error).toMatchObject({ code: "parameter_out_of_range", max: 500 });
      const other = await stack.get(`${V1}/post-details`, key, {
        url: "https://www.youtube.com/watch?v=M4gD1WSo5mA",
      });
      expect(other.status).toBe(422);
      expect(other.body.error.code).toBe("unsupported_url");
      const query = await stack.get(`${V1}/search`, key, { q: "x" });
      expect(query.status).toBe(400);
      const cursor = await stack.get(`${V1}/subreddit-posts`, key, {
        url: "popular",
        cursor: "not-a-cursor",
      });
      expect(cursor.body.error.code).toBe("invalid_cursor");
      expect(await stack.ledger.balance(accountId)).toBe(10);
    },
  );

  stackTest(
    "a quarantined subreddit is 403 subreddit_quarantined, not retryable, not billed",
    async ({ stack }) => {
      const { key, accountId } = await stack.account(10);
      const response = await stack.get(`${V1}/subreddit-posts`, key, {
        url: "r/tiananmenaquarefalse",
        sort: "top",
        timeframe: "all",
      });
      expect(response.status).toBe(403);
      expect(response.body.error).toMatchObject({ code: "subreddit_quarantined", retryable: false });
      expect(await stack.ledger.balance(accountId)).toBe(10);
    },
  );

  stackTest("an upstream failure is a retryable 502 and is not billed", async ({ stack }) => {
    const { key, accountId } = await stack.account(10);
    const remove = stack.replay.addFault({ when: (r) => r.path === "/r/golang/about.json", status: 503 });
    try {
      const response = await stack.get(`${V1}/subreddit-details`, key, { url: "golang" });
      expect(response.status).toBe(502);
      expect(response.body.error).toMatchObject({ code: "upstream_error", retryable: true });
    } finally {
      remove();
    }
    expect(await stack.ledger.balance(accountId)).toBe(10);
  });

  stackTest(
    "402 with too few credits for the call's price, before any upstream request",
    async ({ stack }) => {
      const { key } = await stack.account(1);
      const hits = stack.replay.hits.length;
      const response = await stack.get(`${V1}/post-comments`, key, { url: "haucpf" });
      expect(response.status).toBe(402);
      expect(stack.replay.hits.length).toBe(hits);
      const details = await stack.get(`${V1}/post-details`, key, { url: "haucpf" });
      expect(details.status).toBe(200);
    },
  );
});

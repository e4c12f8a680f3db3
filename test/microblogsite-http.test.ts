import { describe, expect } from "vitest";
import { stackTest } from "./support/fixtures.ts";
import { ledgerSum } from "./support/ledger.ts";
import { expectPricedCalls, type PricedCall } from "./support/priced-calls.ts";
import type { Stack } from "./support/stack.ts";

// One service for this file: the `stack` fixture (replay, gateway, in-process workers). microblogsite reaches the
// replay only through its catalog line (`MICROBLOGSITE_ORIGIN` from `replayOrigins`); nothing here names its origin.

const V1 = "/v1/microblogsite";
const JSON_HEADERS = { "content-type": "application/json" };

/** Expects the account's ledger consistent (sum == balance, nothing held) at `balance` credits. */
async function expectBalance(stack: Stack, accountId: string, balance: number): Promise<void> {
  const credits = await stack.ledger.credits(accountId);
  expect([credits?.balance, credits?.reserved, await ledgerSum(stack.ledger, accountId)]).toEqual([
    balance,
    0,
    balance,
  ]);
}

/** A recorded post of the nested thread case, by its DID (no handle to resolve). */
const THREAD_ROOT = "https://bsky.app/profile/did:plc:ntd53albt5ffa4rgervvgibd/post/3kbi55xm6u62v";
/** The recorded list (two pages of its feed). */
const LIST = "at://did:plc:z4cp3uwgxiioi7uaxn2boq47/app.bsky.graph.list/3l7o5d7b7nl2q";

describe("microblogsite operations over HTTP", () => {
  stackTest("each operation answers 200 with its price, source and X-Service headers", async ({ stack }) => {
    const { key, accountId } = await stack.account(100);
    const calls: PricedCall[] = [
      ["profile", { url: "https://bsky.app/profile/jbgruber.bsky.social" }, 1, "appview:getProfile"],
      ["posts", { url: "@andrew.heiss.phd", limit: "5" }, 2, "appview:getAuthorFeed"],
      ["post-details", { url: THREAD_ROOT }, 1, "appview:getPostThread"],
      ["post-comments", { url: THREAD_ROOT }, 2, "appview:getPostThread"],
      ["search", { q: "#rstats", limit: "5" }, 2, "appview:searchPosts"],
      ["user-search", { q: "JBGruber" }, 1, "appview:searchActors"],
      ["following", { url: "chriskenny.bsky.social", limit: "10" }, 2, "appview:getFollows"],
      ["post-likes", { url: THREAD_ROOT, limit: "10" }, 2, "appview:getLikes"],
      ["post-reposts", { url: THREAD_ROOT, limit: "10" }, 2, "appview:getRepostedBy"],
      [
        "feed",
        { url: "at://did:plc:z72i7hdynmk6r22z27h6tvur/app.bsky.feed.generator/bsky-team" },
        2,
        "appview:getFeed",
      ],
      ["list-feed", { url: LIST, limit: "10" }, 2, "appview:getListFeed"],
    ];
    const spent = await expectPricedCalls(stack, key, V1, calls);
    await expectBalance(stack, accountId, 100 - spent);
  });

  stackTest("the answers carry the recorded data in the issue's names", async ({ stack }) => {
    const { key } = await stack.account(100);
    const profile = await stack.get(`${V1}/profile`, key, { url: "jbgruber.bsky.social" });
    expect(profile.body.data).toMatchObject({
      id: "did:plc:ntd53albt5ffa4rgervvgibd",
      username: "jbgruber.bsky.social",
      url: "https://bsky.app/profile/jbgruber.bsky.social",
      followers: 1224,
      following: 879,
      postCount: 374,
      feedCount: 2,
    });
    const posts = await stack.get(`${V1}/posts`, key, { url: "andrew.heiss.phd", limit: "2" });
    expect(posts.body.data.posts[1]).toMatchObject({
      isRepost: true,
      author: { username: "nkalamb.bsky.social" },
      repostedBy: { username: "andrew.heiss.phd" },
    });
    const details = await stack.get(`${V1}/post-details`, key, {
      url: "https://bsky.app/profile/jbgruber.bsky.social/post/3kbi55xm6u62v",
    });
    expect(details.body.data).toMatchObject({
      id: "at://did:plc:ntd53albt5ffa4rgervvgibd/app.bsky.feed.post/3kbi55xm6u62v",
      url: "https://bsky.app/profile/jbgruber.bsky.social/post/3kbi55xm6u62v",
      author: { id: "did:plc:ntd53albt5ffa4rgervvgibd", username: "jbgruber.bsky.social" },
    });
    expect(details.body.data.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  stackTest("the cursor continues the feed exactly; each page is billed 2", async ({ stack }) => {
    const { key, accountId } = await stack.account(20);
    const whole = await stack.get(`${V1}/posts`, key, { url: "andrew.heiss.phd", limit: "25" });
    const ids: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 3; page++) {
      const response = await stack.get(`${V1}/posts`, key, {
        url: "andrew.heiss.phd",
        limit: "8",
        ...(cursor ? { cursor } : {}),
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      ids.push(...response.body.data.posts.map((p: { id: string }) => p.id));
      cursor = response.body.data.nextCursor;
    }
    expect(ids).toEqual(whole.body.data.posts.slice(0, 24).map((p: { id: string }) => p.id));
    await expectBalance(stack, accountId, 12);
  });

  stackTest(
    "bad inputs: tampered cursor 400, another site 422, unreadable 400, never billed",
    async ({ stack }) => {
      const { key, accountId } = await stack.account(10);
      const first = await stack.get(`${V1}/posts`, key, { url: "andrew.heiss.phd", limit: "2" });
      const cursor: string = first.body.data.nextCursor;
      const tampered = `${cursor.slice(0, 5)}${cursor[5] === "A" ? "B" : "A"}${cursor.slice(6)}`;
      const bad = await stack.get(`${V1}/posts`, key, { url: "andrew.heiss.phd", cursor: tampered });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toMatchObject({ code: "invalid_cursor", retryable: false });
      const other = await stack.get(`${V1}/profile`, key, { url: "https://mastodon.social/@Gargron" });
      expect(other.status).toBe(422);
      expect(other.body.error.code).toBe("unsupported_url");
      const unreadable = await stack.get(`${V1}/post-details`, key, { url: "3kbi55xm6u62v" });
      expect(unreadable.status).toBe(400);
      expect(unreadable.body.error).toMatchObject({ code: "invalid_parameter", param: "url" });
      const filter = await stack.get(`${V1}/posts`, key, { url: "andrew.heiss.phd", filter: "everything" });
      expect(filter.body.error).toMatchObject({ code: "invalid_enum_value", param: "filter" });
      await expectBalance(stack, accountId, 8);
    },
  );

  stackTest("a missing account or post is 404, not retryable, not billed", async ({ stack }) => {
    const { key, accountId } = await stack.account(10);
    const profile = await stack.get(`${V1}/profile`, key, { url: "this-handle-does-not-exist.bsky.social" });
    expect(profile.status).toBe(404);
    expect(profile.body.error).toMatchObject({ code: "profile_not_found", retryable: false });
    const post = await stack.get(`${V1}/post-details`, key, {
      url: "at://did:plc:ntd53albt5ffa4rgervvgibd/app.bsky.feed.post/3zzzzzzzzzz2a",
    });
    expect(post.status).toBe(404);
    expect(post.body.error).toMatchObject({ code: "post_not_found", retryable: false });
    await expectBalance(stack, accountId, 10);
  });

  stackTest(
    "cache=true: a miss is billed and stored, the hit is free, the same data, no upstream request",
    async ({ stack }) => {
      const { key, accountId } = await stack.account(10);
      const uri = "at://did:plc:ic6zqvuw5ulmfpjiwnhsr2ns/app.bsky.feed.post/3k7qmjev5lr2s";
      const first = await stack.get(`${V1}/post-details`, key, { url: uri, cache: "true" });
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.headers.get("x-service-cache")).toBe("MISS");
      expect(first.headers.get("x-service-credits")).toBe("1");
      const hits = stack.replay.hits.length;
      // The cache key is made from the parsed params: the bsky.app link names the same post.
      const second = await stack.get(`${V1}/post-details`, key, {
        url: "https://bsky.app/profile/did:plc:ic6zqvuw5ulmfpjiwnhsr2ns/post/3k7qmjev5lr2s",
        cache: "true",
      });
      expect(second.headers.get("x-service-cache")).toBe("HIT");
      expect(second.headers.get("x-service-credits")).toBe("0");
      expect(second.body).toMatchObject({ cached: true });
      expect(second.body.data).toEqual(first.body.data);
      expect(stack.replay.hits.length).toBe(hits);
      await expectBalance(stack, accountId, 9);
    },
  );

  stackTest(
    "search refused by the public AppView without an operator account: 502 credentials_required, not billed",
    async ({ stack }) => {
      const { key, accountId } = await stack.account(10);
      const stop = stack.replay.addFault({
        when: (r) => r.path === "/xrpc/app.bsky.feed.searchPosts",
        status: 403,
        body: JSON.stringify({ error: "Forbidden", message: "search is not available logged out" }),
        headers: JSON_HEADERS,
      });
      const response = await stack.get(`${V1}/search`, key, { q: "rstats" }).finally(stop);
      expect(response.status).toBe(502);
      expect(response.body.error).toMatchObject({ code: "credentials_required", retryable: false });
      await expectBalance(stack, accountId, 10);
    },
  );

  stackTest("a thread page: depth and parentId, an empty thread costs 0", async ({ stack }) => {
    const { key, accountId } = await stack.account(10);
    const thread = await stack.get(`${V1}/post-comments`, key, { url: THREAD_ROOT });
    expect(thread.body.data.comments.map((c: { depth: number }) => c.depth)).toEqual([0, 1, 2]);
    const empty = await stack.get(`${V1}/post-comments`, key, {
      url: "at://did:plc:ic6zqvuw5ulmfpjiwnhsr2ns/app.bsky.feed.post/3k7qmjev5lr2s",
    });
    expect(empty.body.data).toMatchObject({ comments: [], totalReturned: 0, hasMore: false });
    expect(empty.headers.get("x-service-credits")).toBe("0");
    await expectBalance(stack, accountId, 8);
  });

  stackTest(
    "the list feed over two recorded AppView pages: limit filled across them, then continued",
    async ({ stack }) => {
      const { key, accountId } = await stack.account(10);
      const first = await stack.get(`${V1}/list-feed`, key, { url: LIST, limit: "30" });
      expect(first.body.data).toMatchObject({ totalReturned: 30, hasMore: true, listId: LIST });
      const rest = await stack.get(`${V1}/list-feed`, key, {
        url: LIST,
        limit: "18",
        cursor: first.body.data.nextCursor,
      });
      const ids = [...first.body.data.posts, ...rest.body.data.posts].map((p: { id: string }) => p.id);
      expect(new Set(ids).size).toBe(48);
      const feedCursor = await stack.get(`${V1}/feed`, key, {
        url: "at://did:plc:z72i7hdynmk6r22z27h6tvur/app.bsky.feed.generator/bsky-team",
        cursor: first.body.data.nextCursor,
      });
      expect(feedCursor.body.error).toMatchObject({ code: "invalid_cursor" });
      await expectBalance(stack, accountId, 6);
    },
  );

  stackTest(
    "/v1/openapi.json lists the twelve microblogsite paths and credentials_required on search",
    async ({ stack }) => {
      const doc = (await stack.get("/v1/openapi.json", null)).body;
      const paths = Object.keys(doc.paths).filter((p) => p.startsWith(`${V1}/`));
      expect(paths).toHaveLength(12);
      expect(JSON.stringify(doc.components.schemas.MicroblogsiteSearchError)).toContain(
        "credentials_required",
      );
    },
  );

  stackTest("the AppView's rate limit (429) is a retryable 502, not billed", async ({ stack }) => {
    const { key, accountId } = await stack.account(10);
    const limited = { error: "RateLimitExceeded", message: "Rate Limit Exceeded" };
    const stop = stack.replay.addFault({
      when: (r) => r.path === "/xrpc/app.bsky.actor.getProfile",
      status: 429,
      body: JSON.stringify(limited),
      // The platform says how long to pause (politeness blocks its hosts for the rest of the file otherwise).
      headers: { ...JSON_HEADERS, "retry-after": "1" },
    });
    const response = await stack.get(`${V1}/profile`, key, { url: "jbgruber.bsky.social" }).finally(stop);
    expect([response.status, response.body.error?.code, response.body.error?.retryable]).toEqual([
      502,
      "upstream_rate_limited",
      true,
    ]);
    await expectBalance(stack, accountId, 10);
  });
});

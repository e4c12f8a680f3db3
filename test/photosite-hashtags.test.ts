import { describe, expect } from "vitest";
import { stackTest } from "./support/fixtures.ts";

// The corpus records one hashtag page: it is the trending source of this stack.
const test = stackTest.extend(
  "stackOptions",
  { scope: "file" },
  { env: { PHOTOSITE_TRENDING_HASHTAGS: "asiangames2023" } },
);

const HASHTAG = "/v1/photosite/hashtag-search";
const REELS = "/v1/photosite/reels-search";
const TRENDING = "/v1/photosite/trending-reels";

describe("photosite hashtag search over HTTP (2 credits flat)", () => {
  test("the explore surface: tag card with media count, top media in the platform's order, empty recent", async ({
    stack,
  }) => {
    const { key, accountId } = await stack.account();
    const response = await stack.get(HASHTAG, key, { q: "#asiangames2023" });
    expect(response.status).toBe(200);
    const data = response.body.data;
    expect(data.hashtag).toMatchObject({
      name: "asiangames2023",
      mediaCount: 75586,
      mediaCountText: "75.5K",
    });
    expect(data.top[0]).toMatchObject({ shortcode: "C0A6TpeSgr4", user: { username: "dailyketchup" } });
    expect(data.recent).toEqual([]);
    expect(data.totalReturned).toBe(data.posts.length);
    expect(new Set(data.posts.map((p: { id: string }) => p.id)).size).toBe(data.posts.length);
    expect(data).toMatchObject({ nextCursor: null, hasMore: false, moreAvailable: true });
    expect(response.headers.get("x-service-credits")).toBe("2");
    expect(await stack.ledger.balance(accountId)).toBe(98);
  });

  test("404 hashtag_not_found when the platform has no such tag; 400 for two words", async ({ stack }) => {
    const { key, accountId } = await stack.account();
    const remove = stack.replay.addFault({ when: (r) => r.query.tag_name === "nosuchtag12345", status: 404 });
    const missing = await stack.get(HASHTAG, key, { q: "nosuchtag12345" });
    remove();
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe("hashtag_not_found");
    expect((await stack.get(HASHTAG, key, { q: "two words" })).status).toBe(400);
    expect(await stack.ledger.balance(accountId)).toBe(100);
  });
});

describe("photosite reels search over HTTP (2 credits flat)", () => {
  test("only short videos, each with engagement.views, viewsSource, location and commercial flags", async ({
    stack,
  }) => {
    const { key } = await stack.account();
    const response = await stack.get(REELS, key, { q: "asiangames2023" });
    expect(response.status).toBe(200);
    const reels = response.body.data.reels;
    expect(reels.length).toBe(response.body.data.totalReturned);
    expect(reels.every((r: { type: string }) => r.type === "video")).toBe(true);
    expect(reels[0]).toMatchObject({
      shortcode: "C0A6TpeSgr4",
      engagement: { views: 48303 },
      viewsSource: "play_count",
      isPaidPartnership: false,
      commercialityStatus: "not_commercial",
      location: { name: expect.stringContaining("Singapore") },
    });
    expect(response.headers.get("x-service-credits")).toBe("2");
  });
});

describe("photosite trending reels over HTTP (cache-first, 2 credits every call)", () => {
  test("a miss fetches and bills 2; a hit within 4 hours is served from the shared cache and still bills 2", async ({
    stack,
  }) => {
    const { key, accountId } = await stack.account();
    const first = await stack.get(TRENDING, key, {});
    expect(first.status).toBe(200);
    expect(first.headers.get("x-service-cache")).toBe("MISS");
    expect(first.headers.get("x-service-credits")).toBe("2");
    expect(first.body.data).toMatchObject({ hashtags: ["asiangames2023"], hasMore: false });
    expect(first.body.data.reels[0]).toMatchObject({ trendRank: 1, shortcode: "C0A6TpeSgr4" });

    const other = await stack.account();
    const hitsBefore = stack.replay.hits.length;
    const second = await stack.get(TRENDING, other.key, {});
    expect(second.status).toBe(200);
    expect(second.headers.get("x-service-cache")).toBe("HIT");
    expect(second.headers.get("x-service-credits")).toBe("2");
    expect(second.body).toMatchObject({ cached: true });
    expect(second.body.data).toEqual(first.body.data);
    expect(stack.replay.hits.length).toBe(hitsBefore);
    expect(await stack.ledger.balance(accountId)).toBe(98);
    expect(await stack.ledger.balance(other.accountId)).toBe(98);
  });
});

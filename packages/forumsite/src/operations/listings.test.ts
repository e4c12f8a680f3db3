import { parseParams } from "@sda/contract";
import { forOperation, serviceErrorOf } from "@sda/testing";
import { describe, expect } from "vitest";
import { recordedJson } from "../../test/corpus.ts";
import { type ForumTestContext, forumTest } from "../../test/fixtures.ts";
import { readListing } from "../readers/listing.ts";
import { searchParams } from "../spec/search.ts";
import { subredditPostsParams } from "../spec/subreddit-posts.ts";
import { subredditSearchParams } from "../spec/subreddit-search.ts";
import { searchSite } from "./search.ts";
import { getSubredditPosts } from "./subreddit-posts.ts";
import { searchSubreddit } from "./subreddit-search.ts";

// The replay and the handler context come from the `forumTest` fixtures (one of each for this file).
const posts = (ctx: ForumTestContext, query: Record<string, string>) =>
  getSubredditPosts(parseParams(subredditPostsParams, query), forOperation(ctx, "subreddit-posts"));
const recordedIds = (caseId: string) =>
  (readListing(recordedJson(caseId))?.things ?? []).map((t) => t.data.id as string);

describe("subreddit posts", () => {
  forumTest(
    "pages of 30 through r/popular return the recorded 100 posts in order, without gap or repeat",
    async ({ ctx }) => {
      const seen: string[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 4; page++) {
        const { data, count } = await posts(ctx, {
          url: "r/popular",
          limit: "30",
          ...(cursor ? { cursor } : {}),
        });
        expect(data.totalReturned).toBe(count);
        seen.push(...data.posts.map((p) => p.id));
        expect(data.hasMore).toBe(true);
        cursor = data.nextCursor ?? undefined;
      }
      expect(seen).toEqual(recordedIds("r-popular-hot"));
      // The next upstream page (after=t3_1skbyfv) was not recorded: the cursor points at it and asking fails upstream.
      const next = await serviceErrorOf(posts(ctx, { url: "r/popular", limit: "30", cursor: cursor ?? "" }));
      expect(next).toMatchObject({ code: "upstream_error", retryable: true });
    },
  );

  forumTest(
    "top of the day of an escaped public listing: 3 posts, titles decoded, timeframe echoed",
    async ({ ctx }) => {
      const { data, source } = await posts(ctx, {
        url: "https://www.reddit.com/r/LocalLLaMA/",
        sort: "top",
        timeframe: "day",
      });
      expect(source).toBe("public:listing");
      expect(data).toMatchObject({ subreddit: "LocalLLaMA", sort: "top", timeframe: "day" });
      expect(data.posts.map((p) => p.id)).toEqual(["1suqfba", "1suolda", "1suyu7a"]);
      expect(data.posts[0]?.thumbnail).not.toContain("&amp;");
      // The upstream page continues (after=t3_1suyu7a), which is not recorded: the page ends with a cursor.
      expect(data.hasMore).toBe(true);
    },
  );

  forumTest("a quarantined subreddit is 403 subreddit_quarantined", async ({ ctx }) => {
    const error = await serviceErrorOf(
      posts(ctx, { url: "r/tiananmenaquarefalse", sort: "top", timeframe: "all" }),
    );
    expect(error).toMatchObject({ code: "subreddit_quarantined", status: 403 });
  });

  forumTest(
    "a private subreddit (the platform's 403 reason private) is 403 subreddit_private",
    async ({ ctx, replay }) => {
      const remove = replay.addFault({
        when: (r) => r.path === "/r/golang/hot.json",
        status: 403,
        body: '{"reason": "private", "message": "Forbidden", "error": 403}',
        headers: { "content-type": "application/json" },
      });
      try {
        expect(await serviceErrorOf(posts(ctx, { url: "golang" }))).toMatchObject({
          code: "subreddit_private",
          status: 403,
        });
      } finally {
        remove();
      }
    },
  );

  forumTest(
    "an unknown subreddit (redirect to the subreddit search) is 404 subreddit_not_found",
    async ({ ctx, replay }) => {
      const remove = replay.addFault({
        when: (r) => r.path === "/r/golang/new.json",
        status: 302,
        headers: { location: "https://www.reddit.com/subreddits/search.json?q=golang" },
      });
      try {
        expect(await serviceErrorOf(posts(ctx, { url: "golang", sort: "new" }))).toMatchObject({
          code: "subreddit_not_found",
          status: 404,
        });
      } finally {
        remove();
      }
    },
  );

  forumTest("a cursor of another query or another operation is 400 invalid_cursor", async ({ ctx }) => {
    const { data } = await posts(ctx, { url: "r/popular", limit: "5" });
    const cursor = data.nextCursor ?? "";
    expect(
      await serviceErrorOf(posts(ctx, { url: "r/popular", sort: "new", limit: "5", cursor })),
    ).toMatchObject({
      code: "invalid_cursor",
    });
    const search = () =>
      searchSite(parseParams(searchParams, { q: "praw oauth search", cursor }), forOperation(ctx, "search"));
    expect(await serviceErrorOf(search())).toMatchObject({ code: "invalid_cursor" });
    expect(
      await serviceErrorOf(posts(ctx, { url: "r/popular", cursor: `${cursor.slice(0, -2)}xx` })),
    ).toMatchObject({
      code: "invalid_cursor",
    });
  });
});

describe("search", () => {
  forumTest("site-wide: 31 recorded results in two pages of 20 and 11, then the end", async ({ ctx }) => {
    const first = await searchSite(parseParams(searchParams, { q: "praw oauth search" }), ctx);
    expect(first.data).toMatchObject({ query: "praw oauth search", sort: "relevance", timeframe: "all" });
    expect(first.data.posts).toHaveLength(20);
    expect(first.data.posts[0]).toMatchObject({
      id: "6ganxe",
      authorFullname: "t2_4gelm",
      score: 3,
      upvoteRatio: 0.67,
    });
    const second = await searchSite(
      parseParams(searchParams, { q: "praw oauth search", cursor: first.data.nextCursor ?? "" }),
      ctx,
    );
    expect(second.data.posts).toHaveLength(11);
    expect(second.data).toMatchObject({ hasMore: false, nextCursor: null });
    expect([...first.data.posts, ...second.data.posts].map((p) => p.id)).toEqual(
      recordedIds("search-all-praw-oauth"),
    );
  });

  forumTest("inside a subreddit (r/all): the same results, the subreddit echoed", async ({ ctx }) => {
    const { data, source } = await searchSubreddit(
      parseParams(subredditSearchParams, { url: "r/all", q: "praw oauth search", limit: "50" }),
      ctx,
    );
    expect(source).toBe("public:search");
    expect(data).toMatchObject({ subreddit: "all", totalReturned: 31, hasMore: false, nextCursor: null });
  });

  forumTest("rejects a one-character query and an unknown sort, listing the allowed values", () => {
    expect(() => parseParams(searchParams, { q: "a" })).toThrow(/at least 2 characters/);
    try {
      parseParams(searchParams, { q: "praw", sort: "best" });
      throw new Error("expected a ServiceError");
    } catch (error) {
      expect(error).toMatchObject({
        code: "invalid_enum_value",
        details: { param: "sort", allowed: ["relevance", "hot", "top", "new", "comments"] },
      });
    }
  });
});

import { recordingRequests, serviceErrorOf } from "@sda/testing";
import { describe, expect } from "vitest";
import { recordedJson } from "../../test/corpus.ts";
import { fediTest, run } from "../../test/fixtures.ts";
import { hashtagSpec } from "../spec/hashtag.ts";
import { instanceSpec } from "../spec/instance.ts";
import { postCommentsSpec } from "../spec/post-comments.ts";
import { searchSpec } from "../spec/search.ts";
import { trendsSpec } from "../spec/trends.ts";
import { hashtagHandler } from "./hashtag.ts";
import { instanceHandler } from "./instance.ts";
import { postCommentsHandler } from "./post-comments.ts";
import { searchHandler } from "./search.ts";
import { trendsHandler } from "./trends.ts";

// Threads, hashtags, search, instances and trends over the HTTP replay of the recorded instances. The replay ignores the
// host, so instance-level answers (`/api/v2/instance`) are mastodon.social's whatever instance a link names; tests
// that change them use instance names of their own (an instance's timeline access is kept per process).

const JSON_TYPE = { "content-type": "application/json" };

describe("post-comments", () => {
  fediTest("the context as one flat list with depth and parentId", async ({ ctx }) => {
    const { data, count, source } = await run(postCommentsSpec, postCommentsHandler, ctx, {
      url: "https://mastodon.social/@Gargron/109294719267373593",
    });
    expect([source, count, data.ancestorCount, data.hasMore, data.nextCursor]).toEqual([
      "mastodon:context",
      59,
      0,
      false,
      null,
    ]);
    expect(data.comments[0]).toMatchObject({ depth: 0, parentId: "109294719267373593", isAncestor: false });
  });
});

describe("hashtag", () => {
  fediTest("reads timelines_access first, then the tag's pages chained by max_id", async ({ ctx }) => {
    const { ctx: watched, sent } = recordingRequests(ctx);
    const url = "https://mastodon.social/tags/ichbinhanna";
    const first = await run(hashtagSpec, hashtagHandler, watched, { url, limit: "50" });
    expect(first.data).toMatchObject({
      tag: "ichbinhanna",
      instance: "mastodon.social",
      scope: "all",
      hasMore: true,
    });
    expect(sent.map((r) => new URL(r.url).pathname)).toEqual([
      "/api/v2/instance",
      "/api/v1/timelines/tag/ichbinhanna",
      "/api/v1/timelines/tag/ichbinhanna",
    ]);
    const rest = await run(hashtagSpec, hashtagHandler, watched, {
      url,
      limit: "110",
      cursor: first.data.nextCursor ?? "",
    });
    const ids = [...first.data.posts, ...rest.data.posts].map((p) => p.id);
    expect(new Set(ids).size).toBe(160);
    // The instance's access was read once for both calls.
    expect(sent.filter((r) => r.url.endsWith("/api/v2/instance"))).toHaveLength(1);
  });

  fediTest(
    "an instance serving hashtag timelines to logged-in readers only: 403 without a request for it",
    async ({ ctx, replay }) => {
      // mastodon.social's recorded answer with its hashtag feeds closed (a test-only answer).
      const v2 = recordedJson("instance-mastodon.social", 0) as {
        configuration: { timelines_access: object };
      };
      const closed = {
        ...v2,
        configuration: {
          ...v2.configuration,
          timelines_access: {
            live_feeds: { local: "disabled", remote: "disabled" },
            hashtag_feeds: { local: "authenticated", remote: "disabled" },
            trending_link_feeds: { local: "public", remote: "public" },
          },
        },
      };
      const remove = replay.addFault({
        when: (r) => r.path === "/api/v2/instance",
        status: 200,
        body: JSON.stringify(closed),
        headers: JSON_TYPE,
      });
      try {
        const { ctx: watched, sent } = recordingRequests(ctx);
        const error = await serviceErrorOf(
          run(hashtagSpec, hashtagHandler, watched, { url: "https://closed.example.org/tags/ichbinhanna" }),
        );
        expect(error).toMatchObject({ code: "instance_login_required", status: 403, retryable: false });
        expect(sent.map((r) => new URL(r.url).pathname)).toEqual(["/api/v2/instance"]);
      } finally {
        remove();
      }
    },
  );
});

describe("search", () => {
  fediTest("logged out: no resolve; the answer says so", async ({ ctx }) => {
    const { ctx: watched, sent } = recordingRequests(ctx);
    const { data, count } = await run(searchSpec, searchHandler, watched, {
      q: "halcy",
      instance: "mastodon.social",
    });
    expect(data).toMatchObject({ loggedIn: false, instance: "mastodon.social", type: "all" });
    expect([data.users.length, data.posts.length, data.hashtags.length, count]).toEqual([18, 2, 1, 21]);
    expect(new URL(sent[0]?.url ?? "").searchParams.has("resolve")).toBe(false);
    expect(sent[0]?.headers?.authorization).toBeUndefined();
  });

  fediTest(
    "with the operator's token for that instance only: resolve and the bearer token",
    async ({ contextWith }) => {
      const { ctx, sent } = recordingRequests(
        contextWith({ FEDISITE_TOKENS: "mastodon.social=secret-token,fosstodon.org=other" }),
      );
      const { data } = await run(searchSpec, searchHandler, ctx, {
        q: "halcy",
        instance: "https://mastodon.social",
      });
      expect(data.loggedIn).toBe(true);
      expect(new URL(sent[0]?.url ?? "").searchParams.get("resolve")).toBe("true");
      expect(sent[0]?.headers?.authorization).toBe("Bearer secret-token");
    },
  );

  fediTest("a typed search that finds nothing is an empty result", async ({ ctx }) => {
    const { data, count } = await run(searchSpec, searchHandler, ctx, {
      q: "mastodonpy_test",
      instance: "mastodon.example.com",
      type: "statuses",
    });
    expect([count, data.users, data.posts, data.hashtags]).toEqual([0, [], [], []]);
  });
});

describe("instance", () => {
  fediTest("v2 with v1's totals", async ({ ctx }) => {
    const { data, source } = await run(instanceSpec, instanceHandler, ctx, {
      url: "https://mastodon.social/about",
    });
    expect(source).toBe("mastodon:instance/v2");
    expect(data).toMatchObject({ domain: "mastodon.social", stats: { users: 3354594 }, api: "v2" });
    expect(data.timelinesAccess?.liveFeeds).toEqual({ local: "disabled", remote: "disabled" });
  });

  fediTest("a server without v2 (its own 404) is read from v1", async ({ ctx, replay }) => {
    const remove = replay.addFault({
      when: (r) => r.path === "/api/v2/instance",
      status: 404,
      body: JSON.stringify({ error: "Not Found" }),
      headers: JSON_TYPE,
    });
    try {
      const { data, source } = await run(instanceSpec, instanceHandler, ctx, { url: "old.example.org" });
      expect(source).toBe("mastodon:instance/v1");
      expect(data).toMatchObject({ api: "v1", timelinesAccess: null, stats: { posts: 183323404 } });
    } finally {
      remove();
    }
  });
});

describe("trends", () => {
  fediTest("tags and links; the next page by offset", async ({ ctx }) => {
    const tags = await run(trendsSpec, trendsHandler, ctx, { instance: "mastodon.social", limit: "4" });
    expect(tags.data).toMatchObject({
      type: "tags",
      links: null,
      posts: null,
      totalReturned: 4,
      hasMore: true,
    });
    expect(tags.data.tags?.[0]?.name).toBe("caturday");
    const links = await run(trendsSpec, trendsHandler, ctx, { instance: "mastodon.social", type: "links" });
    expect(links.data.links).toHaveLength(10);
    expect(links.source).toBe("mastodon:trends/links");
  });

  fediTest("no trending posts: an empty page, costing nothing", async ({ ctx }) => {
    const posts = await run(trendsSpec, trendsHandler, ctx, {
      instance: "mastodon.example.com",
      type: "posts",
    });
    expect([posts.count, posts.data.posts, posts.data.hasMore]).toEqual([0, [], false]);
  });
});

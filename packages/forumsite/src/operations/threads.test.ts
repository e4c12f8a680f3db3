import { parseParams } from "@sda/contract";
import { serviceErrorOf } from "@sda/testing";
import { describe, expect } from "vitest";
import { forumTest } from "../../test/fixtures.ts";
import type { ForumComment } from "../readers/comment.ts";
import { postCommentsParams } from "../spec/post-comments.ts";
import { postDetailsParams } from "../spec/post-details.ts";
import { postTranscriptParams } from "../spec/post-transcript.ts";
import { subredditDetailsParams } from "../spec/subreddit-details.ts";
import { getPostComments } from "./post-comments.ts";
import { getPostDetails } from "./post-details.ts";
import { getPostTranscript } from "./post-transcript.ts";
import { getSubredditDetails } from "./subreddit-details.ts";

const test = forumTest.extend(
  "comments",
  ({ ctx }) =>
    (query: Record<string, string>) =>
      getPostComments(parseParams(postCommentsParams, query), ctx),
);

describe("post comments", () => {
  test("pages of 20 through haucpf resolve the more stubs in place: 51 comments, thread order, no repeat", async ({
    comments,
  }) => {
    const all: ForumComment[] = [];
    let cursor: string | undefined;
    let pages = 0;
    for (; pages < 20; pages++) {
      const { data, source, count } = await comments({
        url: "haucpf",
        limit: "20",
        ...(cursor ? { cursor } : {}),
      });
      expect(data.post.id).toBe("haucpf");
      expect(data.totalReturned).toBe(count);
      expect(data.comments.length).toBeLessThanOrEqual(20);
      if (pages === 0) expect(source).toBe("public:comments+morechildren");
      all.push(...data.comments);
      if (!data.hasMore) {
        expect(data.nextCursor).toBeNull();
        break;
      }
      cursor = data.nextCursor ?? undefined;
    }
    expect(pages).toBeLessThan(20);
    const ids = all.map((c) => c.id);
    // The thread answer holds 1 comment; the recorded morechildren answer adds the 50 comments under the ids asked.
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(51);
    expect(ids.slice(0, 4)).toEqual(["fv51rzs", "fv6as7u", "fv6csdb", "fv6exqm"]);
    const position = new Map(ids.map((id, index) => [id, index]));
    for (const comment of all) {
      if (comment.parentId === null) expect(comment.depth).toBe(0);
      else {
        expect(position.get(comment.parentId)).toBeLessThan(position.get(comment.id) ?? -1);
        expect(comment.depth).toBe((all[position.get(comment.parentId) ?? 0]?.depth ?? -1) + 1);
      }
    }
  });

  test("a share link resolves to its post: the parent post and both comments", async ({ comments }) => {
    const { data, source } = await comments({ url: "https://www.reddit.com/r/redditdev/s/WNauetbiNG" });
    expect(source).toBe("public:comments+share-link");
    expect(data.post).toMatchObject({ id: "2gmzqe", author: "bboe", numComments: 2, subreddit: "redditdev" });
    expect(data.comments.map((c) => [c.id, c.depth, c.parentId])).toEqual([
      ["cklfmye", 0, null],
      ["cklhv0f", 1, "cklfmye"],
    ]);
    expect(data).toMatchObject({ totalReturned: 2, hasMore: false, nextCursor: null, totalComments: 2 });
  });

  test("a post without comments: empty list, count 0 (charged 0), the post still included", async ({
    comments,
  }) => {
    const { data, count } = await comments({ url: "so0808" });
    expect(count).toBe(0);
    expect(data).toMatchObject({ comments: [], hasMore: false, nextCursor: null });
    expect(data.post.isRemoved).toBe(true);
  });

  test("a stub whose resolution fails ends the page early with a cursor that retries it", async ({
    comments,
  }) => {
    // The stub of 30 ids of y70ane has no recorded morechildren answer.
    const first = await comments({ url: "y70ane", limit: "50" });
    expect(first.data.comments).toHaveLength(20);
    expect(first.data.hasMore).toBe(true);
    const retry = await serviceErrorOf(
      comments({ url: "y70ane", limit: "50", cursor: first.data.nextCursor ?? "" }),
    );
    expect(retry).toMatchObject({ code: "upstream_error", retryable: true });
  });

  test("a stub of 4918 ids travels as a stored reference: the cursor stays short; once the list expires it is refused", async ({
    comments,
    ctx,
  }) => {
    const { data } = await comments({ url: "haucpf", limit: "2" });
    expect(data.comments.map((c) => c.id)).toEqual(["fv51rzs", "fv6as7u"]);
    const cursor = data.nextCursor ?? "";
    expect(cursor.length).toBeLessThan(600);
    const next = await comments({ url: "haucpf", limit: "2", cursor });
    expect(next.data.comments.map((c) => c.id)).toEqual(["fv6csdb", "fv6exqm"]);
    const stored = await ctx.redis.keys(`${ctx.keyPrefix}:upstream:forumsite:ids:*`);
    expect(stored.length).toBeGreaterThan(0);
    await ctx.redis.del(...stored);
    expect(await serviceErrorOf(comments({ url: "haucpf", limit: "2", cursor }))).toMatchObject({
      code: "invalid_cursor",
      message: expect.stringContaining("expired"),
    });
  });

  test("a cursor for another sort is refused", async ({ comments }) => {
    const { data } = await comments({ url: "haucpf", limit: "1" });
    expect(
      await serviceErrorOf(comments({ url: "haucpf", sort: "new", cursor: data.nextCursor ?? "" })),
    ).toMatchObject({
      code: "invalid_cursor",
    });
  });

  test("an unknown post (the platform's 404 object) is 404 post_not_found", async ({ comments, replay }) => {
    const remove = replay.addFault({
      when: (r) => r.path === "/comments/zzzzzz.json",
      status: 404,
      body: '{"message": "Not Found", "error": 404}',
      headers: { "content-type": "application/json" },
    });
    try {
      expect(await serviceErrorOf(comments({ url: "zzzzzz" }))).toMatchObject({
        code: "post_not_found",
        status: 404,
      });
    } finally {
      remove();
    }
  });
});

describe("post details and transcript", () => {
  test("details of a gallery post by its gallery URL", async ({ ctx }) => {
    const { data, source } = await getPostDetails(
      parseParams(postDetailsParams, { url: "https://www.reddit.com/gallery/1khu9tf" }),
      ctx,
    );
    expect(source).toBe("public:comments");
    expect(data).toMatchObject({
      id: "1khu9tf",
      mediaKind: "gallery",
      numComments: 0,
      score: 1,
      upvoteRatio: 1,
    });
    expect(data.media.gallery).toHaveLength(4);
  });

  test("transcript: title, body and the top comment as one text and as parts", async ({ ctx }) => {
    const { data } = await getPostTranscript(
      parseParams(postTranscriptParams, { url: "redd.it/2gmzqe" }),
      ctx,
    );
    expect(data.parts.map((p) => p.type)).toEqual(["title", "body", "comment"]);
    expect(data.text.startsWith("[PRAW] HTTPS enabled PRAW testing needed\n\nPRAW client developers,")).toBe(
      true,
    );
    expect(data.text).toContain("\n\nTop comments\n\nu/paneer_burrito (1 point)\nQuick question:");
    expect(data).toMatchObject({ postId: "2gmzqe", sort: "top", commentCount: 1 });
  });

  test("transcript of an image post: title and link, then the top comments", async ({ ctx }) => {
    const { data } = await getPostTranscript(
      parseParams(postTranscriptParams, { url: "y70ane", comments: "3" }),
      ctx,
    );
    expect(data.parts.map((p) => p.type)).toEqual(["title", "link", "comment", "comment", "comment"]);
    expect(data.text).toContain("Link: https://i.redd.it/5kfmalflqiu91.jpg");
  });
});

describe("subreddit details", () => {
  test("r/golang: the card; the rules were not recorded, so rules null and degraded", async ({ ctx }) => {
    const { data, source } = await getSubredditDetails(
      parseParams(subredditDetailsParams, { url: "r/golang" }),
      ctx,
    );
    expect(source).toBe("public:about");
    expect(data).toMatchObject({
      id: "t5_2rc7j",
      members: 116532,
      activeUsers: 386,
      type: "public",
      nsfw: false,
      rules: null,
      degraded: true,
      degradedReason: "rules_unavailable",
    });
  });

  test("a banned subreddit (the platform's 404 reason banned) is 404 subreddit_not_found", async ({
    ctx,
    replay,
  }) => {
    const remove = replay.addFault({
      when: (r) => r.path.startsWith("/r/golang/about"),
      status: 404,
      body: '{"reason": "banned", "message": "Not Found", "error": 404}',
      headers: { "content-type": "application/json" },
    });
    try {
      const error = await serviceErrorOf(
        getSubredditDetails(parseParams(subredditDetailsParams, { url: "golang" }), ctx),
      );
      expect(error).toMatchObject({ code: "subreddit_not_found", details: { reason: "banned" } });
    } finally {
      remove();
    }
  });
});

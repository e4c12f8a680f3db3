import { describe, expect } from "vitest";
import { stackTest } from "./support/fixtures.ts";

const COMMENTS = "/v1/videosite/comments";
const REPLIES = "/v1/videosite/comment-replies";
const video = "https://www.youtube.com/watch?v=xaQJbozY_Is";
const pinned = "UgwSOM0QHBLysE3vZE54AaABAg";

describe("GET /v1/videosite/comments over HTTP", () => {
  stackTest("200 with the SPEC §2.7 fields, 2 credits per call", async ({ stack }) => {
    const { key, accountId } = await stack.account();
    const response = await stack.get(COMMENTS, key, { url: video, limit: "20" });
    expect(response.status).toBe(200);
    const data = response.body.data;
    expect(data).toMatchObject({
      url: video,
      videoId: "xaQJbozY_Is",
      totalReturned: 20,
      totalComments: 21051,
      hasMore: true,
    });
    expect(data.nextCursor).toEqual(expect.any(String));
    for (const field of [
      "id",
      "author",
      "authorChannelId",
      "authorAvatarUrl",
      "authorIsVerified",
      "authorIsChannelOwner",
      "text",
      "likeCount",
      "likeCountText",
      "replyCount",
      "hasCreatorHeart",
      "publishedTimeText",
      "publishedTimeApprox",
      "publishedTimeIsApproximate",
    ])
      expect(data.comments[0]).toHaveProperty(field);
    expect(data.comments[0]).toMatchObject({
      id: pinned,
      likeCount: 9800,
      likeCountText: "9.8k",
      isPinned: true,
    });
    expect(response.headers.get("x-service-credits")).toBe("2");
    expect(response.headers.get("x-service-source")).toBe("innertube:next");
    expect(await stack.ledger.balance(accountId)).toBe(98);
  });

  stackTest(
    "two pages joined by nextCursor hold the first page's 20 comments exactly once; each page costs 2",
    async ({ stack }) => {
      const { key, accountId } = await stack.account();
      const first = await stack.get(COMMENTS, key, { url: video, limit: "12" });
      const second = await stack.get(COMMENTS, key, {
        url: video,
        limit: "8",
        cursor: first.body.data.nextCursor,
      });
      expect(second.status).toBe(200);
      const ids = [...first.body.data.comments, ...second.body.data.comments].map(
        (c: { id: string }) => c.id,
      );
      const whole = await stack.get(COMMENTS, key, { url: video, limit: "20" });
      expect(ids).toEqual(whole.body.data.comments.map((c: { id: string }) => c.id));
      expect(new Set(ids).size).toBe(20);
      expect(await stack.ledger.balance(accountId)).toBe(94);
    },
  );

  stackTest("limit bounds, bad URLs and a tampered cursor are 400/422 and not billed", async ({ stack }) => {
    const { key, accountId } = await stack.account();
    const cases: [Record<string, string>, number, string][] = [
      [{ url: video, limit: "0" }, 400, "parameter_out_of_range"],
      [{ url: video, limit: "501" }, 400, "parameter_out_of_range"],
      [{ url: video, limit: "ten" }, 400, "invalid_parameter"],
      [{}, 400, "missing_parameter"],
      [{ url: "https://www.youtube.com/@kurzgesagt" }, 422, "unsupported_url"],
      [{ url: video, cursor: "not-a-cursor" }, 400, "invalid_cursor"],
    ];
    for (const [query, status, code] of cases) {
      const response = await stack.get(COMMENTS, key, query);
      expect(response.status, JSON.stringify(query)).toBe(status);
      expect(response.body.error).toMatchObject({ code, retryable: false });
      expect(response.headers.get("x-service-credits")).toBe("0");
    }
    expect(await stack.ledger.balance(accountId)).toBe(100);
  });

  stackTest("cache=true serves the second call from the cache for 0 credits", async ({ stack }) => {
    const { key, accountId } = await stack.account();
    const query = { url: "https://youtu.be/bem4adjGKjE", limit: "5", cache: "true" };
    const first = await stack.get(COMMENTS, key, query);
    const second = await stack.get(COMMENTS, key, query);
    expect(first.headers.get("x-service-credits")).toBe("2");
    expect(second.headers.get("x-service-cache")).toBe("HIT");
    expect(second.headers.get("x-service-credits")).toBe("0");
    expect(second.body.data).toEqual(first.body.data);
    expect(await stack.ledger.balance(accountId)).toBe(98);
  });
});

describe("GET /v1/videosite/comment-replies over HTTP", () => {
  stackTest(
    "a comment's repliesCursor and its commentId give the same replies, with parentId, 2 credits a page",
    async ({ stack }) => {
      const { key, accountId } = await stack.account();
      const comments = await stack.get(COMMENTS, key, { url: video, limit: "1" });
      const repliesCursor = comments.body.data.comments[0].repliesCursor;
      const viaCursor = await stack.get(REPLIES, key, {
        url: video,
        commentId: pinned,
        cursor: repliesCursor,
        limit: "5",
      });
      const viaId = await stack.get(REPLIES, key, { url: video, commentId: pinned, limit: "5" });
      expect(viaCursor.status).toBe(200);
      expect(viaId.body.data.comments).toEqual(viaCursor.body.data.comments);
      expect(viaCursor.body.data).toMatchObject({ commentId: pinned, totalReturned: 5, hasMore: true });
      expect(viaCursor.body.data.comments[0]).toMatchObject({ parentId: pinned, text: "First" });
      const rest = await stack.get(REPLIES, key, {
        url: video,
        commentId: pinned,
        cursor: viaCursor.body.data.nextCursor,
        limit: "5",
      });
      const ids = [...viaCursor.body.data.comments, ...rest.body.data.comments].map(
        (c: { id: string }) => c.id,
      );
      expect(new Set(ids).size).toBe(10);
      expect(viaId.headers.get("x-service-source")).toBe("innertube:next+lookup");
      expect(await stack.ledger.balance(accountId)).toBe(100 - 2 * 4);
    },
  );

  stackTest(
    "an unknown comment is 404 comment_not_found and not billed; a bad commentId is 400",
    async ({ stack }) => {
      const { key, accountId } = await stack.account();
      const missing = await stack.get(REPLIES, key, { url: "D00Au7k3i6o", commentId: pinned });
      expect(missing.status).toBe(404);
      expect(missing.body.error).toMatchObject({ code: "comment_not_found", retryable: false });
      const bad = await stack.get(REPLIES, key, { url: video, commentId: "x" });
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe("invalid_parameter");
      expect(await stack.ledger.balance(accountId)).toBe(100);
    },
  );
});

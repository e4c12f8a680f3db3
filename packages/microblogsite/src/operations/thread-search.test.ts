import { serviceErrorOf } from "@sda/testing";
import { describe, expect } from "vitest";
import { microblogTest, runner, xrpcAnswer, xrpcError } from "../../test/fixtures.ts";
import { postCommentsParams } from "../spec/post-comments.ts";
import { searchParams } from "../spec/search.ts";
import { userSearchParams } from "../spec/user-search.ts";
import { postCommentsHandler } from "./post-comments.ts";
import { searchHandler } from "./search.ts";
import { userSearchHandler } from "./user-search.ts";

const test = microblogTest
  .extend("comments", ({ ctx }) => runner(postCommentsParams, postCommentsHandler)(ctx))
  .extend("search", ({ ctx }) => runner(searchParams, searchHandler)(ctx))
  .extend("users", ({ ctx }) => runner(userSearchParams, userSearchHandler)(ctx));

const ROOT = "at://did:plc:ntd53albt5ffa4rgervvgibd/app.bsky.feed.post/3kbi55xm6u62v";
const post = (rkey: string) => `at://did:plc:ntd53albt5ffa4rgervvgibd/app.bsky.feed.post/${rkey}`;

describe("post comments", () => {
  test("thread-3kbi55xm6u62v-nested: the nested thread as a flat depth-first list with depth and parentId", async ({
    comments,
  }) => {
    const { data, source, count } = await comments({
      url: "https://bsky.app/profile/jbgruber.bsky.social/post/3kbi55xm6u62v",
    });
    expect(source).toBe("appview:getPostThread");
    expect(count).toBe(3);
    expect(data.post).toMatchObject({ id: ROOT, author: { username: "jbgruber.bsky.social" } });
    expect(data.comments.map((c) => [c.id, c.depth, c.parentId])).toEqual([
      [post("3kbi56mwx5j2q"), 0, ROOT],
      [post("3kbi57u4sys2l"), 1, post("3kbi56mwx5j2q")],
      [post("3kbi5dzaujr2n"), 2, post("3kbi57u4sys2l")],
    ]);
    expect(data.comments[1]).toMatchObject({
      isNotFound: false,
      isBlocked: false,
      replyTo: { parentId: post("3kbi56mwx5j2q"), rootId: ROOT },
      mentions: [{ username: "benguinaudeau.bsky.social" }],
    });
    expect(data).toMatchObject({ totalReturned: 3, hasMore: false, nextCursor: null });
  });

  test("a reply's own thread lists its replies only; pages of 1 continue by cursor", async ({ comments }) => {
    const url = post("3kbi57u4sys2l");
    const first = await comments({ url });
    expect(first.data.comments.map((c) => c.id)).toEqual([post("3kbi5dzaujr2n")]);
    const paged = await comments({ url: ROOT, limit: "2" });
    expect(paged.data.hasMore).toBe(true);
    const rest = await comments({ url: ROOT, limit: "2", cursor: paged.data.nextCursor ?? "" });
    expect(rest.data.comments.map((c) => c.id)).toEqual([post("3kbi5dzaujr2n")]);
    expect(rest.data.hasMore).toBe(false);
  });

  test("not-found and blocked replies are kept as such", async ({ comments, inject }) => {
    const author = { did: "did:plc:ntd53albt5ffa4rgervvgibd", handle: "jbgruber.bsky.social" };
    inject(
      xrpcAnswer("app.bsky.feed.getPostThread", {
        _synthetic: "a thread with a deleted and a blocked reply (none is recorded, corpus README)",
        thread: {
          $type: "app.bsky.feed.defs#threadViewPost",
          post: {
            uri: ROOT,
            cid: "bafy",
            author,
            record: { text: "root", createdAt: "2023-10-16T09:00:00Z" },
          },
          replies: [
            { $type: "app.bsky.feed.defs#notFoundPost", uri: post("3gone"), notFound: true },
            {
              $type: "app.bsky.feed.defs#blockedPost",
              uri: "at://did:plc:blocker/app.bsky.feed.post/3blocked",
              blocked: true,
              blockedAuthor: { did: "did:plc:blocker" },
            },
          ],
        },
      }),
    );
    const { data, count } = await comments({ url: ROOT });
    expect(count).toBe(2);
    expect(data.comments[0]).toMatchObject({ id: post("3gone"), isNotFound: true, text: null, depth: 0 });
    expect(data.comments[1]).toMatchObject({
      isBlocked: true,
      author: { id: "did:plc:blocker" },
      parentId: ROOT,
    });
  });

  test("a missing post is 404 post_not_found", async ({ comments }) => {
    expect(await serviceErrorOf(comments({ url: post("3zzzzzzzzzz2a") }))).toMatchObject({
      code: "post_not_found",
      status: 404,
    });
  });
});

describe("search", () => {
  test("q=rstats: the first 20 of 100 recorded posts, newest first, no sort sent", async ({ search }) => {
    const { data, source, count } = await search({ q: "rstats" });
    expect(source).toBe("appview:searchPosts");
    expect(count).toBe(20);
    expect(data).toMatchObject({ query: "rstats", sort: "latest", hasMore: true, totalHits: null });
    expect(data.posts[0]?.id).toBe("at://did:plc:xxppgquw2duy3v2qh6mg5oiv/app.bsky.feed.post/3lt4t5vltz22t");
  });

  test("a hashtag query and the labels of its posts", async ({ search }) => {
    const { data } = await search({ q: "#rstats", limit: "100" });
    expect(data.totalReturned).toBe(100);
    expect(data.posts.flatMap((p) => p.tags)).toContain("rstats");
  });

  test("search-posts-advanced-top: every filter, dates as UTC with milliseconds: the one recorded hit", async ({
    search,
  }) => {
    const { data } = await search({
      q: "{atrrr}",
      sort: "top",
      since: "2024-12-05",
      until: "2024-12-07T00:00:00Z",
      author: "@jbgruber.bsky.social",
      domain: "jbgruber.github.io",
      linkUrl: "https://jbgruber.github.io/atrrr",
      tag: "#rstats",
    });
    expect(data.posts.map((p) => p.id)).toEqual([post("3lcmymlgxwa2t")]);
    expect(data).toMatchObject({ sort: "top", hasMore: false, nextCursor: null });
  });

  test("the public AppView's 403 without an operator account is 502 credentials_required", async ({
    search,
    inject,
  }) => {
    inject(xrpcError("app.bsky.feed.searchPosts", 403, "Forbidden", "search requires auth"));
    expect(await serviceErrorOf(search({ q: "rstats" }))).toMatchObject({
      code: "credentials_required",
      status: 502,
      retryable: false,
    });
  });

  test("the public AppView's 401 with an operator account: logs in, searches as the operator", async ({
    contextWith,
    inject,
  }) => {
    const ctx = contextWith({
      MICROBLOGSITE_IDENTIFIER: "operator-a.bsky.social",
      MICROBLOGSITE_APP_PASSWORD: "abcd-efgh-ijkl-mnop",
    });
    inject(xrpcError("app.bsky.feed.searchPosts", 401, "AuthMissing", "Authentication Required", 1));
    inject(xrpcAnswer("com.atproto.server.createSession", session(3600)));
    const { data, source } = await runner(searchParams, searchHandler)(ctx)({ q: "rstats", limit: "3" });
    expect(source).toBe("appview:searchPosts+operator");
    expect(data.totalReturned).toBe(3);
  });

  test("a refused app password is 502 credentials_required", async ({ contextWith, inject }) => {
    const ctx = contextWith({
      MICROBLOGSITE_IDENTIFIER: "operator-b.bsky.social",
      MICROBLOGSITE_APP_PASSWORD: "wrong",
    });
    inject(xrpcError("app.bsky.feed.searchPosts", 401, "AuthMissing", "Authentication Required", 1));
    inject(
      xrpcError(
        "com.atproto.server.createSession",
        401,
        "AuthenticationRequired",
        "Invalid identifier or password",
      ),
    );
    expect(await serviceErrorOf(runner(searchParams, searchHandler)(ctx)({ q: "rstats" }))).toMatchObject({
      code: "credentials_required",
      details: { reason: "login_refused" },
    });
  });

  test("an expiring session is refreshed, not logged into again", async ({ contextWith, inject, replay }) => {
    const ctx = contextWith({
      MICROBLOGSITE_IDENTIFIER: "operator-c.bsky.social",
      MICROBLOGSITE_APP_PASSWORD: "abcd-efgh-ijkl-mnop",
    });
    const search = runner(searchParams, searchHandler)(ctx);
    // The first login's access token expires within the minute: the next call refreshes it.
    // Each call's public request is refused (the odd requests), its request as the operator answered.
    let searches = 0;
    inject({
      ...xrpcError("app.bsky.feed.searchPosts", 403, "Forbidden", "no"),
      when: (r) => r.path === "/xrpc/app.bsky.feed.searchPosts" && searches++ % 2 === 0,
    });
    inject(xrpcAnswer("com.atproto.server.createSession", session(30)));
    inject(xrpcAnswer("com.atproto.server.refreshSession", session(3600)));
    await search({ q: "rstats", limit: "1" });
    const before = replay.hits.length;
    await search({ q: "rstats", limit: "1" });
    const paths = replay.hits.slice(before).map((h) => h.path);
    expect(paths).toContain("/xrpc/com.atproto.server.refreshSession");
    expect(paths).not.toContain("/xrpc/com.atproto.server.createSession");
  });
});

describe("user search", () => {
  test("search-actors, q=JBGruber: three accounts with bios, 1 page", async ({ users }) => {
    const { data, source, count } = await users({ q: "JBGruber" });
    expect(source).toBe("appview:searchActors");
    expect(count).toBe(3);
    expect(data.users.map((u) => u.username)).toEqual([
      "r-bloggers.bsky.social",
      "schwabenschau.bsky.social",
      "jbgruber.bsky.social",
    ]);
    expect(data.users[2]).toMatchObject({
      id: "did:plc:ntd53albt5ffa4rgervvgibd",
      url: "https://bsky.app/profile/jbgruber.bsky.social",
      bio: expect.stringContaining("Senior Researcher"),
    });
    expect(data).toMatchObject({ hasMore: false, nextCursor: null });
  });

  test("q=favstats.eu: one account", async ({ users }) => {
    expect((await users({ q: "favstats.eu" })).data.totalReturned).toBe(1);
  });
});

/** A synthetic `createSession`/`refreshSession` answer whose access token expires in `seconds`. */
function session(seconds: number) {
  const jwt = (exp: number) =>
    `e30.${Buffer.from(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + exp })).toString("base64url")}.sig`;
  return {
    did: "did:plc:operator",
    handle: "operator.bsky.social",
    accessJwt: jwt(seconds),
    refreshJwt: jwt(86_400),
  };
}

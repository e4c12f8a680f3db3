import { serviceErrorOf } from "@sda/testing";
import { describe, expect } from "vitest";
import { fediTest, run } from "../../test/fixtures.ts";
import { followersSpec } from "../spec/followers.ts";
import { followingSpec } from "../spec/following.ts";
import { postLikesSpec } from "../spec/post-likes.ts";
import { postRepostsSpec } from "../spec/post-reposts.ts";
import { followersHandler } from "./followers.ts";
import { followingHandler } from "./following.ts";
import { postLikesHandler } from "./post-likes.ts";
import { postRepostsHandler } from "./post-reposts.ts";

// The four lists of accounts over the HTTP replay: recorded first pages (their next pages were not recorded).

const SCHOCHASTICS = "https://fosstodon.org/web/accounts/109302436954721982";
const THREAD = "https://mastodon.social/@Gargron/109294719267373593";

describe("followers and following", () => {
  fediTest("a page of accounts with full handles, continued by cursor", async ({ ctx }) => {
    const followers = await run(followersSpec, followersHandler, ctx, { url: SCHOCHASTICS, limit: "2" });
    expect(followers.source).toBe("mastodon:followers");
    expect(followers.data).toMatchObject({
      accountId: "109302436954721982",
      totalReturned: 2,
      hasMore: true,
    });
    for (const user of followers.data.users) expect(user.username).toMatch(/^[^@]+@[^@]+\.[^@]+$/);
    const rest = await run(followersSpec, followersHandler, ctx, {
      url: SCHOCHASTICS,
      limit: "1",
      cursor: followers.data.nextCursor ?? "",
    });
    expect(rest.data.users).toHaveLength(1);
    expect(followers.data.users.map((u) => u.id)).not.toContain(rest.data.users[0]?.id);
    const following = await run(followingSpec, followingHandler, ctx, { url: SCHOCHASTICS, limit: "3" });
    expect(following.data.users).toHaveLength(3);
  });

  fediTest("a cursor of followers is refused by following", async ({ ctx }) => {
    const followers = await run(followersSpec, followersHandler, ctx, { url: SCHOCHASTICS, limit: "1" });
    const error = await serviceErrorOf(
      run(followingSpec, followingHandler, ctx, {
        url: SCHOCHASTICS,
        cursor: followers.data.nextCursor ?? "",
      }),
    );
    expect(error.code).toBe("invalid_cursor");
  });
});

describe("post-likes and post-reposts", () => {
  fediTest("the 40 accounts of each recorded first page", async ({ ctx }) => {
    const likes = await run(postLikesSpec, postLikesHandler, ctx, { url: THREAD });
    expect(likes).toMatchObject({ source: "mastodon:favourited_by", count: 40 });
    expect(likes.data).toMatchObject({ postId: "109294719267373593", hasMore: true });
    const reposts = await run(postRepostsSpec, postRepostsHandler, ctx, { url: THREAD, limit: "40" });
    expect(reposts).toMatchObject({ source: "mastodon:reblogged_by", count: 40 });
  });
});

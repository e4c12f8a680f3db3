import { serviceErrorOf } from "@sda/testing";
import { describe, expect } from "vitest";
import { recordedAnswer } from "../../test/corpus.ts";
import { microblogTest, runner, xrpcAnswer, xrpcError } from "../../test/fixtures.ts";
import { AppView } from "../client/appview.ts";
import { profileMissing, resolveDid } from "../client/identity.ts";
import { feedParams } from "../spec/feed.ts";
import { followersParams } from "../spec/followers.ts";
import { followingParams } from "../spec/following.ts";
import { listFeedParams } from "../spec/list-feed.ts";
import { postLikesParams } from "../spec/post-likes.ts";
import { postRepostsParams } from "../spec/post-reposts.ts";
import { feedHandler } from "./feed.ts";
import { followersHandler } from "./followers.ts";
import { followingHandler } from "./following.ts";
import { listFeedHandler } from "./list-feed.ts";
import { postLikesHandler } from "./post-likes.ts";
import { postRepostsHandler } from "./post-reposts.ts";

const test = microblogTest
  .extend("followers", ({ ctx }) => runner(followersParams, followersHandler)(ctx))
  .extend("following", ({ ctx }) => runner(followingParams, followingHandler)(ctx))
  .extend("likes", ({ ctx }) => runner(postLikesParams, postLikesHandler)(ctx))
  .extend("reposts", ({ ctx }) => runner(postRepostsParams, postRepostsHandler)(ctx))
  .extend("feed", ({ ctx }) => runner(feedParams, feedHandler)(ctx))
  .extend("listFeed", ({ ctx }) => runner(listFeedParams, listFeedHandler)(ctx));

const THREAD_ROOT = "https://bsky.app/profile/jbgruber.bsky.social/post/3kbi55xm6u62v";
const LIST = "at://did:plc:z4cp3uwgxiioi7uaxn2boq47/app.bsky.graph.list/3l7o5d7b7nl2q";

describe("identity", () => {
  test("resolve-handle: both recorded handles resolve to their DIDs", async ({ ctx }) => {
    const appview = new AppView(ctx);
    expect(await resolveDid(appview, "jbgruber.bsky.social")).toBe("did:plc:ntd53albt5ffa4rgervvgibd");
    expect(await resolveDid(appview, "chriskenny.bsky.social")).toBe("did:plc:wpe35pganb6d4pg4ekmfy6u5");
  });

  test("actor-likes-profile-not-found: the AppView's real 'Profile not found' is 404 profile_not_found", async ({
    ctx,
  }) => {
    const query = new AppView(ctx).get(
      "app.bsky.feed.getActorLikes",
      { actor: "chriskenny.bsky.social" },
      () => profileMissing("chriskenny.bsky.social"),
    );
    expect(await serviceErrorOf(query)).toMatchObject({ code: "profile_not_found", status: 404 });
  });
});

describe("followers and following", () => {
  test("following: 48 accounts and the account itself; labels kept", async ({ following }) => {
    const { data, source, count } = await following({
      url: "https://bsky.app/profile/chriskenny.bsky.social",
    });
    expect(source).toBe("appview:getFollows");
    expect(count).toBe(48);
    expect(data.subject).toMatchObject({
      username: "chriskenny.bsky.social",
      id: "did:plc:wpe35pganb6d4pg4ekmfy6u5",
    });
    expect(data.users[0]).toMatchObject({
      username: "sunyoungpark.bsky.social",
      url: "https://bsky.app/profile/sunyoungpark.bsky.social",
    });
    expect(data.users.filter((u) => u.labels.includes("!no-unauthenticated"))).toHaveLength(4);
    expect(data.hasMore).toBe(true);
  });

  test("following in pages of 20: the cursor continues within the recorded page", async ({ following }) => {
    const whole = await following({ url: "chriskenny.bsky.social", limit: "40" });
    const first = await following({ url: "chriskenny.bsky.social", limit: "20" });
    const second = await following({
      url: "chriskenny.bsky.social",
      limit: "20",
      cursor: first.data.nextCursor ?? "",
    });
    expect([...first.data.users, ...second.data.users].map((u) => u.id)).toEqual(
      whole.data.users.map((u) => u.id),
    );
  });

  test("followers: getFollowers' followers and subject (no recording: a synthetic answer of its lexicon shape)", async ({
    followers,
    inject,
  }) => {
    const follows = recordedAnswer("follows-chriskenny.bsky.social") as {
      subject: unknown;
      follows: unknown[];
    };
    inject(
      xrpcAnswer("app.bsky.graph.getFollowers", {
        _synthetic: "getFollowers is not recorded; the accounts of the recorded getFollows, as followers",
        subject: follows.subject,
        followers: follows.follows.slice(0, 3),
      }),
    );
    const { data, source } = await followers({ url: "@chriskenny.bsky.social" });
    expect(source).toBe("appview:getFollowers");
    expect(data).toMatchObject({ totalReturned: 3, hasMore: false, nextCursor: null });
    expect(data.subject?.username).toBe("chriskenny.bsky.social");
  });

  test("an unknown account is 404 profile_not_found", async ({ followers, inject }) => {
    inject(xrpcError("app.bsky.graph.getFollowers", 400, "InvalidRequest", "Profile not found"));
    expect(await serviceErrorOf(followers({ url: "nobody.bsky.social" }))).toMatchObject({
      code: "profile_not_found",
    });
  });
});

describe("likes and reposts", () => {
  test("likes-reposts-3kbi55xm6u62v: 25 likers with when they liked, from a bsky.app link by handle", async ({
    likes,
  }) => {
    const { data, source, count } = await likes({ url: THREAD_ROOT });
    expect(source).toBe("appview:getLikes");
    expect(count).toBe(25);
    expect(data.postId).toBe("at://did:plc:ntd53albt5ffa4rgervvgibd/app.bsky.feed.post/3kbi55xm6u62v");
    expect(data.users[0]).toMatchObject({
      username: "georgeradics.bsky.social",
      likedAt: "2025-03-13T17:16:46.860Z",
    });
    expect(data.users.filter((u) => u.labels.length > 0)).toHaveLength(3);
    expect(data.hasMore).toBe(true);
  });

  test("post-3k7qmjev5lr2s: four likers, the end of the list", async ({ likes }) => {
    const { data } = await likes({
      url: "at://did:plc:ic6zqvuw5ulmfpjiwnhsr2ns/app.bsky.feed.post/3k7qmjev5lr2s",
    });
    expect(data).toMatchObject({ totalReturned: 4, hasMore: false, nextCursor: null });
  });

  test("likes-reposts-3kbi55xm6u62v: 25 reposters", async ({ reposts }) => {
    const { data, source } = await reposts({ url: THREAD_ROOT, limit: "25" });
    expect(source).toBe("appview:getRepostedBy");
    expect(data.users[0]?.username).toBe("johannesbreuer.com");
    expect(data).toMatchObject({ totalReturned: 25, hasMore: true });
  });
});

describe("custom feeds and list feeds", () => {
  test("custom-feed-bsky-team: seven posts, by the feed's at:// URI", async ({ feed }) => {
    const { data, source } = await feed({
      url: "at://did:plc:z72i7hdynmk6r22z27h6tvur/app.bsky.feed.generator/bsky-team",
    });
    expect(source).toBe("appview:getFeed");
    expect(data.feedId).toBe("at://did:plc:z72i7hdynmk6r22z27h6tvur/app.bsky.feed.generator/bsky-team");
    expect(data.posts[0]?.id).toBe("at://did:plc:z72i7hdynmk6r22z27h6tvur/app.bsky.feed.post/3lpk2lf7k6k2t");
    expect(data.totalReturned).toBe(7);
  });

  test("custom-feed-aaaeckvqc3gzg: 25 posts and the generator's opaque cursor behind ours", async ({
    feed,
  }) => {
    const { data } = await feed({
      url: "https://bsky.app/profile/did:plc:2zcfjzyocp6kapg6jc4eacok/feed/aaaeckvqc3gzg",
      limit: "25",
    });
    expect(data).toMatchObject({ totalReturned: 25, hasMore: true });
    expect(data.nextCursor).not.toContain("at://");
  });

  test("an unknown feed is 404 feed_not_found", async ({ feed, inject }) => {
    inject(xrpcError("app.bsky.feed.getFeed", 400, "UnknownFeed", "Unknown feed"));
    expect(
      await serviceErrorOf(
        feed({ url: "at://did:plc:z72i7hdynmk6r22z27h6tvur/app.bsky.feed.generator/nope" }),
      ),
    ).toMatchObject({ code: "feed_not_found", status: 404 });
  });

  test("list-feed-3l7o5d7b7nl2q-two-pages: two recorded pages read as one 40-post page, then the rest by cursor", async ({
    listFeed,
  }) => {
    const first = await listFeed({ url: LIST, limit: "40" });
    expect(first.source).toBe("appview:getListFeed");
    expect(first.data.listId).toBe(LIST);
    expect(first.data.posts[0]?.id).toBe(
      "at://did:plc:fbfsfme4w4xkhhtaud2luj54/app.bsky.feed.post/3lt4uayclbs2n",
    );
    expect(first.data.posts[24]?.id).toBe(
      "at://did:plc:fbfsfme4w4xkhhtaud2luj54/app.bsky.feed.post/3lt3jgozm722h",
    );
    expect(first.data.totalReturned).toBe(40);
    const rest = await listFeed({ url: LIST, limit: "8", cursor: first.data.nextCursor ?? "" });
    expect(rest.data.totalReturned).toBe(8);
    expect(new Set([...first.data.posts, ...rest.data.posts].map((p) => p.id)).size).toBe(48);
  });

  test("a missing list is 404 list_not_found", async ({ listFeed, inject }) => {
    inject(xrpcError("app.bsky.feed.getListFeed", 400, "InvalidRequest", "List not found"));
    expect(
      await serviceErrorOf(
        listFeed({ url: "at://did:plc:z4cp3uwgxiioi7uaxn2boq47/app.bsky.graph.list/3nope" }),
      ),
    ).toMatchObject({ code: "list_not_found" });
  });
});

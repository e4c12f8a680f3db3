import { serviceErrorOf } from "@sda/testing";
import { describe, expect } from "vitest";
import { microblogTest, runner, xrpcError } from "../../test/fixtures.ts";
import { postDetailsParams } from "../spec/post-details.ts";
import { postsParams } from "../spec/posts.ts";
import { profileParams } from "../spec/profile.ts";
import { postDetailsHandler } from "./post-details.ts";
import { postsHandler } from "./posts.ts";
import { profileHandler } from "./profile.ts";

const test = microblogTest
  .extend("profile", ({ ctx }) => runner(profileParams, profileHandler)(ctx))
  .extend("posts", ({ ctx }) => runner(postsParams, postsHandler)(ctx))
  .extend("details", ({ ctx }) => runner(postDetailsParams, postDetailsHandler)(ctx));

describe("profile", () => {
  test("a profile link, a handle with @ and a handle read the same recorded getProfile", async ({
    profile,
  }) => {
    for (const url of ["https://bsky.app/profile/jbgruber.bsky.social", "@jbgruber.bsky.social"]) {
      const { data, source } = await profile({ url });
      expect(source).toBe("appview:getProfile");
      expect(data).toMatchObject({ id: "did:plc:ntd53albt5ffa4rgervvgibd", followers: 1224, postCount: 374 });
    }
  });

  test("profile-not-found-synthetic: the AppView's 'Profile not found' is 404 profile_not_found", async ({
    profile,
  }) => {
    expect(await serviceErrorOf(profile({ url: "this-handle-does-not-exist.bsky.social" }))).toMatchObject({
      code: "profile_not_found",
      status: 404,
      retryable: false,
    });
  });

  test("another refusal of the AppView is 502 upstream_error, not retryable, naming it", async ({
    profile,
    inject,
  }) => {
    inject(
      xrpcError(
        "app.bsky.actor.getProfile",
        400,
        "InvalidRequest",
        "Error: actor must be a valid did or a handle",
      ),
    );
    expect(await serviceErrorOf(profile({ url: "jbgruber.bsky.social" }))).toMatchObject({
      code: "upstream_error",
      status: 502,
      retryable: false,
      details: { upstreamError: "InvalidRequest" },
    });
  });
});

describe("posts (author feed)", () => {
  test("the first page of 25 recorded items, in pages of 10 and a cursor", async ({ posts }) => {
    const first = await posts({ url: "andrew.heiss.phd", limit: "10" });
    expect(first.source).toBe("appview:getAuthorFeed");
    expect(first.count).toBe(10);
    expect(first.data).toMatchObject({
      actor: "andrew.heiss.phd",
      filter: null,
      totalReturned: 10,
      hasMore: true,
    });
    const second = await posts({ url: "andrew.heiss.phd", limit: "10", cursor: first.data.nextCursor ?? "" });
    expect(second.data.posts[0]?.id).not.toBe(first.data.posts[9]?.id);
    expect(second.data.totalReturned).toBe(10);
  });

  test("a cursor of another account is 400 invalid_cursor", async ({ posts }) => {
    const first = await posts({ url: "andrew.heiss.phd", limit: "5" });
    expect(
      await serviceErrorOf(posts({ url: "jbgruber.bsky.social", cursor: first.data.nextCursor ?? "" })),
    ).toMatchObject({ code: "invalid_cursor", status: 400 });
  });
});

describe("post details", () => {
  test("an at:// URI reads getPostThread without replies", async ({ details }) => {
    const { data, source } = await details({
      url: "at://did:plc:ic6zqvuw5ulmfpjiwnhsr2ns/app.bsky.feed.post/3k7qmjev5lr2s",
    });
    expect(source).toBe("appview:getPostThread");
    expect(data).toMatchObject({
      author: { username: "soubhikbarari.bsky.social" },
      embed: { type: "images" },
      isRepost: false,
    });
  });

  test("a bsky.app link by handle resolves the handle to the DID first", async ({ details }) => {
    const { data } = await details({
      url: "https://bsky.app/profile/jbgruber.bsky.social/post/3kbi55xm6u62v",
    });
    expect(data).toMatchObject({
      id: "at://did:plc:ntd53albt5ffa4rgervvgibd/app.bsky.feed.post/3kbi55xm6u62v",
      url: "https://bsky.app/profile/jbgruber.bsky.social/post/3kbi55xm6u62v",
      replyTo: null,
    });
  });

  test("a reply carries its parent and root", async ({ details }) => {
    const { data } = await details({
      url: "https://bsky.app/profile/did:plc:ntd53albt5ffa4rgervvgibd/post/3kbi57u4sys2l",
    });
    expect(data.replyTo?.rootId).toBe(
      "at://did:plc:ntd53albt5ffa4rgervvgibd/app.bsky.feed.post/3kbi55xm6u62v",
    );
  });

  test("thread-not-found-synthetic: the AppView's NotFound is 404 post_not_found", async ({ details }) => {
    expect(
      await serviceErrorOf(
        details({ url: "at://did:plc:ntd53albt5ffa4rgervvgibd/app.bsky.feed.post/3zzzzzzzzzz2a" }),
      ),
    ).toMatchObject({ code: "post_not_found", status: 404, retryable: false });
  });
});

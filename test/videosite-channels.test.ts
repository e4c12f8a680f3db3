import { describe, expect } from "vitest";
import { stackTest } from "./support/fixtures.ts";

const DETAILS = "/v1/videosite/channel-details";
const VIDEOS = "/v1/videosite/channel-videos";
const SHORTS = "/v1/videosite/channel-shorts";

describe("GET /v1/videosite/channel-details over HTTP", () => {
  stackTest(
    "200 for a legacy /user/ URL: profile core, always-keyed fields, aliases, 1 credit",
    async ({ stack }) => {
      const { key, accountId } = await stack.account();
      const response = await stack.get(DETAILS, key, { url: "https://www.youtube.com/user/creativecommons" });
      expect(response.status).toBe(200);
      const data = response.body.data;
      expect(data).toMatchObject({
        platform: "videosite",
        id: "UCTwECeGqMZee77BjdoYtI2Q",
        username: "creativecommons",
        displayName: "Creative Commons",
        canonicalUrl: "https://www.youtube.com/@creativecommons",
        followers: 8840,
        followersIsApproximate: true,
        postCount: 258,
        tags: ["creative commons", "remix", "culture", "nonprofit"],
        subscriberCount: 8840,
        videoCount: 258,
      });
      for (const key of [
        "banner",
        "country",
        "countryName",
        "email",
        "createdAt",
        "links",
        "verified",
        "avatar",
        "bio",
      ])
        expect(data).toHaveProperty(key);
      expect(data).not.toHaveProperty("following");
      expect(response.headers.get("x-service-credits")).toBe("1");
      expect(response.headers.get("x-service-source")).toBe("innertube:resolve+browse");
      expect(await stack.ledger.balance(accountId)).toBe(99);
    },
  );

  stackTest(
    "unknown handle 404 channel_not_found; terminated and age-restricted 404 channel_unavailable; none billed",
    async ({ stack }) => {
      const { key, accountId } = await stack.account();
      const unknown = await stack.get(DETAILS, key, { url: "@nonExistingHandleThatWillNeverExist15464" });
      expect(unknown.status).toBe(404);
      expect(unknown.body.error).toMatchObject({ code: "channel_not_found", retryable: false });
      const terminated = await stack.get(DETAILS, key, {
        url: "https://www.youtube.com/channel/UCoaO4U_p7G7AwalqSbGCZOA",
      });
      expect(terminated.status).toBe(404);
      expect(terminated.body.error).toMatchObject({ code: "channel_unavailable", reason: "terminated" });
      const restricted = await stack.get(DETAILS, key, { url: "UCbfnHqxXs_K3kvaH-WlNlig" });
      expect(restricted.body.error).toMatchObject({ code: "channel_unavailable", reason: "age_restricted" });
      for (const r of [unknown, terminated, restricted]) expect(r.headers.get("x-service-credits")).toBe("0");
      expect(await stack.ledger.balance(accountId)).toBe(100);
    },
  );

  stackTest("a video URL is 422 unsupported_url, garbage is 400", async ({ stack }) => {
    const { key } = await stack.account();
    const video = await stack.get(DETAILS, key, { url: "https://www.youtube.com/watch?v=xaQJbozY_Is" });
    expect(video.status).toBe(422);
    expect(video.body.error.code).toBe("unsupported_url");
    const garbage = await stack.get(DETAILS, key, { url: "not a channel!" });
    expect(garbage.status).toBe(400);
  });
});

describe("GET /v1/videosite/channel-videos over HTTP", () => {
  stackTest("two pages through nextCursor: 30 + 30 different videos, 2 credits each", async ({ stack }) => {
    const { key, accountId } = await stack.account();
    const url = "https://www.youtube.com/channel/UCTwECeGqMZee77BjdoYtI2Q";
    const first = await stack.get(VIDEOS, key, { url, limit: "30" });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      url: "https://www.youtube.com/@creativecommons",
      totalReturned: 30,
      hasMore: true,
    });
    const row = first.body.data.videos[0];
    for (const field of [
      "id",
      "url",
      "title",
      "publishedAt",
      "publishedTimeText",
      "viewCount",
      "viewCountIsApproximate",
      "durationSeconds",
      "durationFormatted",
      "genre",
      "badges",
      "thumbnailUrl",
      "channelName",
      "channel",
    ])
      expect(row).toHaveProperty(field);
    expect(row).toMatchObject({
      channelName: "Creative Commons",
      channel: { id: "UCTwECeGqMZee77BjdoYtI2Q" },
    });
    const second = await stack.get(VIDEOS, key, { url, limit: "30", cursor: first.body.data.nextCursor });
    expect(second.status).toBe(200);
    const ids = [...first.body.data.videos, ...second.body.data.videos].map((v: { id: string }) => v.id);
    expect(new Set(ids).size).toBe(60);
    expect(second.headers.get("x-service-credits")).toBe("2");
    expect(await stack.ledger.balance(accountId)).toBe(96);
  });

  stackTest("the older videoRenderer format lists alike", async ({ stack }) => {
    const { key } = await stack.account();
    const response = await stack.get(VIDEOS, key, { url: "UCsXVk37bltHxD1rDPwtNM8Q", limit: "5" });
    expect(response.body.data.videos[0]).toMatchObject({ id: "D0WQK7cMJn8", viewCount: 1545374 });
  });

  stackTest("fast=true reads the feed for 1 credit, without nextCursor and hasMore", async ({ stack }) => {
    const { key, accountId } = await stack.account();
    const response = await stack.get(VIDEOS, key, {
      url: "https://www.youtube.com/user/Kurzgesagt",
      fast: "true",
    });
    expect(response.status).toBe(200);
    expect(response.body.data.totalReturned).toBe(15);
    expect(response.body.data).not.toHaveProperty("nextCursor");
    expect(response.body.data).not.toHaveProperty("hasMore");
    expect(response.body.data.videos[0].publishedAt).toBe("2026-01-22T15:01:42.000Z");
    expect(response.headers.get("x-service-credits")).toBe("1");
    expect(response.headers.get("x-service-source")).toBe("feed");
    expect(await stack.ledger.balance(accountId)).toBe(99);
  });

  stackTest(
    "a channel with no uploads in its tab answers 200 with no videos for 0 credits",
    async ({ stack }) => {
      const { key, accountId } = await stack.account();
      const response = await stack.get(VIDEOS, key, { url: "UCEgdi0XIXXZ-qJOFPf4JSKw" });
      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({
        totalReturned: 0,
        videos: [],
        nextCursor: null,
        hasMore: false,
      });
      expect(response.headers.get("x-service-credits")).toBe("0");
      expect(await stack.ledger.balance(accountId)).toBe(100);
    },
  );

  stackTest("limit out of range and a cursor of another channel are 400, not billed", async ({ stack }) => {
    const { key, accountId } = await stack.account();
    expect((await stack.get(VIDEOS, key, { url: "UCsXVk37bltHxD1rDPwtNM8Q", limit: "201" })).status).toBe(
      400,
    );
    const page = await stack.get(VIDEOS, key, { url: "UCsXVk37bltHxD1rDPwtNM8Q", limit: "2" });
    const foreign = await stack.get(VIDEOS, key, {
      url: "UCTwECeGqMZee77BjdoYtI2Q",
      cursor: page.body.data.nextCursor,
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.code).toBe("invalid_cursor");
    expect(await stack.ledger.balance(accountId)).toBe(98);
  });
});

describe("GET /v1/videosite/channel-shorts over HTTP", () => {
  stackTest("lists the Shorts tab with the comment-count keys, 2 credits", async ({ stack }) => {
    const { key, accountId } = await stack.account();
    const response = await stack.get(SHORTS, key, {
      url: "https://www.youtube.com/channel/UCh8gHdtzO2tXd593_bjErWg",
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ tab: "shorts", totalReturned: 20, hasMore: true });
    expect(response.body.data.videos[0]).toMatchObject({
      id: "l-X5WbDSH2o",
      url: "https://www.youtube.com/shorts/l-X5WbDSH2o",
      viewCount: 895000,
      viewCountIsApproximate: true,
      commentCount: null,
    });
    expect(await stack.ledger.balance(accountId)).toBe(98);
  });
});

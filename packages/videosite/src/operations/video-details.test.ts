import { parseParams } from "@sda/contract";
import { serviceErrorOf } from "@sda/testing";
import { describe, expect, it } from "vitest";
import { videositeTest } from "../../test/fixtures.ts";
import { videoDetailsParams } from "../spec/video-details.ts";
import { videositePlatform } from "../spec.ts";
import { getVideoDetails } from "./video-details.ts";

/** `details(url)` runs the handler against the replay; `failure(url)` expects it to fail with a ServiceError. */
const test = videositeTest
  .extend(
    "details",
    ({ ctx }) =>
      async (url: string) =>
        getVideoDetails(parseParams(videoDetailsParams, { url }), ctx),
  )
  .extend(
    "failure",
    ({ details }) =>
      (url: string) =>
        serviceErrorOf(details(url)),
  );
const watch = (id: string) => `https://www.youtube.com/watch?v=${id}`;

/** The SPEC §2.6 keys, plus the live and family-safe flags; every 200 carries all of them. */
const KEYS = [
  "url",
  "id",
  "title",
  "description",
  "channelName",
  "channelId",
  "channelUrl",
  "channelVerified",
  "publishedAt",
  "durationSeconds",
  "durationFormatted",
  "viewCount",
  "likeCount",
  "likeCountIsApproximate",
  "commentCount",
  "commentCountIsApproximate",
  "thumbnailUrl",
  "thumbnails",
  "genre",
  "categoryId",
  "tags",
  "availableCaptions",
  "descriptionLinks",
  "defaultLanguage",
  "defaultAudioLanguage",
  "degraded",
  "degradedReason",
  "isLive",
  "isLiveContent",
  "isUpcoming",
  "liveStartedAt",
  "scheduledStartAt",
  "isFamilySafe",
];

describe("GET /v1/videosite/video-details: 200", () => {
  test("full outcome for M4gD1WSo5mA from ANDROID player + WEB microformat + /next", async ({ details }) => {
    const { data, source } = await details("https://youtu.be/M4gD1WSo5mA");
    expect(source).toBe("innertube:android+web+next");
    for (const key of KEYS) expect(data).toHaveProperty(key);
    expect(data).toMatchObject({
      id: "M4gD1WSo5mA",
      channelId: "UCuLGmD72gJDBwmLw06X58SA",
      publishedAt: "2015-01-28T05:14:36.000Z",
      durationSeconds: 721,
      durationFormatted: "12:01",
      viewCount: 12916,
      likeCount: 72,
      genre: "Education",
      categoryId: "27",
      isFamilySafe: true,
      degraded: false,
      degradedReason: null,
    });
  });

  test("fills microformat and watch-next data from the watch page when the innertube parts fail", async ({
    details,
  }) => {
    const { data, source } = await details(watch("GJLlxj_dtq8"));
    expect(source).toBe("innertube:android+watch");
    expect(data).toMatchObject({
      title: "Surface Go Review - It\u2019s Awesome",
      channelName: "Dave2D",
      channelVerified: true,
      publishedAt: "2018-08-02T13:00:08.000Z",
      genre: "Science & Technology",
      categoryId: "28",
      likeCount: 43864,
      likeCountIsApproximate: false,
      commentCount: 2700,
      commentCountIsApproximate: true,
      commentCountText: "2.7K",
      degraded: false,
    });
    expect(data.availableCaptions).toHaveLength(9);
    expect(data.descriptionLinks[0]).toEqual({
      url: "https://amzn.to/2n3Y4sj",
      text: "https://amzn.to/2n3Y4sj",
    });
  });

  test("degraded outcome when neither the microformat nor the watch page can be read", async ({
    details,
  }) => {
    const { data, source } = await details(watch("kX3nB4PpJko"));
    expect(source).toBe("innertube:android+next");
    expect(data).toMatchObject({
      title: "Last To Take Hand Off Jet, Keeps It!",
      viewCount: 248861230,
      likeCount: 4961170,
      likeCountIsApproximate: false,
      publishedAt: null,
      genre: null,
      degraded: true,
      degradedReason: "partial-extraction",
    });
    expect(data.availableCaptions).toHaveLength(19);
  });

  test("degraded outcome with only the player: engagement unread, approximate flags still keyed", async ({
    details,
  }) => {
    const { data, source } = await details(watch("F1xioXWb8CY"));
    expect(source).toBe("innertube:android");
    expect(data).toMatchObject({
      likeCount: null,
      likeCountIsApproximate: false,
      commentCount: null,
      commentCountIsApproximate: false,
      channelVerified: null,
      descriptionLinks: [],
      degraded: true,
    });
  });

  test("an upcoming premiere: scheduled start, no duration, not playable", async ({ details }) => {
    const { data } = await details(watch("N-yVic7BbY0"));
    expect(data).toMatchObject({
      isUpcoming: true,
      isLiveContent: true,
      scheduledStartAt: "2023-02-28T14:00:00.000Z",
      durationSeconds: null,
      isPlayable: false,
      unplayableReason: "live_offline",
      likeCount: 7,
    });
  });

  test("an ended live stream: start and end times from the watch page's microformat", async ({ details }) => {
    const { data } = await details(watch("5YceQ8YqYMc"));
    expect(data).toMatchObject({
      isLive: false,
      isLiveContent: true,
      liveStartedAt: "2019-10-31T20:02:52.000Z",
      liveEndedAt: "2020-04-17T11:43:07.000Z",
      isUnlisted: true,
      unplayableReason: "live_recording_unavailable",
    });
  });

  test("a members-only video exists: 200 with its details, not playable", async ({ details }) => {
    const { data } = await details(watch("ayI2iBwGdxw"));
    expect(data).toMatchObject({
      title: "Behind the Scenes at EGX 2019 - Exclusive Members Video!",
      viewCount: null,
      isPlayable: false,
      unplayableReason: "members_only",
    });
  });
});

describe("GET /v1/videosite/video-details: errors", () => {
  test("404 video_unavailable for a private or non-existent video", async ({ failure }) => {
    const priv = await failure(watch("8VajtrESJzA"));
    expect([priv.code, priv.status, priv.details.reason]).toEqual(["video_unavailable", 404, "private"]);
    const missing = await failure(watch("don-t-exist"));
    expect([missing.code, missing.details.reason]).toEqual(["video_unavailable", "unavailable"]);
  });

  test("502 upstream_blocked for a bot check", async ({ failure }) => {
    const error = await failure(watch("BLOCKEDbot1"));
    expect([error.code, error.status, error.retryable]).toEqual(["upstream_blocked", 502, true]);
  });

  test("502 upstream_error when the player itself cannot be fetched", async ({ failure }) => {
    const error = await failure(watch("zzzzzzzzzzz"));
    expect([error.code, error.status, error.details.replay]).toEqual(["upstream_error", 502, "no_match"]);
  });

  it("is declared with a fixed price of 1 credit", () => {
    expect(videositePlatform.operations.find((op) => op.name === "video-details")).toMatchObject({
      id: "videosite.video-details",
      path: "/v1/videosite/video-details",
    });
    expect(videositePlatform.operations.find((op) => op.name === "video-details")?.price.max({})).toBe(1);
  });
});

import { describe, expect, it } from "vitest";
import { bodyJson, caseEntry, recordedClientPlayer, recordedPlayer } from "../../../test/corpus.ts";
import { isPlayerAnswer, readMicroformat, readPlayer } from "./player-reader.ts";

describe("readPlayer on ANDROID answers", () => {
  it("reads videoDetails and finds no microformat", () => {
    const player = readPlayer(recordedPlayer("video-M4gD1WSo5mA"));
    expect(player.playability).toMatchObject({ status: "OK", ageGate: false, scheduledStartTime: null });
    expect(player.details).toMatchObject({
      videoId: "M4gD1WSo5mA",
      title:
        "William Fisher, CopyrightX: Lecture 3.2, The Subject Matter of Copyright: Drama and choreography",
      channelId: "UCuLGmD72gJDBwmLw06X58SA",
      channelName: "The Berkman Klein Center for Internet & Society",
      lengthSeconds: 721,
      viewCount: 12916,
      isLive: false,
      isLiveContent: false,
      isUpcoming: false,
      allowRatings: true,
    });
    expect(player.details?.keywords).toHaveLength(3);
    expect(player.details?.thumbnails.map((t) => t.width)).toEqual([120, 320, 480, 640]);
    expect(player.microformat).toBeNull();
  });

  it("reads the live flags of a 24/7 stream", () => {
    const details = readPlayer(recordedPlayer("video-X4VbdwhkE10")).details;
    expect(details).toMatchObject({ isLive: true, isLiveContent: true, lengthSeconds: 0 });
  });

  it("reads the default audio track of a dubbed video from the caption list", () => {
    expect(readPlayer(recordedPlayer("video-kX3nB4PpJko")).defaultAudioTrackId).toBe("en.4");
  });

  it("reads a members-only answer: details without a view count", () => {
    const player = readPlayer(recordedPlayer("video-ayI2iBwGdxw"));
    expect(player.playability.status).toBe("UNPLAYABLE");
    expect(player.details).toMatchObject({ videoId: "ayI2iBwGdxw", viewCount: null, lengthSeconds: 751 });
  });

  it("reads a private answer: no details at all", () => {
    const player = readPlayer(recordedPlayer("video-8VajtrESJzA"));
    expect(player.playability).toMatchObject({
      status: "LOGIN_REQUIRED",
      reason: "This video is private",
      subreason: "If the owner of this video has granted you access, please sign in.",
    });
    expect(player.details).toBeNull();
  });

  it("reads the reel transport's empty answer as nothing", () => {
    const empty = bodyJson(
      caseEntry("player-invalid-ids", (m) => m.body?.["playerRequest.videoId"] === "don-t-exist"),
    );
    expect(empty).toEqual({});
    expect(isPlayerAnswer(empty)).toBe(false);
    const player = readPlayer(empty);
    expect(player.details).toBeNull();
    expect(player.playability.status).toBeNull();
  });
});

describe("readMicroformat", () => {
  it("reads the WEB $fields answer: dates with offset, category, exact like count", () => {
    expect(readMicroformat(recordedClientPlayer("video-M4gD1WSo5mA", "WEB"))).toMatchObject({
      publishDate: "2015-01-27T21:14:36-08:00",
      uploadDate: "2015-01-27T21:14:36-08:00",
      category: "Education",
      isFamilySafe: true,
      isUnlisted: false,
      likeCount: 72,
      viewCount: 12916,
      ownerProfileUrl: "http://www.youtube.com/@BKCHarvard",
      liveBroadcast: null,
    });
  });

  it("reads date-only dates and live broadcast details of older WEB answers", () => {
    expect(readMicroformat(recordedPlayer("video-QRS8MkLhQmM"))).toMatchObject({
      publishDate: "2008-09-22",
      category: "Howto & Style",
      likeCount: null,
    });
    expect(readMicroformat(recordedPlayer("video-N-yVic7BbY0"))).toMatchObject({
      category: "Entertainment",
      liveBroadcast: { isLiveNow: false, startTimestamp: "2023-02-28T14:00:00+00:00", endTimestamp: null },
    });
    expect(readMicroformat(recordedPlayer("video-5YceQ8YqYMc"))?.liveBroadcast).toEqual({
      isLiveNow: false,
      startTimestamp: "2019-10-31T20:02:52+00:00",
      endTimestamp: "2020-04-17T11:43:07+00:00",
    });
  });

  it("reads the scheduled start of an upcoming premiere from the offline slate", () => {
    const player = readPlayer(recordedPlayer("video-N-yVic7BbY0"));
    expect(player.playability).toMatchObject({
      status: "LIVE_STREAM_OFFLINE",
      scheduledStartTime: "1677592800",
    });
    expect(player.details).toMatchObject({ isUpcoming: true, isLiveContent: true, lengthSeconds: 0 });
  });
});

import { describe, expect, it } from "vitest";
import { recordedAnswers } from "../../../test/corpus.ts";
import { type ChannelHit, type PlaylistHit, partition, type ShelfHit } from "./hits.ts";
import { readSearchPage } from "./search-reader.ts";

const read = (caseId: string, index = 0) => {
  const answer = recordedAnswers(caseId)[index];
  return readSearchPage(answer?.json, answer?.date as Date);
};

describe("unfiltered search (search-test-all)", () => {
  const first = read("search-test-all");
  const second = read("search-test-all", 1);

  it("flattens the shorts shelves into short hits, once each, and keeps video shelves as shelf hits", () => {
    const parts = partition(first.hits);
    expect(parts.shorts.map((hit) => hit.id).slice(0, 3)).toEqual([
      "_YYmA7yrfNY",
      "9aU1TFWHzYA",
      "3WIqFg-Dfek",
    ]);
    const ids = first.hits.filter((hit) => hit.type !== "shelf").map((hit) => `${hit.type}:${hit.id}`);
    expect(new Set(ids).size).toBe(ids.length);
    expect(parts.shelves.map((shelf) => shelf.title)).toEqual(["Popular in Lyon", "Channels new to you"]);
    expect((parts.shelves[0] as ShelfHit).items[0]).toMatchObject({ type: "video", id: "qkyNzIZa4uc" });
    const sum = Object.values(parts).reduce((total, list) => total + list.length, 0);
    expect(sum).toBe(first.hits.length);
  });

  it("reads the first video hit with byline channel, badges and approximate time", () => {
    expect(first.hits[0]).toMatchObject({
      type: "video",
      id: "6GDBMbMU0ew",
      viewCount: 1862,
      viewCountText: "1,862 views",
      viewCountIsApproximate: false,
      durationSeconds: 136,
      badges: ["New"],
      publishedTimeText: "2 hours ago",
      publishedAt: "2026-01-26T16:00:00.000Z",
      publishedTimeApprox: "2026-01-26T16:00:00.000Z",
      channelId: "UC6agiNZlMdGE9yqtQT9n8aw",
      channel: { handle: "@BMF1Show", url: "https://www.youtube.com/@BMF1Show" },
    });
    expect(first.next).toBe(recordedAnswers("search-test-all")[1]?.entry._match.body?.continuation);
    expect(first.estimatedResults).toBe(430198371);
  });

  it("reads the channel hit that the continuation page adds", () => {
    const channel = second.hits.find((hit) => hit.type === "channel") as ChannelHit;
    expect(channel.subscriberCount).toBeGreaterThan(0);
    expect(channel.id).toMatch(/^UC/);
  });
});

it("reads channel hits whose handle and subscriber count trade places (search-test-channels)", () => {
  const hits = read("search-test-channels").hits as ChannelHit[];
  expect(hits).toHaveLength(20);
  expect(hits[0]).toMatchObject({
    type: "channel",
    id: "UCZRcA_nO3Kt-SOml2mY8D9g",
    handle: "@tutorialismic",
    subscriberCount: 234000,
    subscriberCountText: "234k subscribers",
    subscriberCountIsApproximate: true,
    verified: false,
  });
  expect(hits.find((hit) => hit.id === "UCmr0l4AQm0Y7hKA0zC-jJVA")).toMatchObject({
    subscriberCount: 1_150_000,
    verified: true,
  });
  expect(hits.find((hit) => hit.id === "UCHBFXJgTyawfZf4AfAsIrQA")).toMatchObject({ videoCount: 182 });
});

it("reads lockupViewModel playlists (search-test-playlists)", () => {
  const hits = read("search-test-playlists").hits as PlaylistHit[];
  expect(hits).toHaveLength(20);
  expect(hits[0]).toMatchObject({
    type: "playlist",
    id: "PLAD454F0807B6CB80",
    url: "https://www.youtube.com/playlist?list=PLAD454F0807B6CB80",
    title: "Tests du grenier",
    videoCount: 102,
    channelName: "Joueur Du Grenier",
    channelId: "UC_yP2DpIgs5Y1uWC0T03Chw",
    updatedText: "Updated yesterday",
  });
});

it("puts the live stream only in lives and reads the correction notice (search-hashtag-shorts)", () => {
  const page = read("search-hashtag-shorts");
  const parts = partition(page.hits);
  expect(parts.lives.map((hit) => hit.id)).toEqual(["VjwWKFXMgv8"]);
  expect(parts.videos.some((hit) => hit.id === "VjwWKFXMgv8")).toBe(false);
  expect(parts.shorts).toHaveLength(3);
  expect(page.spelling).toEqual({
    kind: "including_results_for",
    correctedQuery: "shorts",
    originalQuery: "#shorts",
  });
});

it("keeps the results shown for a misspelled query (search-on-board-ing)", () => {
  const page = read("search-on-board-ing");
  expect(page.spelling).toMatchObject({ kind: "did_you_mean", correctedQuery: "on boarding" });
  expect(page.hits).toHaveLength(20);
});

it("skips the crisis onebox and keeps the health shelf (search-suicide)", () => {
  const page = read("search-suicide");
  expect(page.skipped).toBe(1);
  const shelf = page.hits.find((hit) => hit.type === "shelf") as ShelfHit;
  expect(shelf.title).toBe("From health sources");
  expect(shelf.items.length).toBeGreaterThan(0);
});

it("reads playlistRenderer cards in rich grid wrappers (channel-UCq19-LqvG35A-30oyAiPiqA-releases)", () => {
  const hits = read("channel-UCq19-LqvG35A-30oyAiPiqA-releases").hits as PlaylistHit[];
  expect(hits.length).toBeGreaterThan(10);
  expect(hits.every((hit) => hit.type === "playlist" && hit.id.startsWith("OLAK5uy_"))).toBe(true);
  expect(hits[0]).toMatchObject({
    id: "OLAK5uy_nEilL4Pp3NZlBxOyMTslcjMlhs2C1SNPs",
    title: "KID A MNESIA",
    videoCount: 34,
    videoCountText: "34 videos",
    channelName: "Radiohead",
  });
  expect(hits[0]?.thumbnailUrl).toMatch(/^https:\/\/i\.ytimg\.com\//);
});

import { describe, expect, it } from "vitest";
import { bodyText, caseEntries, recordedAnswers } from "../../../test/corpus.ts";
import { extractAssignedJson } from "../video/watch-page.ts";
import { readListPage } from "./list-page.ts";
import { videoRow } from "./rows.ts";
import { readVideoCard, type VideoCard } from "./video-card.ts";

function cards(answer: unknown): { cards: VideoCard[]; next: string | null; skipped: number } {
  const page = readListPage(answer);
  const read = page.items.map(readVideoCard);
  return {
    cards: read.filter((card): card is VideoCard => card !== null),
    next: page.next,
    skipped: read.filter((card) => card === null).length,
  };
}

describe("channel Videos tab, lockupViewModel format (channel-UCTwECeGqMZee77BjdoYtI2Q-videos)", () => {
  const [first, second] = recordedAnswers("channel-UCTwECeGqMZee77BjdoYtI2Q-videos");

  it("reads every card of both pages and the continuation", () => {
    const page1 = cards(first?.json);
    const page2 = cards(second?.json);
    expect(page1.cards).toHaveLength(30);
    expect(page2.cards).toHaveLength(30);
    expect(page1.skipped + page2.skipped).toBe(0);
    expect(page1.next).toBe(second?.entry._match.body?.continuation);
    expect(new Set([...page1.cards, ...page2.cards].map((c) => c.videoId)).size).toBe(60);
  });

  it("reads title, views, relative time and duration of a lockup", () => {
    const card = cards(first?.json).cards[0];
    expect(card).toMatchObject({
      videoId: "BD-LB23rRBE",
      title:
        "Expert Panel III: Global Perspectives on Open Heritage and Diversity, Inclusion, and Sustainability",
      viewCountText: "28 views",
      publishedTimeText: "13 days ago",
      durationSeconds: 4054,
      isShort: false,
      isLive: false,
    });
    // Recorded 2026-05-21T11:22:05Z: "13 days ago" is 2026-05-08 at day precision.
    expect(videoRow(card as VideoCard, first?.date as Date)).toMatchObject({
      publishedAt: "2026-05-08T00:00:00.000Z",
      publishedTimeIsApproximate: true,
      viewCount: 28,
      viewCountIsApproximate: false,
      durationFormatted: "1:07:34",
      genre: null,
    });
  });
});

it("reads the older richItemRenderer > videoRenderer format (channel-UCsXVk37bltHxD1rDPwtNM8Q-videos)", () => {
  const [answer] = recordedAnswers("channel-UCsXVk37bltHxD1rDPwtNM8Q-videos");
  const page = cards(answer?.json);
  expect(page.cards).toHaveLength(30);
  expect(page.next).toMatch(/^4qmF/);
  const row = videoRow(page.cards[0] as VideoCard, answer?.date as Date);
  expect(row).toMatchObject({
    id: "D0WQK7cMJn8",
    title: "We Made A New Channel!",
    viewCount: 1545374,
    viewCountText: "1,545,374 views",
    viewCountIsApproximate: false,
    durationSeconds: 183,
    publishedTimeText: "10 days ago",
    publishedAt: "2026-01-16T00:00:00.000Z",
  });
});

it("reads shortsLockupViewModel cards of the Shorts tab (channel-UCh8gHdtzO2tXd593_bjErWg-shorts)", () => {
  const [first, second] = recordedAnswers("channel-UCh8gHdtzO2tXd593_bjErWg-shorts");
  const page1 = cards(first?.json);
  expect(page1.cards).toHaveLength(48);
  expect(cards(second?.json).cards).toHaveLength(48);
  const row = videoRow(page1.cards[0] as VideoCard, first?.date as Date);
  expect(row).toMatchObject({
    id: "l-X5WbDSH2o",
    url: "https://www.youtube.com/shorts/l-X5WbDSH2o",
    title: "Packing lunch for my special roommate",
    viewCount: 895000,
    viewCountText: "895k views",
    viewCountIsApproximate: true,
    isShort: true,
  });
});

it("reads playlistVideoRenderer items with position, byline channel and videoInfo", () => {
  const [, items] = recordedAnswers("playlist-PLWwAypAcFRgKAIIFqBr9oy-ZYZnixa_Fj");
  const page = cards(items?.json);
  expect(page.cards).toHaveLength(100);
  expect(page.cards.map((card) => card.position)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
  expect(page.cards[0]).toMatchObject({
    videoId: "8SbUC-UaAxE",
    title: "Guns N' Roses - November Rain",
    durationSeconds: 557,
    viewCountText: "2.3bn views",
    publishedTimeText: "16 years ago",
    isPlayable: true,
    channel: { id: "UCIak6JLVOjqhStxrL1Lcytw", title: "Guns N' Roses" },
  });
  expect(videoRow(page.cards[0] as VideoCard, items?.date as Date).viewCount).toBe(2_300_000_000);
});

describe("search videoRenderer cards (search-hashtag-shorts)", () => {
  const [answer] = recordedAnswers("search-hashtag-shorts");
  const page = cards(answer?.json);

  it("tells shorts (reelWatchEndpoint) and live streams (LIVE_NOW badge) from videos", () => {
    expect(page.cards.filter((card) => card.isShort).map((card) => card.videoId)).toEqual([
      "JrRC57hrgs8",
      "d3Jc2StLscw",
      "8tKsOAVaX1c",
    ]);
    const live = page.cards.find((card) => card.isLive);
    expect(live).toMatchObject({
      videoId: "VjwWKFXMgv8",
      viewCountText: "1,071 watching",
      badges: ["LIVE", "New"],
    });
    expect(videoRow(live as VideoCard, answer?.date as Date)).toMatchObject({
      viewCount: null,
      watchingCount: 1071,
    });
  });

  it("reads the byline channel with handle, avatar and verified badge", () => {
    const card = page.cards.find((c) => c.videoId === "VjwWKFXMgv8");
    expect(card?.channel).toMatchObject({
      id: "UCabjixiIIRDY6-dmaQVbPlA",
      title: "Unq Gamer",
      handle: "@UnqGamer",
    });
    expect(card?.channel?.thumbnail).toMatch(/^https:\/\/yt3\.ggpht\.com\//);
    expect(card?.channelVerified).toBe(true);
  });
});

it("reads the 2023 channel page's richGridRenderer of videoRenderers (channel-html-ProgrammingKnowledge-videos)", () => {
  const [entry] = caseEntries("channel-html-ProgrammingKnowledge-videos");
  const page = cards(extractAssignedJson(bodyText(entry as never), "ytInitialData"));
  expect(page.cards.length).toBeGreaterThanOrEqual(30);
  expect(page.cards.every((card) => card.videoId.length === 11 && card.title)).toBe(true);
  expect(page.next).not.toBeNull();
});

import { expect, it } from "vitest";
import { bodyText, caseEntries } from "../../../test/corpus.ts";
import { readFeed } from "./feed.ts";

it("reads the channel feed: exact publish times and views, shorts links, the channel (rss-user-Kurzgesagt)", () => {
  const feed = readFeed(bodyText(caseEntries("rss-user-Kurzgesagt")[0] as never));
  expect(feed?.title).toBe("Kurzgesagt – In a Nutshell");
  expect(feed?.channel).toMatchObject({
    id: "UCsXVk37bltHxD1rDPwtNM8Q",
    url: "https://www.youtube.com/channel/UCsXVk37bltHxD1rDPwtNM8Q",
  });
  expect(feed?.rows).toHaveLength(15);
  expect(feed?.rows[0]).toMatchObject({
    id: "zg40FHOAqC0",
    url: "https://www.youtube.com/shorts/zg40FHOAqC0",
    title: "Jupiter Made Earth Possible",
    publishedAt: "2026-01-22T15:01:42.000Z",
    publishedTimeIsApproximate: false,
    viewCount: 1086938,
    viewCountIsApproximate: false,
    likeCount: 58314,
    isShort: true,
    channelName: "Kurzgesagt – In a Nutshell",
    thumbnailUrl: "https://i3.ytimg.com/vi/zg40FHOAqC0/hqdefault.jpg",
  });
  expect(feed?.rows[0]?.description).toContain("Sources & further reading");
  expect(feed?.rows.filter((row) => row.isShort)).toHaveLength(8);
});

it("answers null for the 404 HTML page of a channel without feed (rss-channel-404)", () => {
  expect(readFeed(bodyText(caseEntries("rss-channel-404")[0] as never))).toBeNull();
});

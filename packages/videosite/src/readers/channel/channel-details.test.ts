import { describe, expect, it } from "vitest";
import { bodyText, caseEntries, recordedAnswers, recordedPlayer } from "../../../test/corpus.ts";
import { extractAssignedJson } from "../video/watch-page.ts";
import { buildChannelDetails } from "./build-details.ts";
import { readChannelHeader } from "./header-reader.ts";
import { findEmail, splitKeywords } from "./profile-text.ts";

const header = (caseId: string) => readChannelHeader(recordedAnswers(caseId)[0]?.json);

describe("readChannelHeader", () => {
  it("reads the pageHeaderViewModel header and the channel metadata (channel-UCTwECeGqMZee77BjdoYtI2Q-videos)", () => {
    const read = header("channel-UCTwECeGqMZee77BjdoYtI2Q-videos");
    expect(read).toMatchObject({
      channelId: "UCTwECeGqMZee77BjdoYtI2Q",
      title: "Creative Commons",
      handle: "@creativecommons",
      subscriberText: "8.84k subscribers",
      subscriberLabel: "8.84 thousand subscribers",
      videoCountText: "258 videos",
      verified: false,
      keywords: '"creative commons" remix culture nonprofit',
      isFamilySafe: true,
    });
    expect(read.description).toContain("Image: Lukas Schlagenhauf (CC BY-ND 2.0)");
    expect(read.bannerUrl).toMatch(/=w2560-/);
    expect(read.avatarUrl).toMatch(/=s160-/);
    expect(read.aboutToken).toMatch(/^4qmFsgJg/);
    expect(read.headerLinks[0]?.text).toBe("creativecommons.org");
  });

  it("reads the verified check mark of the title (channel-UCsXVk37bltHxD1rDPwtNM8Q-videos)", () => {
    expect(header("channel-UCsXVk37bltHxD1rDPwtNM8Q-videos")).toMatchObject({
      title: "Kurzgesagt – In a Nutshell",
      handle: "@kurzgesagt",
      verified: true,
      subscriberLabel: "25 million subscribers",
    });
  });

  it("reads a topic channel's carousel header without inventing a banner (channel-UCEgdi0XIXXZ-qJOFPf4JSKw-carousel)", () => {
    expect(header("channel-UCEgdi0XIXXZ-qJOFPf4JSKw-carousel")).toMatchObject({
      channelId: "UCEgdi0XIXXZ-qJOFPf4JSKw",
      title: "Sports",
      subscriberLabel: "74.4 million subscribers",
      bannerUrl: null,
    });
  });

  it("reads the 2023 c4TabbedHeaderRenderer (channel-html-ProgrammingKnowledge-videos)", () => {
    const [entry] = caseEntries("channel-html-ProgrammingKnowledge-videos");
    const read = readChannelHeader(extractAssignedJson(bodyText(entry as never), "ytInitialData"));
    expect(read.channelId).toBe("UCs6nmQViDpUw0nuIx9c_WvA");
    expect(read.title).toBe("ProgrammingKnowledge");
    expect(read.subscriberText).toMatch(/subscribers/);
    expect(read.bannerUrl).toMatch(/^https:\/\//);
  });
});

describe("buildChannelDetails", () => {
  const read = header("channel-UCTwECeGqMZee77BjdoYtI2Q-videos");
  const details = buildChannelDetails({
    platform: "videosite",
    channelId: "UCTwECeGqMZee77BjdoYtI2Q",
    header: read,
    about: null,
    aboutFailed: true,
  });

  it("fills the profile core, the videosite fields and the deprecated aliases", () => {
    expect(details).toMatchObject({
      platform: "videosite",
      id: "UCTwECeGqMZee77BjdoYtI2Q",
      username: "creativecommons",
      url: "https://www.youtube.com/channel/UCTwECeGqMZee77BjdoYtI2Q",
      canonicalUrl: "https://www.youtube.com/@creativecommons",
      displayName: "Creative Commons",
      followers: 8840,
      followersText: "8.84k subscribers",
      followersIsApproximate: true,
      postCount: 258,
      verified: false,
      tags: ["creative commons", "remix", "culture", "nonprofit"],
      name: "Creative Commons",
      handle: "@creativecommons",
      subscriberCount: 8840,
      videoCount: 258,
      degraded: true,
      degradedReason: "partial-extraction",
    });
    expect(details.bannerUrl).toBe(details.banner);
    expect(details.thumbnailUrl).toBe(details.avatar);
    expect(details.description).toBe(details.bio);
  });

  it("keys banner, country, countryName and email even when unknown, and has no following", () => {
    for (const key of ["banner", "country", "countryName", "email", "createdAt", "viewCount"])
      expect(details).toHaveProperty(key);
    expect(details).not.toHaveProperty("following");
    expect(details.links).toEqual([{ text: "creativecommons.org", url: "https://creativecommons.org/" }]);
  });
});

describe("profile text", () => {
  it("splits keywords with quotes kept together", () => {
    expect(splitKeywords(header("channel-UCsXVk37bltHxD1rDPwtNM8Q-videos").keywords)).toEqual([
      "Science",
      "universe",
      "space",
      "black hole",
      "life",
      "virus",
      "climate",
      "history",
      "education",
      "evolution",
      "biology",
      "humanism",
    ]);
  });

  it("finds an address published in a description, not a handle", () => {
    const description = (
      recordedPlayer("video-kX3nB4PpJko") as { videoDetails: { shortDescription: string } }
    ).videoDetails.shortDescription;
    expect(findEmail(description)).toBe("chucky@mrbeastbusiness.com");
    expect(
      findEmail(header("channel-UCsXVk37bltHxD1rDPwtNM8Q-videos").description, "@kurzgesagt"),
    ).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { recordedJson } from "../../test/corpus.ts";
import { unescapeAnswer } from "../client/escaping.ts";
import { readThing } from "./listing.ts";
import { readSubredditAbout, readSubredditRules } from "./subreddit.ts";

const about = (caseId: string, index = 0) => {
  const thing = readThing(unescapeAnswer(recordedJson(caseId, index), true).json);
  return thing ? readSubredditAbout(thing.data) : null;
};

describe("subreddit about pages", () => {
  it("r/golang: t5 id, counts, creation time, type and decoded images", () => {
    expect(about("goreddit-r-golang-about")).toMatchObject({
      id: "t5_2rc7j",
      name: "golang",
      url: "https://www.reddit.com/r/golang/",
      title: "The Go Programming Language",
      members: 116532,
      activeUsers: 386,
      createdAt: "2009-11-11T00:54:28.000Z",
      nsfw: false,
      type: "public",
      quarantined: false,
      icon: "https://styles.redditmedia.com/t5_2rc7j/styles/communityIcon_wy4riduoe9k11.png?width=256&s=0d681daaa8d4b6271e6be788d0f9379f0661e04a",
    });
  });

  it("the eleven about pages of the names search: NSFW flags, restricted and archived types", () => {
    const cards = Array.from({ length: 11 }, (_, i) => about("subreddit-names-reddit", i + 1));
    expect(cards.every((card) => card?.id.startsWith("t5_"))).toBe(true);
    const byName = new Map(cards.map((card) => [card?.name, card]));
    expect(byName.get("RedditorCum")?.nsfw).toBe(true);
    expect(byName.get("RedditsMuseumofFilth")?.nsfw).toBe(true);
    expect(byName.get("redditmobile")?.nsfw).toBe(false);
    expect(byName.get("redditsecurity")?.type).toBe("restricted");
    expect(byName.get("reddit.com")).toMatchObject({
      type: "archived",
      url: "https://www.reddit.com/r/reddit.com/",
    });
    // An empty icon_img ("") with a community icon falls back to the community icon; neither gives null.
    expect(byName.get("redditasajob")?.icon).toBeNull();
    expect(byName.get("redditrequest")?.banner).toContain("bannerBackgroundImage");
  });
});

describe("subreddit rules", () => {
  it("r/Fitness: the subreddit's rules only (not the site rules), in priority order", () => {
    const rules = readSubredditRules(unescapeAnswer(recordedJson("goreddit-r-Fitness-rules"), true).json);
    expect(rules.map((r) => r.name)).toEqual([
      "Read the Rules Before Posting",
      "Read the Wiki Before Posting",
    ]);
    expect(rules[0]).toMatchObject({
      description: "https://www.reddit.com/r/Fitness/wiki/rules",
      appliesTo: "link",
      priority: 0,
      violationReason: "Read the Rules Before Posting",
      createdAt: "2019-05-22T05:32:58.000Z",
    });
  });
});

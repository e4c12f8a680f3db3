import { describe, expect, it } from "vitest";
import { recordedJson } from "../../test/corpus.ts";
import { readUsers } from "./account.ts";
import { readContext } from "./context.ts";
import { readInstanceV1, readInstanceV2, readV1Stats } from "./instance.ts";
import { readSearch } from "./search.ts";
import { readLinks, readTags } from "./tags.ts";

// The thread, instance, trend and search cases of the recorded corpus through the readers.

describe("a status context", () => {
  it("reads 59 descendants from many instances as one depth-first list placed under the post", () => {
    const thread = readContext(
      recordedJson("context-109294719267373593-mastodon.social"),
      "109294719267373593",
      "mastodon.social",
    );
    expect(thread).toHaveLength(59);
    expect(thread.filter((p) => p.isAncestor)).toEqual([]);
    expect(thread.filter((p) => p.depth === 0)).toHaveLength(43);
    expect(Math.max(...thread.map((p) => p.depth))).toBe(6);
    // Every reply sits right under its parent or a sibling's subtree: a parent comes before its replies.
    const seen = new Set(["109294719267373593"]);
    for (const post of thread) {
      expect(seen.has(post.parentId ?? "")).toBe(true);
      seen.add(post.id);
    }
    expect(new Set(thread.map((p) => p.author.username.split("@")[1])).size).toBeGreaterThan(5);
  });

  it("places ancestors first, root first, with negative depths", () => {
    // Descendants 3 and 4 of the recorded thread (4 replies to 3), as the ancestors of a reply to 4.
    const { descendants } = recordedJson("context-109294719267373593-mastodon.social") as {
      descendants: unknown[];
    };
    const [root, parent] = readContext(
      { ancestors: descendants.slice(3, 5), descendants: [] },
      "0",
      "mastodon.social",
    );
    expect([root?.id, root?.depth, root?.isAncestor]).toEqual(["109294769450603673", -2, true]);
    expect([parent?.id, parent?.depth, parent?.parentId]).toEqual([
      "109294771607858430",
      -1,
      "109294769450603673",
    ]);
  });
});

describe("instances", () => {
  it("reads mastodon.social's v2 answer: rules, contact, timelines access (live feeds disabled since 2026)", () => {
    const instance = readInstanceV2(recordedJson("instance-mastodon.social", 0));
    expect(instance).toMatchObject({
      domain: "mastodon.social",
      version: "4.7.0-alpha.2+pr-39999-68e5caf",
      languages: ["en"],
      registrations: { enabled: true, approvalRequired: false, message: null },
      contact: { email: "staff@mastodon.social", account: "Mastodon@mastodon.social" },
      activeMonth: 269307,
      apiVersion: 11,
      stats: null,
      api: "v2",
      timelinesAccess: {
        liveFeeds: { local: "disabled", remote: "disabled" },
        hashtagFeeds: { local: "public", remote: "public" },
        trendingLinkFeeds: { local: "public", remote: "public" },
      },
    });
    expect(instance.rules).toHaveLength(6);
  });

  it("reads the v1 answer: totals, and the whole description for servers without v2", () => {
    expect(readV1Stats(recordedJson("instance-mastodon.social", 1))).toEqual({
      users: 3354594,
      posts: 183323404,
      domains: 120970,
    });
    expect(readInstanceV1(recordedJson("instance-mastodon.social", 1))).toMatchObject({
      domain: "mastodon.social",
      api: "v1",
      timelinesAccess: null,
      contact: { account: "Mastodon@mastodon.social" },
    });
    // The profile directory is a list of accounts.
    expect(readUsers(recordedJson("instance-mastodon.social", 3), "mastodon.social")).toHaveLength(3);
  });
});

describe("trends and search", () => {
  it("reads trending tags and links with their daily history", () => {
    const [caturday] = readTags(recordedJson("trends-mastodon.social", 0));
    expect(caturday).toMatchObject({ name: "caturday", uses: 1075 });
    expect(caturday?.history[0]).toEqual({ day: "2026-04-11T00:00:00.000Z", uses: 806, accounts: 688 });
    const links = readLinks(recordedJson("trends-mastodon.social", 1));
    expect(links).toHaveLength(10);
    expect(links[0]).toMatchObject({ provider: "NBC News", uses: 496, author: "Daniel Arkin" });
    // social.tchncs.de's deprecated /api/v1/trends alias answers tags too.
    expect(readTags(recordedJson("instance-extras-social.tchncs.de", 2))[0]?.name).toBe("mascotabookorplay");
  });

  it("reads search results (logged-in recording) and an empty typed search", () => {
    const found = readSearch(recordedJson("search-v2-halcy-mastodon.social"), "mastodon.social");
    expect(found.users).toHaveLength(18);
    expect(found.users.slice(0, 2).map((u) => u.username)).toEqual([
      "halcy@icosahedron.website",
      "halcy@mastodon.social",
    ]);
    expect(found.posts.map((p) => p.id)).toEqual(["116388149027005349", "116388107849695302"]);
    expect(found.hashtags.map((h) => h.name)).toEqual(["Halcy"]);
    expect(
      readSearch(recordedJson("search-v2-localdev", 0), "localhost").users.map((u) => u.username),
    ).toEqual(["mastodonpy_test@localhost", "mastodonpy_test_2@localhost"]);
    expect(readSearch(recordedJson("search-v2-localdev", 1), "localhost")).toEqual({
      users: [],
      posts: [],
      hashtags: [],
    });
  });
});

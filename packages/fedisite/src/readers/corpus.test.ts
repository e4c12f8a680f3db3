import { describe, expect, it } from "vitest";
import { fediEntries, recordedHeader, recordedJson } from "../../test/corpus.ts";
import { readFeaturedTags, readProfile, readUser, readUsers } from "./account.ts";
import { nextPageParam } from "./link-header.ts";
import { readPollAnswer, readStatus, readStatuses } from "./status.ts";

// Every account and status case of the recorded corpus through the readers (fedisite corpus README: ids are strings,
// paging by the Link header, remote statuses keep their origin url, absent newer fields are absent, not errors).

describe("accounts", () => {
  it("reads a local account of fosstodon.org with verified fields, a missing header, featured tags", () => {
    const profile = readProfile(
      recordedJson("account-109302436954721982-fosstodon"),
      "fosstodon.org",
      "fedisite",
    );
    expect(profile).toMatchObject({
      platform: "fedisite",
      id: "109302436954721982",
      username: "schochastics@fosstodon.org",
      url: "https://fosstodon.org/@schochastics",
      displayName: "David Schoch",
      banner: null,
      followers: 1036,
      following: 138,
      postCount: 280,
      createdAt: "2022-11-07T00:00:00.000Z",
      lastPostAt: "2025-07-17T00:00:00.000Z",
      instance: "fosstodon.org",
      bot: false,
      locked: false,
    });
    expect(profile.bio).toBe("Data Scientist/DevOps Engineer at cynkra | #Rstats enthusiast");
    expect(profile.fields[0]).toEqual({
      name: "Personal Webpage",
      value: "https://www.mr.schochastics.net/",
      valueHtml: expect.stringContaining("<a href="),
      verifiedAt: "2022-11-24T06:24:48.497Z",
    });
    // statuses_count is a string in this answer.
    expect(readFeaturedTags(recordedJson("account-109302436954721982-fosstodon", 1))).toEqual([
      {
        name: "RStats",
        url: "https://fosstodon.org/@schochastics/tagged/rstats",
        postCount: 88,
        lastPostAt: "2025-06-03T00:00:00.000Z",
      },
    ]);
  });

  it("keeps a remote account's handle as it is (mastodon.social's copy of halcy@icosahedron.website)", () => {
    const profile = readProfile(recordedJson("account-23972-mastodon.social"), "mastodon.social", "fedisite");
    expect(profile).toMatchObject({
      id: "23972",
      username: "halcy@icosahedron.website",
      followers: 3553,
      postCount: 75076,
      createdAt: "2017-02-03T00:00:00.000Z",
    });
    expect(profile.fields.map((f) => f.name)).toEqual(["Web", "Demogroup", "Pronouns", "Priv"]);
  });

  it("qualifies a local handle with the instance asked (accounts/lookup of the local development instance)", () => {
    const byName = readUser(recordedJson("lookup-localdev-and-404", 0), "localhost");
    const byHandle = readUser(recordedJson("lookup-localdev-and-404", 1), "localhost");
    expect(byName).toMatchObject({ id: "117020565966271181", username: "mastodonpy_test@localhost" });
    expect(byHandle.id).toBe(byName.id);
    expect(recordedJson("lookup-localdev-and-404", 2)).toEqual({ error: "Record not found" });
  });

  it("reads follower and following pages with their Link continuation", () => {
    for (const index of [2, 3]) {
      const users = readUsers(recordedJson("account-109302436954721982-fosstodon", index), "fosstodon.org");
      expect(users).toHaveLength(3);
      for (const user of users) expect(user.username).toMatch(/^[^@]+@[^@]+$/);
      const next = nextPageParam(
        recordedHeader("account-109302436954721982-fosstodon", index, "link"),
        "max_id",
      );
      expect(next).toMatch(/^\d+$/);
    }
  });

  it("reads favourited_by and reblogged_by (40 accounts each)", () => {
    const liked = readUsers(recordedJson("favourited-reblogged-by-109294719267373593", 0), "mastodon.social");
    const reposted = readUsers(
      recordedJson("favourited-reblogged-by-109294719267373593", 1),
      "mastodon.social",
    );
    expect([liked.length, reposted.length]).toEqual([40, 40]);
    expect(
      nextPageParam(recordedHeader("favourited-reblogged-by-109294719267373593", 0, "link"), "max_id"),
    ).toBe("48110189");
  });
});

describe("statuses", () => {
  it("reads five pages of an account's statuses: 100 distinct posts, one repost, the chain of max_id", () => {
    const caseId = "account-statuses-109302436954721982-5-pages";
    const posts = fediEntries(caseId).flatMap((_, i) =>
      readStatuses(recordedJson(caseId, i), "fosstodon.org"),
    );
    expect(posts).toHaveLength(100);
    const reposts = posts.filter((p) => p.isRepost);
    expect(reposts.map((p) => [p.repostId, p.id, p.author.username, p.repostedBy?.username])).toEqual([
      [
        "112526202686547299",
        "112525606646148711",
        expect.stringMatching(/^termehs@/),
        "schochastics@fosstodon.org",
      ],
    ]);
    expect(posts.filter((p) => p.inReplyToId !== null)).toHaveLength(52);
    // 22 posts carry media, and the reposted post too (its media are the reblogged status's).
    expect(posts.filter((p) => p.media.length > 0)).toHaveLength(23);
    expect(posts.filter((p) => p.card !== null)).toHaveLength(30);
    for (let i = 0; i < 4; i++)
      expect(nextPageParam(recordedHeader(caseId, i, "link"), "max_id")).toBe(
        fediEntries(caseId)[i + 1]?._match.query?.max_id,
      );
  });

  it("reads a logged-out status: plain text with whole link, tag, remote mention, card, counts", () => {
    const post = readStatus(recordedJson("status-114620457512351116-fosstodon"), "fosstodon.org");
    expect(post).toMatchObject({
      id: "114620457512351116",
      url: "https://fosstodon.org/@schochastics/114620457512351116",
      language: "en",
      author: { username: "schochastics@fosstodon.org" },
      replyCount: 1,
      likeCount: 12,
      repostCount: 5,
      quoteCount: null,
      tags: ["rstats"],
      mentions: [{ id: "109269678296046700", username: "maelle@mastodon.social" }],
      isRepost: false,
      quote: null,
    });
    expect(post.text).toContain(
      "https://r-consortium.org/posts/r-consortium-awards-first-round-of-2025-isc-grants/#bridging-worlds-enhancing-r-igraph-with-c-core-innovations #rstats cc @maelle",
    );
    expect(post.card).toMatchObject({ url: expect.stringContaining("r-consortium.org"), image: null });
  });

  it("reads a poll, an image, an audio attachment and a quote", () => {
    const poll = readStatus(recordedJson("status-110446383900387196-poll"), "mastodon.social").poll;
    expect(poll).toMatchObject({ id: "495482", multiple: true, votesCount: 64, votersCount: 47 });
    expect(poll?.options.map((o) => o.votesCount)).toEqual([8, 17, 14, 25]);
    const image = readStatus(recordedJson("status-110447003454258227-image"), "mastodon.social").media;
    expect(image).toEqual([
      expect.objectContaining({ type: "image", width: 1280, height: 720, description: "furry cube" }),
    ]);
    const audio = readStatus(recordedJson("status-110447012773105565-audio"), "mastodon.social").media;
    expect(audio).toEqual([expect.objectContaining({ type: "audio", durationSeconds: 218, width: null })]);
    const quoting = readStatus(recordedJson("status-115044073088181107-quote"), "mastodon.social");
    expect(quoting.quoteCount).toBe(0);
    expect(quoting.quote).toMatchObject({
      state: "accepted",
      postId: "115044070560414080",
      post: {
        id: "115044070560414080",
        quote: { state: "accepted", postId: "115044056977193502", post: null },
      },
    });
    expect(quoting.author.username).toBe("h4lcy.bsky.social@bsky.brid.gy");
  });

  it("reads an expired poll of fosstodon.org (polls/:id)", () => {
    expect(readPollAnswer(recordedJson("poll-684128-fosstodon"))).toMatchObject({
      id: "684128",
      expired: true,
      multiple: false,
      votesCount: 25,
      options: [
        { title: "8", votesCount: 2 },
        { title: "16", votesCount: 2 },
        { title: "64", votesCount: 5 },
        { title: "bigger! (Please reply!)", votesCount: 16 },
      ],
    });
  });

  it("reads four pages of a hashtag timeline (mostly remote posts) and the public timeline", () => {
    const caseId = "tag-ichbinhanna-4-pages";
    const tagged = fediEntries(caseId).flatMap((_, i) =>
      readStatuses(recordedJson(caseId, i), "mastodon.social"),
    );
    expect(tagged).toHaveLength(160);
    expect(new Set(tagged.map((p) => p.id)).size).toBe(160);
    expect(tagged[0]?.author.username).toBe("laborjournal@mstdn.science");
    // A remote status keeps its origin url; its id is mastodon.social's.
    const remote = tagged.find((p) => !p.author.username.endsWith("@mastodon.social"));
    expect(remote?.url).not.toContain("mastodon.social/");
    const timeline = readStatuses(recordedJson("public-timeline-mastodon.social"), "mastodon.social");
    expect(timeline).toHaveLength(20);
  });

  it("reads the trending statuses of an instance with none (an empty list)", () => {
    expect(readStatuses(recordedJson("trends-statuses-empty-localdev"), "localhost")).toEqual([]);
  });
});

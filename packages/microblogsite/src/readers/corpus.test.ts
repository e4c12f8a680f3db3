import { describe, expect, it } from "vitest";
import { recordedAnswer } from "../../test/corpus.ts";
import { readProfile } from "./actor.ts";
import { rawFeedPage, rawProfileDetailed, rawSearchPostsPage, readAnswer } from "./lexicon.ts";
import { readFeedItem, readPost } from "./post.ts";
import { flattenReplies, readThreadRoot } from "./thread.ts";

// The readers on the recorded microblogsite cases (corpus README §4, microblogsite); every case is read here or in
// ../operations/*.test.ts over the replay.

const feed = (caseId: string, index = 0) =>
  readAnswer(rawFeedPage, recordedAnswer(caseId, index), "feed").feed.map(readFeedItem);

describe("profiles", () => {
  it("profile-jbgruber.bsky.social: the profile core, counts, pinned post and associated counts", () => {
    const profile = readProfile(
      readAnswer(rawProfileDetailed, recordedAnswer("profile-jbgruber.bsky.social"), "profile"),
      "microblogsite",
    );
    expect(profile).toMatchObject({
      platform: "microblogsite",
      id: "did:plc:ntd53albt5ffa4rgervvgibd",
      username: "jbgruber.bsky.social",
      url: "https://bsky.app/profile/jbgruber.bsky.social",
      displayName: "Johannes B. Gruber",
      followers: 1224,
      following: 879,
      postCount: 374,
      createdAt: "2023-09-21T16:05:03.068Z",
      labels: [],
      verified: false,
      listCount: 0,
      feedCount: 2,
      starterPackCount: 0,
      isLabeler: false,
      pinnedPost: {
        id: "at://did:plc:ntd53albt5ffa4rgervvgibd/app.bsky.feed.post/3ljhlu2ijic2z",
        cid: "bafyreig4m774siw2tjursp5gtoum3r2a76245vtrlflvqkqp6zdezgr46a",
        url: "https://bsky.app/profile/jbgruber.bsky.social/post/3ljhlu2ijic2z",
      },
    });
    expect(profile.bio).toContain("Senior Researcher @gesis.org");
    expect(profile.banner).toMatch(/^https:\/\/cdn\.bsky\.app\/img\/banner\//);
    expect(profile.avatar).toMatch(/^https:\/\/cdn\.bsky\.app\/img\/avatar\//);
  });
});

describe("author feed (andrew.heiss.phd)", () => {
  const posts = feed("author-feed-andrew.heiss.phd");

  it("reads the 25 items: own posts, replies and reposts", () => {
    expect(posts).toHaveLength(25);
    const first = posts[0];
    expect(first).toMatchObject({
      id: "at://did:plc:2zcfjzyocp6kapg6jc4eacok/app.bsky.feed.post/3lt4cielyws2q",
      cid: "bafyreifboye5n43rzbztcrtrswdxegijjbz6gfraaxoznjy4r7zdpwprvi",
      url: "https://bsky.app/profile/andrew.heiss.phd/post/3lt4cielyws2q",
      createdAt: "2025-07-04T03:30:13.295Z",
      langs: ["en"],
      likeCount: 17,
      isRepost: false,
      repostedBy: null,
      replyTo: null,
      author: {
        id: "did:plc:2zcfjzyocp6kapg6jc4eacok",
        username: "andrew.heiss.phd",
        displayName: "Andrew Heiss",
      },
      mentions: [{ id: "did:plc:5ol3bgc5trbdgd5h34wynrwo", username: "posit.co" }],
    });
    // The link facet's shown text is cut from the UTF-8 bytes; its target is the full URL.
    expect(first?.links).toEqual([
      {
        url: "https://www.andrewheiss.com/blog/2025/07/03/open-files-external-programs-positron/",
        text: expect.stringContaining("andrewheiss.com/blog"),
      },
    ]);
    expect(first?.embed).toMatchObject({
      type: "external",
      external: { url: "https://www.andrewheiss.com/blog/2025/07/03/open-files-external-programs-positron/" },
      images: [],
      quotedPost: null,
    });
  });

  it("a repost keeps the original author and names who reposted it", () => {
    const repost = posts[1];
    expect(repost).toMatchObject({
      isRepost: true,
      author: { id: "did:plc:tgw3d4hvw3x5ijrxax7lg26u", username: "nkalamb.bsky.social" },
      repostedBy: { id: "did:plc:2zcfjzyocp6kapg6jc4eacok", username: "andrew.heiss.phd" },
      repostedAt: "2025-07-03T14:47:28.010Z",
      url: "https://bsky.app/profile/nkalamb.bsky.social/post/3lt2vqzjt5c25",
    });
    expect(repost?.embed?.type).toBe("images");
    expect(repost?.embed?.images[0]).toMatchObject({ width: 1242, height: 1485 });
    expect(repost?.embed?.images[0]?.alt).toMatch(/^Weeks earlier/);
    expect(posts.filter((p) => p.isRepost).every((p) => p.repostedBy?.username === "andrew.heiss.phd")).toBe(
      true,
    );
  });

  it("replies carry their parent and root; quotes, media-with-quote and videos are read", () => {
    const replies = posts.filter((p) => p.replyTo !== null);
    expect(replies.length).toBeGreaterThan(5);
    for (const reply of replies) expect(reply.replyTo?.rootId).toMatch(/^at:\/\/did:/);
    const quote = posts.find((p) => p.embed?.type === "record");
    expect(quote?.embed?.quotedPost).toMatchObject({
      id: expect.stringMatching(/^at:\/\//),
      unavailable: null,
    });
    const withMedia = posts[9];
    expect(withMedia?.embed).toMatchObject({
      type: "recordWithMedia",
      video: { playlist: expect.stringMatching(/playlist\.m3u8$/), width: 884, height: 872 },
      quotedPost: {
        id: "at://did:plc:exrxvyu6bpoym6mbnctke5tn/app.bsky.feed.post/3lsztof36rs2t",
        url: "https://bsky.app/profile/molly.wiki/post/3lsztof36rs2t",
        author: { username: "molly.wiki", displayName: "Molly White" },
        createdAt: "2025-07-03T03:59:49.483Z",
      },
    });
  });

  it("every time is UTC with milliseconds and Z", () => {
    for (const p of posts) expect(p.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });
});

describe("posts with microsecond times (search-posts-rstats)", () => {
  it("record times with microseconds or +00:00 become milliseconds and Z", () => {
    const page = readAnswer(rawSearchPostsPage, recordedAnswer("search-posts-rstats"), "search");
    const posts = page.posts.map(readPost);
    expect(posts.find((p) => p.id.endsWith("/3lt4sngujfk2g"))?.createdAt).toBe("2025-07-04T08:19:23.271Z");
    expect(posts.find((p) => p.id.endsWith("/3lt4shpa5p72y"))?.createdAt).toBe("2025-07-04T08:16:10.140Z");
  });
});

describe("threads", () => {
  it("post-3k7qmjev5lr2s: a post with an image embed (alt text empty) and no replies", () => {
    const root = readThreadRoot(recordedAnswer("post-3k7qmjev5lr2s", 1));
    expect(root.kind).toBe("post");
    if (root.kind !== "post") return;
    expect(root.post).toMatchObject({
      id: "at://did:plc:ic6zqvuw5ulmfpjiwnhsr2ns/app.bsky.feed.post/3k7qmjev5lr2s",
      url: "https://bsky.app/profile/soubhikbarari.bsky.social/post/3k7qmjev5lr2s",
      createdAt: "2023-09-19T11:32:54.574Z",
      embed: { type: "images", images: [{ alt: "" }] },
    });
    expect(flattenReplies(root.node, root.post.id)).toEqual([]);
  });

  it("post-3k7qmjev5lr2s: getPosts' view of the post reads as the thread's (same post, counts and embed)", () => {
    const page = readAnswer(rawSearchPostsPage, recordedAnswer("post-3k7qmjev5lr2s", 0), "getPosts");
    const root = readThreadRoot(recordedAnswer("post-3k7qmjev5lr2s", 1));
    expect(page.posts.map(readPost)[0]).toMatchObject(root.kind === "post" ? root.post : { id: "(no post)" });
  });
});

import { describe, expect, it } from "vitest";
import { recordedJson } from "../../test/corpus.ts";
import { unescapeAnswer } from "../client/escaping.ts";
import type { JsonRecord } from "./json.ts";
import { readListing } from "./listing.ts";
import { readPostDetails, readPostRow } from "./post.ts";

const listingPosts = (json: unknown): JsonRecord[] =>
  (readListing(json)?.things ?? []).filter((t) => t.kind === "t3").map((t) => t.data);
const threadPost = (caseId: string, index = 0): JsonRecord => {
  const answer = unescapeAnswer(recordedJson(caseId, index), true).json as unknown[];
  return listingPosts(answer[0])[0] as JsonRecord;
};
const byId = (posts: JsonRecord[], id: string) => posts.find((p) => p.id === id) as JsonRecord;

describe("post rows of the r/popular hot listing (raw_json)", () => {
  const posts = listingPosts(recordedJson("r-popular-hot"));
  const rows = posts.map((p) => readPostRow(p));

  it("reads all 100 posts with the row fields", () => {
    expect(rows).toHaveLength(100);
    const first = rows[0];
    expect(first).toMatchObject({
      id: "1skjxta",
      fullname: "t3_1skjxta",
      author: "airplane231",
      authorFullname: "t2_1k4v4ka3y9",
      subreddit: "MMA",
      score: 546,
      upvoteRatio: 0.8,
      numComments: 495,
      flair: "Media",
      createdAt: "2026-04-13T18:44:08.000Z",
      url: "https://streamable.com/ql7tuy",
      permalink:
        "https://www.reddit.com/r/MMA/comments/1skjxta/ulberg_on_jiri_showing_mercy_thats_bullshit_total/",
      domain: "streamable.com",
      mediaKind: "video",
      nsfw: false,
      stickied: false,
    });
  });

  it("classifies the media kinds of the recorded mix", () => {
    const kinds: Record<string, number> = {};
    for (const row of rows) if (row) kinds[row.mediaKind] = (kinds[row.mediaKind] ?? 0) + 1;
    // 14 galleries, 50 i.redd.it images, 24 hosted videos + 1 embedded (rich:video), 6 text posts, 5 links.
    expect(kinds).toEqual({ gallery: 14, image: 50, video: 25, self: 6, link: 5 });
  });

  it("drops emoji codes from a rich-text flair and keeps placeholder thumbnails out", () => {
    const photo = rows.find((r) => r?.id === "1skke8o");
    expect(photo?.flair).toBe("Photo");
    for (const row of rows) expect(row?.thumbnail ?? "https://").toMatch(/^https:\/\//);
    expect(rows.filter((r) => r?.mediaKind === "self").every((r) => r?.thumbnail === null)).toBe(true);
  });
});

describe("post details", () => {
  it("gallery of r/popular: items in gallery order with i.redd.it files and preview sizes", () => {
    const post = readPostDetails(byId(listingPosts(recordedJson("r-popular-hot")), "1skh6dk"));
    expect(post?.mediaKind).toBe("gallery");
    expect(post?.media.gallery.map((g) => g.mediaId)).toEqual(["l4qy0l5ppzug1", "ygxbkh7ppzug1"]);
    expect(post?.media.gallery[0]).toMatchObject({
      type: "image",
      url: "https://i.redd.it/l4qy0l5ppzug1.jpg",
      width: 2160,
      height: 2160,
      mimeType: "image/jpg",
    });
    expect(post?.media.gallery[0]?.previewUrl).toContain("preview.redd.it/l4qy0l5ppzug1.jpg");
  });

  it("gallery still being processed: captions and outbound links, no file URLs", () => {
    const post = readPostDetails(threadPost("post-1khu9tf-gallery"));
    expect(post?.mediaKind).toBe("gallery");
    expect(post?.bodyMarkdown).toBe("Testing **PRAW** gallery submission *with markdown selftext*.");
    expect(post?.media.gallery.map((g) => [g.caption, g.outboundUrl, g.url])).toEqual([
      [null, null, null],
      ["A JPG image.", null, null],
      [null, "https://example.com", null],
      ["A PNG image.", "https://example.com", null],
    ]);
  });

  it("image post with a body: markdown and plain text, the linked file first among the images", () => {
    const post = readPostDetails(threadPost("post-1kh2top-image"));
    expect(post?.mediaKind).toBe("image");
    expect(post?.bodyText).toBe("Testing PRAW image submission with markdown selftext.");
    expect(post?.media.images[0]).toEqual({
      url: "https://i.redd.it/ky0147al7eze1.png",
      width: 128,
      height: 128,
    });
  });

  it("hosted video: fallback MP4, HLS and DASH playlists, duration", () => {
    const post = readPostDetails(byId(listingPosts(recordedJson("r-popular-hot")), "1skl1i1"));
    expect(post?.media.video).toMatchObject({
      provider: "reddit",
      url: "https://v.redd.it/dqm10oy4d0vg1/CMAF_1080.mp4?source=fallback",
      durationSeconds: 147,
      width: 1080,
      height: 1920,
      hasAudio: true,
      isGif: false,
    });
    expect(post?.media.video?.hlsUrl).toContain("HLSPlaylist.m3u8");
  });

  it("entity-escaped thread (no raw_json): text and URLs come out decoded", () => {
    const post = readPostDetails(threadPost("apollo-thread-y70ane"));
    expect(post?.title).toBe("When you buy $400 machine to run games that you can run using $15 RPi");
    expect(post?.media.images[1]?.url).toBe(
      "https://preview.redd.it/5kfmalflqiu91.jpg?auto=webp&s=5a3cd50aaeb4ee7fff88ae3790fb8aa552b4dc1d",
    );
  });

  it("post removed by the platform: flagged, body null, title kept", () => {
    const post = readPostDetails(threadPost("apollo-thread-so0808"));
    expect(post).toMatchObject({
      isRemoved: true,
      isDeleted: false,
      removedBy: "reddit",
      bodyMarkdown: null,
    });
    expect(post?.title).toBe("So many knives… so little time.");
  });

  it("crosspost: the original's id, row and media kind", () => {
    const overview = readListing(recordedJson("user-spez-overview"))?.things ?? [];
    const crosspost = overview.find((t) => t.kind === "t3" && t.data.id === "1tvsa59")?.data as JsonRecord;
    const post = readPostDetails(crosspost);
    expect(post?.crosspostParentId).toBe("1tvs5jj");
    expect(post?.crosspostParent).toMatchObject({ id: "1tvs5jj", subreddit: "RDDT" });
    expect(post?.crosspostParent?.title.startsWith("Steve, Jen, and Drew here")).toBe(true);
    expect(post?.url).toBe(
      "https://www.reddit.com/r/RDDT/comments/1tvs5jj/steve_jen_and_drew_here_ask_us_anything/",
    );
    // The crosspost itself is a link to the original (is_self false); the original is a text post.
    expect(crosspost.is_self).toBe(false);
    expect(post?.mediaKind).toBe("self");
  });

  it("self post of the share-link thread: plain text keeps the code line and the link", () => {
    const post = readPostDetails(threadPost("share-link-2gmzqe", 1));
    expect(post?.mediaKind).toBe("self");
    expect(post?.bodyText).toContain("\n\npip install git+git://github.com/praw-dev/praw.git@praw3\n\n");
    expect(post?.bodyText).toContain("(https://github.com/praw-dev/praw/issues)");
    expect(post?.url).toBe(post?.permalink);
  });
});

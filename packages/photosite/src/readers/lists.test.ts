import { testLogger } from "@sda/testing";
import { describe, expect, it } from "vitest";
import { caseJson, caseText } from "../../test/corpus.ts";
import { readAudioPage } from "./audio.ts";
import { readComment } from "./comment.ts";
import { connectionPage, readMediaRows } from "./connection.ts";
import { readEmbedBody } from "./embed.ts";
import { readHashtagInfo, readHashtagSections } from "./hashtag.ts";
import { readHighlightAlbum, readHighlightItems } from "./highlights.ts";
import { view } from "./json-view.ts";
import { readMedia } from "./media.ts";
import { readProfile } from "./profile.ts";
import { readSearchUsers } from "./search.ts";

const ctx = { log: testLogger() };
const data = (caseId: string, index = 0) => view(caseJson(caseId, index)).at("data");

describe("GraphQL connections", () => {
  it("reads both reels-tab pages: 24 distinct reels with plays, and the cursor chain", () => {
    const pages = [0, 1].map((i) =>
      connectionPage(
        ctx,
        data("reels-anasaiaofficial", i).at("xdt_api__v1__clips__user__connection_v2"),
        (n) => n.at("media"),
        "reels",
      ),
    );
    expect(pages.map((p) => p.rows.length)).toEqual([12, 12]);
    expect(new Set(pages.flatMap((p) => p.rows.map((r) => r.id))).size).toBe(24);
    expect(pages[0]?.rows[0]).toMatchObject({
      shortcode: "C38wAnKPWRX",
      playCount: 131421,
      likeCount: 6340,
      isReel: true,
    });
    expect(pages[0]?.nextAfter).toMatch(/^QVFCU1Ew/);
    expect(pages[0]?.rows.every((r) => r.videoUrl?.startsWith("https://"))).toBe(true);
  });

  it("reads the tagged pages: a carousel with its slide count, authors by id, the last page's 'None' cursor", () => {
    const first = connectionPage(
      ctx,
      data("tagged-onesmileymonkey").at("xdt_api__v1__usertags__user_id__feed_connection"),
      (n) => n,
      "tagged",
    );
    const last = connectionPage(
      ctx,
      data("tagged-onesmileymonkey", 1).at("xdt_api__v1__usertags__user_id__feed_connection"),
      (n) => n,
      "tagged",
    );
    expect(first).toMatchObject({ nextAfter: "1660590271798502213", hasNext: true });
    expect(first.rows.find((r) => r.type === "carousel")).toMatchObject({
      shortcode: "B3u53EWBx6O",
      mediaCount: 5,
    });
    expect(first.rows[4]?.author).toMatchObject({ id: "1709910713", username: null });
    expect(last).toMatchObject({ nextAfter: "None", hasNext: false });
    expect(last.rows).toHaveLength(12);
  });

  it("reads the 14 comments with reply counts and the JSON-text cursor", () => {
    const connection = data("comments-CUNKNOWN001-placeholder").at(
      "xdt_api__v1__media__media_id__comments__connection",
    );
    const comments = connection.edges().map(readComment);
    expect(comments).toHaveLength(14);
    expect(comments[1]).toMatchObject({
      id: "18394954360009097",
      text: "😍😍😍😍soooo schön",
      author: { username: "blond73" },
      likeCount: 1,
      replyCount: 1,
      createdAt: new Date(1700045850 * 1000).toISOString(),
      isPinned: false,
      isLikedByCreator: false,
    });
    expect(JSON.parse(connection.string("page_info", "end_cursor") ?? "{}")).toHaveProperty("bifilter_token");
  });
});

describe("v1 feeds", () => {
  it("reads the 2021 v1 clips feed: plays and views, durations, max_id", () => {
    const answer = view(caseJson("clips-user-v1-noholita"));
    const rows = readMediaRows(ctx, answer.list("items"), (i) => i.at("media"), "clips");
    expect(rows).toHaveLength(12);
    expect(rows[0]).toMatchObject({
      shortcode: "CPv3UqsBFvg",
      playCount: 401421,
      viewCount: 100856,
      isReel: true,
    });
    expect(answer.text("paging_info", "max_id")).toMatch(/^QVFD/);
  });

  it("reads both audio pages: the sound from every page and 11 reels each (page 2 has an empty count label)", () => {
    for (const index of [0, 1]) {
      const answer = view(caseJson("audio-1053780911670375-heat-waves", index));
      expect(readAudioPage(answer)).toMatchObject({
        music: { title: "Heat Waves", artist: "Glass Animals" },
        reelCount: 471838,
        reelCountText: index === 0 ? "471K reels" : null,
      });
      expect(readMediaRows(ctx, answer.list("items"), (i) => i.at("media"), "audio")).toHaveLength(11);
    }
  });
});

describe("hashtag page", () => {
  it("reads the card and every section layout: clips 1×2, fill items and media grids, without repeats", () => {
    const page = data("hashtag-asiangames2023");
    expect(readHashtagInfo(page)).toMatchObject({
      name: "asiangames2023",
      mediaCount: 75586,
      mediaCountText: "75.5K",
    });
    const top = readHashtagSections(page.at("top"));
    expect(top.emptySections).toBe(0);
    expect(top.rows.slice(0, 5).map((r) => r.shortcode)).toEqual([
      "C0A6TpeSgr4",
      "C38QH6RtGwi",
      "Cz0APymiN6o",
      "CyEF4PLM47z",
      "C191uUNI2wd",
    ]);
    expect(new Set(top.rows.map((r) => r.id)).size).toBe(top.rows.length);
    const first = top.rows[0];
    expect(first).toMatchObject({
      playCount: 48303,
      isPaidPartnership: false,
      commercialityStatus: "not_commercial",
      location: { name: expect.stringContaining("Singapore") },
      music: { isOriginalSound: true, title: "Original audio", owner: { username: "dailyketchup" } },
    });
    expect(readHashtagSections(page.at("recent")).rows).toEqual([]);
  });
});

describe("search", () => {
  it("reads the blended top search in rank order and the non-personalised search", () => {
    const top = readSearchUsers(data("search-shanghai").at("xdt_api__v1__fbsearch__topsearch_connection"));
    expect(top).toHaveLength(48);
    expect(top[0]).toMatchObject({
      username: "shanghai.explore",
      verified: true,
      followers: 194000,
      followersIsApproximate: true,
      followersText: "194K followers",
    });
    const plain = readSearchUsers(data("search-shanghai", 1).at("xdt_api__v1__fbsearch__non_profiled_serp"));
    expect(plain).toHaveLength(21);
    expect(plain[0]).toMatchObject({
      username: "shanghaiyummy.palembang",
      followers: 7717,
      followersIsApproximate: false,
    });
  });
});

describe("highlights (obsolete 2020 shape)", () => {
  it("reads the 8 albums with title, cover and owner", () => {
    const albums = data("highlights-statement.paris-OBSOLETE")
      .edges("user", "edge_highlight_reels")
      .map(readHighlightAlbum);
    expect(albums.map((a) => a?.title)).toEqual([
      "STORY",
      "ROCKAWAY",
      "STAIRWAY",
      "PRESS",
      "MY WAY",
      "SHOWROOM",
      "ANYWAY",
      "LAUNCH 2018",
    ]);
    expect(albums[0]).toMatchObject({ id: "18137590444014024", owner: { username: "statement.paris" } });
    expect(albums[0]?.cover).toMatch(/^https:\/\//);
  });

  it("reads the items of 3 albums with type, takenAt and image URLs", () => {
    const reels = data("highlights-statement.paris-OBSOLETE", 1).list("reels_media");
    const counts = reels.map((reel) => readHighlightItems(reel, reel.id("id") ?? "").items.length);
    expect(counts).toEqual([33, 8, 9]);
    const first = readHighlightItems(reels[0] ?? view(null), "18137590444014024").items[0];
    expect(first).toMatchObject({
      id: "2312546210158288428",
      type: "image",
      takenAt: new Date(1589897010 * 1000).toISOString(),
      width: 1080,
      height: 1920,
    });
    expect(first?.imageUrl).toMatch(/^https:\/\//);
  });
});

describe("embed page and 2022 profile", () => {
  it("reads the embed media from the extracted object and from a page's contextJSON", () => {
    const extracted = caseText("embed-DXgdNpFkSdi-reel");
    expect(readMedia(readEmbedBody(extracted) ?? view(null))?.shortcode).toBe("DXgdNpFkSdi");
    // The real page carries the same object inside a JSON string: {"gql_data": {"shortcode_media": …}}.
    const context = JSON.stringify({ gql_data: { shortcode_media: JSON.parse(extracted) } });
    const page = `<html><script>{"contextJSON":${JSON.stringify(context)}}</script></html>`;
    expect(readMedia(readEmbedBody(page) ?? view(null))).toMatchObject({
      shortcode: "DXgdNpFkSdi",
      viewCount: 58924,
    });
  });

  it("reads the 2022 business profile without bio links", () => {
    expect(readProfile(data("web_profile_info-robertdowneyjr").at("user"))).toMatchObject({
      username: "robertdowneyjr",
      isBusinessAccount: true,
      bioLinks: [],
      businessCategory: "Creators & Celebrities",
    });
  });
});

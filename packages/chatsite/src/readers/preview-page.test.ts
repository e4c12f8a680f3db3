import { describe, expect, it } from "vitest";
import { recordedHtml } from "../../test/corpus.ts";
import { readPreviewPage } from "./preview-page.ts";

// Every `/s/` case of the corpus (chatsite README: page kinds, the cursor) through the preview reader.

const page = (caseId: string) => {
  const read = readPreviewPage(recordedHtml(caseId));
  if (!read) throw new Error(`${caseId} is not read as a preview page`);
  return read;
};

describe("s-durov-first-page", () => {
  const durov = page("s-durov-first-page");

  it("reads the header: title, verified, username, description, compact counters", () => {
    expect(durov.header).toMatchObject({
      username: "durov",
      displayName: "Pavel Durov",
      verified: true,
      bio: "Founder of Telegram.",
      bioHtml: "Founder of Telegram.",
      followers: { count: 11_100_000, text: "11.1M", isApproximate: true },
      photos: { count: 102, text: "102", isApproximate: false },
      videos: { count: 45, text: "45", isApproximate: false },
      links: { count: 196, text: "196", isApproximate: false },
      files: { count: null, text: null, isApproximate: false },
    });
    expect(durov.header.avatar).toMatch(/^https:\/\/cdn4\.telesco\.pe\/file\/pfWZlqDT.+\.jpg$/);
  });

  it("reads 20 posts oldest first (ids with a gap at 530), the chat id and the cursor data-before=523", () => {
    expect(durov.posts.map((p) => p.id)).toEqual(
      [
        523, 524, 525, 526, 527, 528, 529, 531, 532, 533, 534, 535, 536, 537, 538, 539, 540, 541, 542, 543,
      ].map(String),
    );
    expect(durov.chatId).toBe("1006503122");
    expect(durov.before).toBe(523);
    expect(durov.query).toBeNull();
  });

  it("reads a video post: emoji image as its character, views, signature, paid and custom reactions", () => {
    const post = durov.posts[0];
    expect(post).toMatchObject({
      id: "523",
      url: "https://t.me/durov/523",
      channel: "durov",
      text: "⌚️ A fully native Telegram app for Apple Watch is out.",
      publishedAt: "2026-06-09T19:33:51.000Z",
      edited: false,
      views: 12_500_000,
      viewsText: "12.5M",
      viewsIsApproximate: true,
      author: "Pavel Durov",
      authorUsername: null,
      isService: false,
      linkPreview: null,
      replyTo: null,
      forwardedFrom: null,
      renderedAt: "2026-08-22T20:43:55.000Z",
    });
    expect(post?.html).toContain("<b>Telegram app for Apple Watch</b>");
    expect(post?.reactions[0]).toEqual({
      emoji: null,
      emojiId: null,
      paid: true,
      count: 7030,
      countText: "7.03K",
    });
    expect(post?.reactions[1]).toEqual({
      emoji: null,
      emojiId: "5465587407350942612",
      paid: false,
      count: 55_200,
      countText: "55.2K",
    });
    expect(post?.reactionCount).toBe(7030 + 55_200 + 18_600 + 13_400 + 825 + 220);
    expect(post?.media).toHaveLength(1);
    expect(post?.media[0]).toMatchObject({ type: "video", durationSeconds: null, durationText: null });
    expect(post?.media[0]?.url).toMatch(/^https:\/\/cdn4\.telesco\.pe\/file\/3d8e6da6a4\.mp4\?token=/);
    expect(post?.media[0]?.thumbnailUrl).toMatch(/^https:\/\/cdn4\.telesco\.pe\/file\/d7GubgXg/);
  });

  it("reads edited posts, photos, videos and link previews where the page shows them", () => {
    const ids = (test: (p: (typeof durov.posts)[number]) => boolean) =>
      durov.posts.filter(test).map((p) => p.id);
    expect(ids((p) => p.edited)).toEqual(["527", "535", "538", "541", "542"]);
    expect(ids((p) => p.media.some((m) => m.type === "photo"))).toEqual(["536", "537", "540"]);
    expect(ids((p) => p.media.some((m) => m.type === "video"))).toEqual(["523", "524", "526", "531", "532"]);
    expect(ids((p) => p.linkPreview !== null)).toEqual(["525", "538", "539"]);
    const preview = durov.posts.find((p) => p.id === "525")?.linkPreview;
    expect(preview).toMatchObject({
      url: "https://telegram.org/blog/watch-apps-and-more",
      siteName: "Telegram",
      title: "Smartwatch Apps, Rich Text for Bots, AI Guardians for Groups, and Much More",
    });
    expect(preview?.imageUrl).toMatch(/^https:\/\/cdn4\.telesco\.pe\/file\//);
  });

  it("keeps line breaks, decodes entities and gives links as their text", () => {
    const post = durov.posts.find((p) => p.id === "527");
    expect(post?.text).toBe(
      "🏆 Telegram is launching a $200,000 contest for content creators.\n\n🎬 Create a video about digital freedom using ideas and footage from this speech — plus any content or ideas of your own.\n\n📈 Pass 10,000+ organic views for a chance to win a share of the prize fund.\n\n📣 Full details in the @contest channel.",
    );
    expect(durov.posts.find((p) => p.id === "543")).toMatchObject({ views: 1_400_000, viewsText: "1.4M" });
  });
});

describe("search-durov-bitcoin", () => {
  const search = page("search-durov-bitcoin");

  it("reads the 7 hits 62…440, the term, no cursor", () => {
    expect(search.posts.map((p) => p.id)).toEqual(["62", "67", "77", "116", "215", "232", "440"]);
    expect(search.query).toBe("bitcoin");
    expect(search.before).toBeNull();
    expect(search.header).toMatchObject({ username: "durov", followers: { text: "11.1M" } });
  });

  it("drops the <mark> highlights from texts and link previews, reads the 2025 signature", () => {
    const first = search.posts[0];
    expect(first?.text.startsWith("Disruptions, China and Principles\n\nOur Asian users")).toBe(true);
    expect(first).toMatchObject({ publishedAt: "2017-09-27T14:53:12.000Z", views: 620_000, author: null });
    expect(first?.linkPreview).toMatchObject({
      siteName: "Bloomberg.com",
      title: "China’s WeChat Crackdown Drives Bitcoin Devotees to Telegram",
    });
    expect(search.posts.some((p) => p.text.includes("<mark") || p.text.includes("highlight"))).toBe(false);
    expect(search.posts.at(-1)).toMatchObject({ id: "440", author: "Paul Du Rove", views: 5_610_000 });
  });
});

describe("s-feedjam-tiny-channel (2023)", () => {
  const feedjam = page("s-feedjam-tiny-channel");

  it("reads a whole history on one page: singular counters, no cursor", () => {
    expect(feedjam.header).toMatchObject({
      username: "feedjam",
      displayName: "feedjam",
      verified: false,
      bio: "feedjam test",
      followers: { count: 1, text: "1", isApproximate: false },
      photos: { count: 1, text: "1" },
      videos: { count: null },
    });
    expect(feedjam.posts.map((p) => p.id)).toEqual(["1", "2", "3", "4", "5", "6", "7"]);
    expect(feedjam.before).toBeNull();
    expect(feedjam.chatId).toBe("1922921053");
  });

  it("reads the service message 'Channel created' as a service post without text", () => {
    expect(feedjam.posts[0]).toMatchObject({ id: "1", isService: true, text: "", views: null });
    expect(feedjam.posts[1]).toMatchObject({
      id: "2",
      text: "what’s upp",
      views: 2,
      viewsText: "2",
      viewsIsApproximate: false,
      publishedAt: "2023-07-29T08:50:12.000Z",
      renderedAt: "2023-07-29T08:52:53.000Z",
      reactions: [],
      reactionCount: 0,
    });
    expect(feedjam.posts[2]?.media.map((m) => m.type)).toEqual(["photo"]);
  });
});

describe("s-topwar_official-media-forwards (2023, pretty-printed)", () => {
  const topwar = page("s-topwar_official-media-forwards");

  it("reads the 109K subscribers, a files counter and the cursor", () => {
    expect(topwar.header).toMatchObject({
      username: "topwar_official",
      displayName: "Военное обозрение",
      followers: { count: 109_000, text: "109K", isApproximate: true },
      photos: { count: 19_600, text: "19.6K" },
      videos: { count: 15_400, text: "15.4K" },
      links: { count: 28_600, text: "28.6K" },
      files: { count: 8, text: "8", isApproximate: false },
    });
    expect(topwar.header.bio).toBe(
      "Официальный канал сайта topwar.ru\n\nДля обратной связи: @topwar_feedlback_bot\n\nПо рекламе - писать @effective100",
    );
    expect(topwar.before).toBe(70989);
    expect(topwar.posts).toHaveLength(12);
  });

  it("reads an album in its order with a video duration", () => {
    const album = topwar.posts.find((p) => p.id === "70992");
    expect(album?.media.map((m) => m.type)).toEqual(["photo", "photo", "video"]);
    expect(album?.media[2]).toMatchObject({ durationSeconds: 16, durationText: "0:16" });
    expect(topwar.posts.find((p) => p.id === "71000")?.media).toHaveLength(6);
    expect(topwar.posts.find((p) => p.id === "71006")?.media[0]).toMatchObject({
      type: "video",
      url: null,
      durationSeconds: 177,
      durationText: "2:57",
    });
  });

  it("reads forwarded posts, and collapses the pretty-printer's whitespace", () => {
    const forwarded = topwar.posts.filter((p) => p.forwardedFrom !== null).map((p) => p.forwardedFrom);
    expect(forwarded).toEqual([
      { name: "Военкор Ярем", url: "https://t.me/yaremshooter/1066" },
      { name: "БелВПО", url: "https://t.me/Belarus_VPO/34301" },
      { name: "Старше Эдды", url: "https://t.me/vysokygovorit/10899" },
      { name: "Пул N3", url: "https://t.me/dimsmirnov175/44655" },
      expect.objectContaining({ name: expect.any(String) }),
    ]);
    const post = topwar.posts.find((p) => p.id === "70996");
    expect(
      post?.text.startsWith("Информация о том, что подразделения ЧВК «Вагнер» подошли к самолетику"),
    ).toBe(true);
    expect(post?.text).toContain("на расстояние 180 метров, пока не соответствует действительности.");
    expect(post?.text.endsWith("@yaremshooter")).toBe(true);
    expect(post?.linkPreview).toMatchObject({
      url: "http://t.me/infantmilitario/93419",
      title: "Милитарист",
    });
  });
});

describe("pages that are no preview", () => {
  it("answers null for a landing card and a widget", () => {
    expect(readPreviewPage(recordedHtml("info-durov"))).toBeNull();
    expect(readPreviewPage(recordedHtml("embed-durov-523-video"))).toBeNull();
  });
});

import { describe, expect } from "vitest";
import { stackTest } from "./support/fixtures.ts";

const POSTS = "/v1/photosite/channel-posts";
const REELS = "/v1/photosite/channel-reels";
const TAGGED = "/v1/photosite/tagged-posts";
const AUDIO = "/v1/photosite/reels-by-audio-id";

const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

describe("photosite channel posts over HTTP (0.3 credits per post)", () => {
  stackTest(
    "pages the embedded grid 5 + 7 without gap or repeat, pinned posts first, billed per result",
    async ({ stack }) => {
      const { key, accountId } = await stack.account();
      const first = await stack.get(POSTS, key, { url: "https://www.instagram.com/megadeth/", limit: "5" });
      expect(first.status).toBe(200);
      expect(first.body.data).toMatchObject({ username: "megadeth", totalReturned: 5, hasMore: true });
      expect(first.headers.get("x-service-credits")).toBe("2");
      const posts = first.body.data.posts;
      expect(posts.slice(0, 3).every((p: { isPinned: boolean }) => p.isPinned)).toBe(true);
      expect(posts[0]).toMatchObject({
        shortcode: "ChKPk6klGbO",
        user: { id: "343260652", username: "megadeth" },
      });
      const second = await stack.get(POSTS, key, {
        url: "megadeth",
        limit: "7",
        cursor: first.body.data.nextCursor,
      });
      expect(second.status).toBe(200);
      expect(second.body.data.totalReturned).toBe(7);
      expect(second.headers.get("x-service-credits")).toBe("3");
      const all = [...posts, ...second.body.data.posts];
      expect(new Set(ids(all)).size).toBe(12);
      const carousel = all.find((p: { type: string }) => p.type === "carousel");
      expect(carousel.mediaCount).toBe(carousel.children.length);
      expect(carousel.children[0].id).toMatch(/^\d+$/);
      expect(await stack.ledger.balance(accountId)).toBe(100 - 2 - 3);
    },
  );

  stackTest(
    "the default limit of 12 is one platform page; the 402 check uses limit × 0.3",
    async ({ stack }) => {
      const { key } = await stack.account();
      const page = await stack.get(POSTS, key, { url: "robertdowneyjr" });
      expect(page.body.data.totalReturned).toBe(12);
      expect(page.headers.get("x-service-credits")).toBe("4");
      const poor = await stack.account(29);
      expect((await stack.get(POSTS, poor.key, { url: "robertdowneyjr", limit: "100" })).status).toBe(402);
    },
  );
});

describe("photosite channel reels over HTTP (ceil(n × 0.3))", () => {
  stackTest(
    "fills 20 from two platform pages, then continues at reel 21 without gap or repeat",
    async ({ stack }) => {
      const { key, accountId } = await stack.account();
      const first = await stack.get(REELS, key, { url: "anasaiaofficial", limit: "20" });
      expect(first.status).toBe(200);
      expect(first.headers.get("x-service-source")).toBe("web_profile_info+graphql");
      expect(first.body.data).toMatchObject({ userId: "50269116275", totalReturned: 20, hasMore: true });
      expect(first.headers.get("x-service-credits")).toBe("6");
      expect(first.body.data.reels[0]).toMatchObject({
        shortcode: "C38wAnKPWRX",
        engagement: { views: 131421, likes: 6340, comments: 31 },
        viewsSource: "play_count",
      });
      const second = await stack.get(REELS, key, {
        url: "anasaiaofficial",
        cursor: first.body.data.nextCursor,
      });
      expect(second.status).toBe(200);
      // Reels 21–24 of the recorded second page; the third page is not recorded, so the list pauses there.
      expect(second.body.data.totalReturned).toBe(4);
      expect(second.headers.get("x-service-credits")).toBe("2");
      const all = ids([...first.body.data.reels, ...second.body.data.reels]);
      expect(new Set(all).size).toBe(24);
      expect(await stack.ledger.balance(accountId)).toBe(100 - 6 - 2);
    },
  );

  stackTest("userId skips the handle and falls back to the v1 clips feed", async ({ stack }) => {
    const { key } = await stack.account();
    const response = await stack.get(REELS, key, { userId: "3171067", limit: "3" });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-service-source")).toBe("v1");
    expect(response.body.data.reels[0]).toMatchObject({
      shortcode: "CPv3UqsBFvg",
      engagement: { views: 401421 },
      viewsSource: "play_count",
      viewCount: 100856,
    });
    expect(response.headers.get("x-service-credits")).toBe("1");
    const next = await stack.get(REELS, key, {
      userId: "3171067",
      limit: "20",
      cursor: response.body.data.nextCursor,
    });
    expect(next.body.data.reels[0].shortcode).toBe("CPaKjC_B7hZ");
    expect(next.body.data.totalReturned).toBe(9);
  });

  stackTest("400 missing_parameter without url and userId", async ({ stack }) => {
    const { key } = await stack.account();
    const response = await stack.get(REELS, key, {});
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: "missing_parameter", param: "url" });
  });
});

describe("photosite tagged posts over HTTP (1 credit)", () => {
  stackTest("follows the cursor to the last page ('None' end cursor) and stops there", async ({ stack }) => {
    const { key, accountId } = await stack.account();
    const first = await stack.get(TAGGED, key, { url: "onesmileymonkey", limit: "12" });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      userId: "12804596",
      totalReturned: 12,
      hasMore: true,
      staleFeed: false,
    });
    const second = await stack.get(TAGGED, key, {
      url: "onesmileymonkey",
      limit: "12",
      cursor: first.body.data.nextCursor,
    });
    expect(second.body.data).toMatchObject({ totalReturned: 12, hasMore: false, nextCursor: null });
    expect(new Set(ids([...first.body.data.posts, ...second.body.data.posts])).size).toBe(24);
    expect(first.body.data.posts.find((p: { type: string }) => p.type === "carousel").mediaCount).toBe(5);
    expect(await stack.ledger.balance(accountId)).toBe(98);
  });

  stackTest(
    "an empty tagged feed is 200 with an empty list and costs 0 (the recorded answer without its posts)",
    async ({ stack }) => {
      const { key, accountId } = await stack.account();
      const remove = stack.replay.addFault({
        when: (r) =>
          r.path === "/api/graphql" && r.body.kind === "form" && r.body.fields.doc_id === "7289408964443685",
        status: 200,
        body: JSON.stringify({
          data: {
            xdt_api__v1__usertags__user_id__feed_connection: {
              edges: [],
              page_info: {
                end_cursor: "None",
                has_next_page: false,
                has_previous_page: false,
                start_cursor: null,
              },
            },
          },
          extensions: { is_final: true },
        }),
        headers: { "content-type": "text/javascript; charset=utf-8" },
      });
      const response = await stack.get(TAGGED, key, { userId: "12804596" });
      remove();
      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({
        posts: [],
        totalReturned: 0,
        nextCursor: null,
        hasMore: false,
      });
      expect(response.headers.get("x-service-credits")).toBe("0");
      expect(await stack.ledger.balance(accountId)).toBe(100);
    },
  );
});

describe("photosite reels by audio id over HTTP (1.4 credits per reel)", () => {
  stackTest(
    "the licensed track: music, trend flags, 15 reels over two pages, billed ceil(15 × 1.4)",
    async ({ stack }) => {
      const { key, accountId } = await stack.account();
      const response = await stack.get(AUDIO, key, {
        audioId: "https://www.instagram.com/reels/audio/1053780911670375/",
        limit: "15",
      });
      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({
        audioId: "1053780911670375",
        music: {
          title: "Heat Waves",
          artist: "Glass Animals",
          durationSeconds: 239,
          isOriginalSound: false,
          owner: { username: "glassanimals" },
        },
        isTrendingInClips: false,
        trendRank: null,
        reelCount: 471838,
        totalReturned: 15,
        hasMore: true,
      });
      expect(response.headers.get("x-service-credits")).toBe("21");
      const next = await stack.get(AUDIO, key, {
        audioId: "1053780911670375",
        limit: "7",
        cursor: response.body.data.nextCursor,
      });
      expect(next.body.data.totalReturned).toBe(7);
      expect(next.headers.get("x-service-credits")).toBe("10");
      expect(new Set(ids([...response.body.data.reels, ...next.body.data.reels])).size).toBe(22);
      expect(await stack.ledger.balance(accountId)).toBe(100 - 21 - 10);
    },
  );

  stackTest("404 audio_not_found for an audio the platform does not know, not billed", async ({ stack }) => {
    const { key, accountId } = await stack.account();
    const remove = stack.replay.addFault({ when: (r) => r.path === "/api/v1/clips/music/", status: 404 });
    const response = await stack.get(AUDIO, key, { audioId: "1" });
    remove();
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe("audio_not_found");
    expect(await stack.ledger.balance(accountId)).toBe(100);
  });
});

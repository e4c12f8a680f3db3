import { describe, expect } from "vitest";
import { stackTest } from "./support/fixtures.ts";

const DETAILS = "/v1/photosite/details";
const COMMENTS = "/v1/photosite/comments";
const EMBED = "/v1/photosite/embed";

describe("photosite post details over HTTP", () => {
  stackTest(
    "200 for a reel from the GraphQL post query: counts, author, music, 1 credit",
    async ({ stack }) => {
      const { key, accountId } = await stack.account();
      const response = await stack.get(DETAILS, key, { url: "https://www.instagram.com/reel/C10MvewSSYl/" });
      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({
        platform: "photosite",
        id: "3275298868401088037",
        shortcode: "C10MvewSSYl",
        type: "video",
        isReel: true,
        likeCount: 1479,
        commentCount: 29,
        takenAt: "2024-01-07T22:25:00.000Z",
        author: { id: "25519719", username: "ninamukhar", fullName: "Nina Mukhar", verified: true },
        music: { title: "Italiano-Swiss Alps", artist: "DJ Major" },
        isPaidPartnership: false,
        likeCountIsApproximate: false,
        children: [],
        mediaCount: 1,
      });
      expect(response.body.data.videoUrl).toMatch(/^https:\/\//);
      expect(response.headers.get("x-service-credits")).toBe("1");
      expect(response.headers.get("x-service-source")).toBe("graphql");
      expect(await stack.ledger.balance(accountId)).toBe(99);
    },
  );

  stackTest(
    "falls back to v1 media info (carousel slides with exact ids beyond 2^53) and to the embed page",
    async ({ stack }) => {
      const { key } = await stack.account();
      const carousel = await stack.get(DETAILS, key, { url: "https://www.instagram.com/p/CAnqPB-Jzcj/" });
      expect(carousel.status).toBe(200);
      expect(carousel.headers.get("x-service-source")).toBe("v1");
      expect(carousel.body.data).toMatchObject({
        id: "2317006284167526179",
        type: "carousel",
        mediaCount: 3,
      });
      expect(carousel.body.data.children.map((c: { id: string }) => c.id)).toEqual([
        "2317006281046924667",
        "2317006281030202874",
        "2317006281046781386",
      ]);
      const sidecar = await stack.get(DETAILS, key, { url: "DXb_4eviZ7J" });
      expect(sidecar.status).toBe(200);
      expect(sidecar.headers.get("x-service-source")).toBe("embed");
      expect(sidecar.body.data.children.map((c: { type: string }) => c.type)).toEqual([
        "video",
        "image",
        "image",
      ]);
    },
  );

  stackTest("reads the logged-out post page's compact labels as approximate counts", async ({ stack }) => {
    const { key } = await stack.account();
    const response = await stack.get(DETAILS, key, { url: "https://www.instagram.com/p/COn3M4TnRi1/" });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-service-source")).toBe("page");
    expect(response.body.data).toMatchObject({
      likeCount: 534000,
      likeCountIsApproximate: true,
      likeCountText: "534K",
      commentCount: 5064,
      commentCountIsApproximate: false,
      takenAt: "2021-05-08T00:00:00.000Z",
      takenAtIsApproximate: true,
      author: { username: "willyrex" },
    });
  });

  stackTest(
    "404 post_not_found when the platform says the media does not exist, not billed",
    async ({ stack }) => {
      const { key, accountId } = await stack.account();
      const remove = stack.replay.addFault({
        when: (r) =>
          r.path.includes("ZZZZZZZZZZZ") || r.path.startsWith("/api/v1/media/") || r.path === "/api/graphql",
        status: 404,
        body: "",
      });
      try {
        const response = await stack.get(DETAILS, key, { url: "https://www.instagram.com/p/ZZZZZZZZZZZ/" });
        expect(response.status).toBe(404);
        expect(response.body.error).toMatchObject({ code: "post_not_found", retryable: false });
        expect(response.headers.get("x-service-credits")).toBe("0");
      } finally {
        remove();
      }
      expect(await stack.ledger.balance(accountId)).toBe(100);
    },
  );

  stackTest(
    "422 for another platform's URL and for a profile URL, 400 for garbage; none billed",
    async ({ stack }) => {
      const { key, accountId } = await stack.account();
      const foreign = await stack.get(DETAILS, key, { url: "https://www.youtube.com/watch?v=M4gD1WSo5mA" });
      expect(foreign.status).toBe(422);
      expect(foreign.body.error.code).toBe("unsupported_url");
      const profile = await stack.get(DETAILS, key, { url: "https://www.instagram.com/nasa/" });
      expect(profile.status).toBe(422);
      const garbage = await stack.get(DETAILS, key, { url: "not a post!" });
      expect(garbage.status).toBe(400);
      expect(garbage.body.error.code).toBe("invalid_parameter");
      expect(await stack.ledger.balance(accountId)).toBe(100);
    },
  );
});

describe("photosite comments over HTTP (0.9 credits per comment)", () => {
  const recordedIds = [
    "17987658311301881",
    "18394954360009097",
    "18034790356628459",
    "18015557461811078",
    "18070837933438155",
    "17960523698671406",
    "17999262350335556",
    "18107471581354428",
    "18005292890157902",
    "17996654447119080",
    "18005135963157642",
    "18036431125610804",
    "18034087486621432",
    "17873371523995687",
  ];

  stackTest(
    "pages 10 + 4 through the recorded page without gap or repeat, billed ceil(n × 0.9) each",
    async ({ stack }) => {
      const { key, accountId } = await stack.account();
      const first = await stack.get(COMMENTS, key, { url: "CUNKNOWN001", limit: "10" });
      expect(first.status).toBe(200);
      expect(first.body.data).toMatchObject({
        mediaId: "2669835043323989301",
        totalReturned: 10,
        hasMore: true,
      });
      expect(first.headers.get("x-service-credits")).toBe("9");
      const second = await stack.get(COMMENTS, key, {
        url: "CUNKNOWN001",
        limit: "10",
        cursor: first.body.data.nextCursor,
      });
      expect(second.status).toBe(200);
      // The platform has more (has_next_page) but its next page is not recorded: the 4 rows come back with a cursor.
      expect(second.body.data.totalReturned).toBe(4);
      expect(second.body.data.hasMore).toBe(true);
      expect(second.headers.get("x-service-credits")).toBe("4");
      const ids = [...first.body.data.comments, ...second.body.data.comments].map(
        (c: { id: string }) => c.id,
      );
      expect(ids).toEqual(recordedIds);
      expect(first.body.data.comments[1]).toMatchObject({
        author: { username: "blond73" },
        replyCount: 1,
        likeCount: 1,
        isPinned: false,
      });
      expect(await stack.ledger.balance(accountId)).toBe(100 - 9 - 4);
    },
  );

  stackTest("402 before any work when the balance is below limit × 0.9", async ({ stack }) => {
    const { key } = await stack.account(40);
    const hits = stack.replay.hits.length;
    const response = await stack.get(COMMENTS, key, { url: "CUNKNOWN001" });
    expect(response.status).toBe(402);
    expect(stack.replay.hits.length).toBe(hits);
  });

  stackTest(
    "400 for limit out of range and for a cursor of another post or a tampered one",
    async ({ stack }) => {
      const { key, accountId } = await stack.account();
      expect((await stack.get(COMMENTS, key, { url: "CUNKNOWN001", limit: "101" })).body.error.code).toBe(
        "parameter_out_of_range",
      );
      expect((await stack.get(COMMENTS, key, { url: "CUNKNOWN001", limit: "0" })).status).toBe(400);
      const first = await stack.get(COMMENTS, key, { url: "CUNKNOWN001", limit: "2" });
      const other = await stack.get(COMMENTS, key, {
        url: "C10MvewSSYl",
        cursor: first.body.data.nextCursor,
      });
      expect(other.status).toBe(400);
      expect(other.body.error.code).toBe("invalid_cursor");
      const tampered = await stack.get(COMMENTS, key, {
        url: "CUNKNOWN001",
        cursor: `${first.body.data.nextCursor}x`,
      });
      expect(tampered.body.error.code).toBe("invalid_cursor");
      expect(await stack.ledger.balance(accountId)).toBe(100 - 2);
    },
  );
});

describe("photosite embed over HTTP", () => {
  stackTest(
    "builds the classic snippet from the post: blockquote.instagram-media, permalink, author, embed script",
    async ({ stack }) => {
      const { key } = await stack.account();
      const response = await stack.get(EMBED, key, { url: "https://www.instagram.com/reel/C10MvewSSYl/" });
      expect(response.status).toBe(200);
      const { html } = response.body.data;
      expect(html).toMatch(/^<blockquote class="instagram-media" data-instgrm-captioned /);
      expect(html).toContain(
        'data-instgrm-permalink="https://www.instagram.com/p/C10MvewSSYl/?utm_source=ig_embed&amp;utm_campaign=loading"',
      );
      expect(html).toContain("A post shared by Nina Mukhar (@ninamukhar)");
      expect(html).toContain('<script async src="//www.instagram.com/embed.js"></script>');
      expect(response.headers.get("x-service-credits")).toBe("1");
      const bare = await stack.get(EMBED, key, { url: "C10MvewSSYl", captioned: "false" });
      expect(bare.body.data.html).not.toContain("data-instgrm-captioned");
    },
  );

  stackTest(
    "uses the platform's oEmbed snippet when the post itself cannot be fetched",
    async ({ stack }) => {
      const { key } = await stack.account();
      const response = await stack.get(EMBED, key, { url: "https://www.instagram.com/p/CARbvuYDm3Q/" });
      expect(response.status).toBe(200);
      expect(response.headers.get("x-service-source")).toBe("oembed");
      expect(response.body.data.html).toContain("A post shared by National Geographic (@natgeo)");
      expect(response.body.data.authorUsername).toBe("natgeo");
    },
  );
});

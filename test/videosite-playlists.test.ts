import { describe, expect } from "vitest";
import { stackTest } from "./support/fixtures.ts";

const VIDEOS = "/v1/videosite/playlist-videos";
const DETAILS = "/v1/videosite/playlist-details";
const playlist = "https://www.youtube.com/playlist?list=PLWwAypAcFRgKAIIFqBr9oy-ZYZnixa_Fj";

describe("GET /v1/videosite/playlist-videos over HTTP", () => {
  stackTest("the first 100 videos with totalVideos, 2 credits per page of 100", async ({ stack }) => {
    const { key, accountId } = await stack.account();
    const response = await stack.get(VIDEOS, key, { url: playlist });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      id: "PLWwAypAcFRgKAIIFqBr9oy-ZYZnixa_Fj",
      totalVideos: 4999,
      totalReturned: 100,
      hasMore: true,
    });
    expect(response.body.data.videos[0]).toMatchObject({
      id: "8SbUC-UaAxE",
      position: 1,
      durationSeconds: 557,
    });
    expect(response.headers.get("x-service-credits")).toBe("2");
    expect(await stack.ledger.balance(accountId)).toBe(98);
  });

  stackTest(
    "a watch URL inside the playlist, two pages by cursor: positions 1–150 once each; 150 videos cost 4",
    async ({ stack }) => {
      const { key, accountId } = await stack.account();
      const url = "https://www.youtube.com/watch?v=8SbUC-UaAxE&list=PLWwAypAcFRgKAIIFqBr9oy-ZYZnixa_Fj";
      const first = await stack.get(VIDEOS, key, { url, limit: "70" });
      const second = await stack.get(VIDEOS, key, { url, limit: "80", cursor: first.body.data.nextCursor });
      expect(second.status).toBe(200);
      const positions = [...first.body.data.videos, ...second.body.data.videos].map(
        (v: { position: number }) => v.position,
      );
      expect(positions).toEqual(Array.from({ length: 150 }, (_, i) => i + 1));
      expect(second.body.data.totalVideos).toBe(4999);
      expect(await stack.ledger.balance(accountId)).toBe(100 - 2 - 2);
    },
  );

  stackTest("missing playlists are 404 playlist_not_found, not billed; a mix is 422", async ({ stack }) => {
    const { key, accountId } = await stack.account();
    for (const url of [
      "https://www.youtube.com/playlist?list=INVALID_ID",
      "PL11111111111111111111111111111111",
    ]) {
      const response = await stack.get(VIDEOS, key, { url });
      expect(response.status).toBe(404);
      expect(response.body.error).toMatchObject({ code: "playlist_not_found", retryable: false });
      expect(response.headers.get("x-service-credits")).toBe("0");
    }
    const mix = await stack.get(VIDEOS, key, {
      url: "https://www.youtube.com/watch?v=FAqYW76GLPA&list=RDFAqYW76GLPA",
    });
    expect(mix.status).toBe(422);
    expect(await stack.ledger.balance(accountId)).toBe(100);
  });
});

describe("GET /v1/videosite/playlist-details over HTTP", () => {
  stackTest("200 with owner, counts and last update, 1 credit", async ({ stack }) => {
    const { key, accountId } = await stack.account();
    const response = await stack.get(DETAILS, key, { url: playlist });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      id: "PLWwAypAcFRgKAIIFqBr9oy-ZYZnixa_Fj",
      channelName: "Tomas Nilsson TOMPA571",
      videoCount: 4999,
      viewCount: 32508939,
      lastUpdatedText: "Updated 4 days ago",
      lastUpdatedIsApproximate: true,
    });
    expect(response.headers.get("x-service-credits")).toBe("1");
    expect(await stack.ledger.balance(accountId)).toBe(99);
  });

  stackTest("404 playlist_not_found for a playlist that does not exist", async ({ stack }) => {
    const { key } = await stack.account();
    const response = await stack.get(DETAILS, key, { url: "PL11111111111111111111111111111111" });
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe("playlist_not_found");
  });
});

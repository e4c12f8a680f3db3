import { describe, expect } from "vitest";
import { stackTest } from "./support/fixtures.ts";

const SEARCH = "/v1/videosite/search";
type Hit = { type: string; id: string | null; title: string | null };
const key = (hit: Hit) => `${hit.type}:${hit.id ?? hit.title}`;

describe("GET /v1/videosite/search over HTTP", () => {
  stackTest(
    "results in order and disjoint partitions summing to results.length; 2 credits per 20 results",
    async ({ stack }) => {
      const { key: apiKey, accountId } = await stack.account();
      const response = await stack.get(SEARCH, apiKey, { q: "test" });
      expect(response.status).toBe(200);
      const data = response.body.data;
      expect(data).toMatchObject({ query: "test", totalReturned: 20, hasMore: true });
      const parts = ["videos", "shorts", "channels", "playlists", "lives", "shelves"];
      const sum = parts.reduce((total, part) => total + data[part].length, 0);
      expect(sum).toBe(data.results.length);
      const partitioned = new Set(parts.flatMap((part) => data[part].map(key)));
      expect(partitioned).toEqual(new Set(data.results.map(key)));
      expect(data.shorts.length).toBeGreaterThan(0);
      expect(response.headers.get("x-service-credits")).toBe("2");
      expect(await stack.ledger.balance(accountId)).toBe(98);
    },
  );

  stackTest(
    "a second page through nextCursor continues without a repeat; 45 results cost 6",
    async ({ stack }) => {
      const { key: apiKey, accountId } = await stack.account();
      const first = await stack.get(SEARCH, apiKey, { q: "test", limit: "25" });
      const second = await stack.get(SEARCH, apiKey, {
        q: "test",
        limit: "20",
        cursor: first.body.data.nextCursor,
      });
      expect(second.status).toBe(200);
      const ids = [...first.body.data.results, ...second.body.data.results].map(key);
      expect(new Set(ids).size).toBe(45);
      expect(first.headers.get("x-service-credits")).toBe("4");
      expect(second.headers.get("x-service-credits")).toBe("2");
      expect(await stack.ledger.balance(accountId)).toBe(94);
    },
  );

  stackTest(
    "filters and aliases hit the recorded filtered searches: channels, playlists, videos with a live hit",
    async ({ stack }) => {
      const { key: apiKey } = await stack.account();
      const channels = await stack.get(SEARCH, apiKey, { q: "test", type: "channel", limit: "3" });
      expect(channels.body.data.channels[0]).toMatchObject({
        type: "channel",
        handle: "@tutorialismic",
        subscriberCount: 234000,
      });
      const playlists = await stack.get(SEARCH, apiKey, { q: "test", type: "playlists", limit: "2" });
      expect(playlists.body.data.playlists[0]).toMatchObject({
        type: "playlist",
        id: "PLAD454F0807B6CB80",
        videoCount: 102,
      });
      const shorts = await stack.get(SEARCH, apiKey, { q: "#shorts", type: "video" });
      expect(shorts.body.data.lives.map((hit: Hit) => hit.id)).toEqual(["VjwWKFXMgv8"]);
      expect(shorts.body.data.lives[0].badges).toContain("LIVE");
      expect(shorts.body.data.spelling).toMatchObject({
        kind: "including_results_for",
        correctedQuery: "shorts",
      });
    },
  );

  stackTest("a spelling suggestion still returns the results shown", async ({ stack }) => {
    const { key: apiKey } = await stack.account();
    const response = await stack.get(SEARCH, apiKey, { q: "on board ing", type: "videos", limit: "5" });
    expect(response.status).toBe(200);
    expect(response.body.data.totalReturned).toBe(5);
    expect(response.body.data.spelling).toMatchObject({
      kind: "did_you_mean",
      correctedQuery: "on boarding",
    });
  });

  stackTest("bad parameters are 400 with their own codes and cost nothing", async ({ stack }) => {
    const { key: apiKey, accountId } = await stack.account();
    const cases: [Record<string, string>, string][] = [
      [{ q: "a" }, "invalid_parameter"],
      [{}, "missing_parameter"],
      [{ q: "test", region: "USA" }, "invalid_parameter"],
      [{ q: "test", sortBy: "newest" }, "invalid_enum_value"],
      [{ q: "test", type: "podcasts" }, "invalid_enum_value"],
      [{ q: "test", uploadDate: "decade" }, "invalid_enum_value"],
      [{ q: "test", limit: "0" }, "parameter_out_of_range"],
      [{ q: "test", limit: "201" }, "parameter_out_of_range"],
      [{ q: "test", type: "shorts", duration: "long" }, "invalid_parameter"],
      [{ q: "test", cursor: "garbage" }, "invalid_cursor"],
    ];
    for (const [query, code] of cases) {
      const response = await stack.get(SEARCH, apiKey, query);
      expect(response.status, JSON.stringify(query)).toBe(400);
      expect(response.body.error).toMatchObject({ code, retryable: false });
    }
    expect(await stack.ledger.balance(accountId)).toBe(100);
  });

  stackTest(
    "402 before any work when the balance cannot pay for the pages the limit asks",
    async ({ stack }) => {
      const { key: apiKey, accountId } = await stack.account(5);
      const hitsBefore = stack.replay.hits.length;
      const response = await stack.get(SEARCH, apiKey, { q: "test", limit: "200" });
      expect(response.status).toBe(402);
      expect(stack.replay.hits.length).toBe(hitsBefore);
      expect(await stack.ledger.balance(accountId)).toBe(5);
    },
  );

  stackTest("cache=true: the repeated search is a HIT for 0 credits", async ({ stack }) => {
    const { key: apiKey, accountId } = await stack.account();
    const query = { q: "suicide", limit: "5", cache: "true" };
    const first = await stack.get(SEARCH, apiKey, query);
    const second = await stack.get(SEARCH, apiKey, query);
    expect(first.headers.get("x-service-credits")).toBe("2");
    expect(second.headers.get("x-service-cache")).toBe("HIT");
    expect(second.headers.get("x-service-credits")).toBe("0");
    expect(await stack.ledger.balance(accountId)).toBe(98);
  });
});

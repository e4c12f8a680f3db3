import { expectLedgerReconciled } from "@sda/testing";
import { describe, expect } from "vitest";
import { stackTest } from "./support/fixtures.ts";
import { expectPricedCalls, type PricedCall } from "./support/priced-calls.ts";
import type { Stack } from "./support/stack.ts";

// One service for this file: the `stack` fixture (replay, gateway, in-process workers). fedisite reaches the replay
// only through its catalog line (`FEDISITE_ORIGIN` from `replayOrigins`): every instance a link names is served by the
// replay, which ignores the host (corpus README, fedisite). The local development instance's recordings are asked
// through a public-looking name (`mastodon.example.com`): a link to `localhost:3000` is refused by the instance policy.

const V1 = "/v1/fedisite";
const SCHOCHASTICS = "https://fosstodon.org/web/accounts/109302436954721982";
const DEV = "https://mastodon.example.com";

/** Expects the account's balance, nothing held, and its ledger reconciled (entries sum to the balance, none twice). */
async function expectBalance(stack: Stack, accountId: string, balance: number): Promise<void> {
  expect(await stack.ledger.credits(accountId)).toMatchObject({ balance, reserved: 0 });
  await expectLedgerReconciled(stack.prisma, [accountId]);
}

describe("fedisite operations over HTTP", () => {
  stackTest("each operation answers 200 with its price, source and X-Service headers", async ({ stack }) => {
    const { key, accountId } = await stack.account(100);
    const calls: PricedCall[] = [
      ["profile", { url: SCHOCHASTICS }, 1, "mastodon:account+featured_tags"],
      ["posts", { url: SCHOCHASTICS, limit: "5" }, 2, "mastodon:account_statuses"],
      [
        "post-details",
        { url: "https://fosstodon.org/@schochastics/114620457512351116" },
        1,
        "mastodon:status",
      ],
      [
        "post-comments",
        { url: "https://mastodon.social/@Gargron/109294719267373593" },
        2,
        "mastodon:context",
      ],
      [
        "hashtag",
        { url: "https://mastodon.social/tags/ichbinhanna", limit: "5" },
        2,
        "mastodon:timelines/tag",
      ],
      ["search", { q: "halcy", instance: "mastodon.social" }, 2, "mastodon:search"],
      ["instance", { url: "mastodon.social" }, 1, "mastodon:instance/v2"],
      ["trends", { instance: "mastodon.social", type: "links", limit: "3" }, 2, "mastodon:trends/links"],
      ["followers", { url: SCHOCHASTICS, limit: "3" }, 2, "mastodon:followers"],
      ["following", { url: SCHOCHASTICS, limit: "3" }, 2, "mastodon:following"],
      [
        "post-likes",
        { url: "https://mastodon.social/@Gargron/109294719267373593" },
        2,
        "mastodon:favourited_by",
      ],
      [
        "post-reposts",
        { url: "https://mastodon.social/@Gargron/109294719267373593" },
        2,
        "mastodon:reblogged_by",
      ],
    ];
    const spent = await expectPricedCalls(stack, key, V1, calls);
    await expectBalance(stack, accountId, 100 - spent);
  });

  stackTest("the cursor continues an account's posts exactly; each page is billed 2", async ({ stack }) => {
    const { key, accountId } = await stack.account(20);
    const ids: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 3; page++) {
      const response = await stack.get(`${V1}/posts`, key, {
        url: SCHOCHASTICS,
        limit: "15",
        ...(cursor ? { cursor } : {}),
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body.data.posts).toHaveLength(15);
      ids.push(
        ...response.body.data.posts.map((p: { id: string; repostId: string | null }) => p.repostId ?? p.id),
      );
      cursor = response.body.data.nextCursor;
    }
    expect(new Set(ids).size).toBe(45);
    await expectBalance(stack, accountId, 14);
  });

  stackTest(
    "bad inputs and hostile instances: 400 / 422, never billed, no upstream request",
    async ({ stack }) => {
      const { key, accountId } = await stack.account(10);
      const hits = stack.replay.hits.length;
      for (const url of [
        "https://127.0.0.1/@admin",
        "https://[::1]/@admin",
        "https://10.0.0.1/@admin",
        "https://169.254.169.254/@admin",
        "https://2130706433/@admin",
        "https://0x7f000001/@admin",
        "@admin@localhost",
        "https://mastodon.social:8080/@admin",
      ]) {
        const refused = await stack.get(`${V1}/profile`, key, { url });
        expect(refused.status, url).toBe(422);
        expect(refused.body.error).toMatchObject({ code: "instance_not_allowed", retryable: false });
      }
      expect(stack.replay.hits.length).toBe(hits);
      const unreadable = await stack.get(`${V1}/profile`, key, { url: "https://fosstodon.org/@not a name" });
      expect(unreadable.body.error).toMatchObject({ code: "invalid_parameter", param: "url" });
      const status = await stack.get(`${V1}/profile`, key, {
        url: "https://fosstodon.org/@schochastics/114620457512351116",
      });
      expect(status.status).toBe(422);
      expect(status.body.error.code).toBe("unsupported_url");
      const first = await stack.get(`${V1}/posts`, key, { url: SCHOCHASTICS, limit: "2" });
      const other = await stack.get(`${V1}/posts`, key, {
        url: SCHOCHASTICS,
        excludeReplies: "true",
        cursor: first.body.data.nextCursor,
      });
      expect(other.status).toBe(400);
      expect(other.body.error.code).toBe("invalid_cursor");
      // The first page was billed; none of the refused calls was.
      await expectBalance(stack, accountId, 8);
    },
  );

  stackTest(
    "History: a post's likes and reposts, one series per uri, located by its link",
    async ({ stack }) => {
      const { key } = await stack.account(10);
      const url = "https://fosstodon.org/@schochastics/114620457512351116";
      expect((await stack.get(`${V1}/post-details`, key, { url })).status).toBe(200);
      const history = await stack.get("/v1/history", key, { url, metrics: "likeCount,repostCount" });
      expect(history.status, JSON.stringify(history.body)).toBe(200);
      expect(history.body.data.resource).toMatchObject({
        platform: "fedisite",
        kind: "post",
        id: "https://fosstodon.org/users/schochastics/statuses/114620457512351116",
      });
      const [likes, reposts] = history.body.data.series as { points: { value: number }[] }[];
      expect(likes?.points.length).toBeGreaterThan(0);
      expect(new Set(likes?.points.map((p) => p.value))).toEqual(new Set([12]));
      expect(new Set(reposts?.points.map((p) => p.value))).toEqual(new Set([5]));
    },
  );

  stackTest("an empty list (no trending posts) is 200 and costs 0", async ({ stack }) => {
    const { key, accountId } = await stack.account(10);
    const response = await stack.get(`${V1}/trends`, key, {
      instance: "mastodon.example.com",
      type: "posts",
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toMatchObject({ posts: [], tags: null, totalReturned: 0, hasMore: false });
    expect(response.headers.get("x-service-credits")).toBe("0");
    await expectBalance(stack, accountId, 10);
  });

  stackTest("a missing account or status is 404, not retryable, not billed", async ({ stack }) => {
    const { key, accountId } = await stack.account(10);
    const account = await stack.get(`${V1}/profile`, key, { url: `${DEV}/@kljadklajsdkljlkjlkjlkjasdasd` });
    expect(account.status).toBe(404);
    expect(account.body.error).toMatchObject({ code: "profile_not_found", retryable: false });
    const status = await stack.get(`${V1}/post-details`, key, { url: `${DEV}/@someone/0` });
    expect(status.status).toBe(404);
    expect(status.body.error).toMatchObject({ code: "post_not_found", retryable: false });
    await expectBalance(stack, accountId, 10);
  });

  stackTest(
    "cache=true: a miss is billed and stored, the hit is free, the same data, no upstream request",
    async ({ stack }) => {
      const { key, accountId } = await stack.account(10);
      const query = {
        url: "https://mastodon.social/@halcy@icosahedron.website/110447003454258227",
        cache: "true",
      };
      const first = await stack.get(`${V1}/post-details`, key, query);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.headers.get("x-service-cache")).toBe("MISS");
      const hits = stack.replay.hits.length;
      // The cache key is made from the parsed params: the status's other link form names the same status.
      const second = await stack.get(`${V1}/post-details`, key, {
        url: "https://mastodon.social/web/statuses/110447003454258227",
        cache: "true",
      });
      expect(second.headers.get("x-service-cache")).toBe("HIT");
      expect(second.headers.get("x-service-credits")).toBe("0");
      expect(second.body.data).toEqual(first.body.data);
      expect(stack.replay.hits.length).toBe(hits);
      await expectBalance(stack, accountId, 9);
    },
  );
});

import { describe, expect } from "vitest";
import { recordedHtml } from "../packages/chatsite/test/corpus.ts";
import { SYNTHETIC_DIR } from "../packages/chatsite/test/fixtures.ts";
import { durovPageWithoutNewest, durovSearchWithoutHits } from "../packages/chatsite/test/synthetic.ts";
import { LOCAL_WEBHOOKS_ENV, stackTest } from "./support/fixtures.ts";
import { money } from "./support/ledger.ts";
import { runNow } from "./support/monitors.ts";
import { expectPricedCalls, type PricedCall } from "./support/priced-calls.ts";
import { type ApiResponse, send } from "./support/stack.ts";

// One service for this file (replay of the recorded corpus, gateway, in-process workers, a local webhook receiver).
// chatsite reaches the replay only through its catalog line (`CHATSITE_ORIGIN`). What the recordings cannot show (a
// second page, a search without hits, a page without Telegram's markers, an earlier state of a channel) is served by
// replay faults built from recorded pages (packages/chatsite/test/synthetic.ts).

const V1 = "/v1/chatsite";
const HTML = { "content-type": "text/html; charset=utf-8" };

// The recorded corpus plus chatsite's `_synthetic` /s/ redirects of the names recorded by their landing page alone.
const test = stackTest.extend(
  "stackOptions",
  { scope: "file" },
  { env: LOCAL_WEBHOOKS_ENV, replayDirs: [SYNTHETIC_DIR] },
);

const ids = (response: ApiResponse): string[] => response.body.data.posts.map((p: { id: string }) => p.id);

describe("chatsite operations over HTTP", () => {
  test("each operation answers 200 with its price and source; the ledger matches", async ({ stack }) => {
    const { key, accountId } = await stack.account(100);
    const calls: PricedCall[] = [
      ["channel", { url: "https://t.me/durov" }, 1, "tme:preview"],
      ["channel", { url: "@durov", exactCount: "true" }, 1, "tme:preview+landing"],
      ["channel", { url: "t.me/tdlibchat" }, 1, "tme:landing"],
      ["channel-posts", { url: "https://t.me/s/durov" }, 2, "tme:preview"],
      ["post", { url: "https://t.me/durov/523" }, 1, "tme:widget"],
      ["search", { url: "durov", q: "bitcoin" }, 2, "tme:search"],
    ];
    const spent = await expectPricedCalls(stack, key, V1, calls);
    expect(spent).toBe(8);
    expect(await money(stack.ledger, accountId)).toEqual({ balance: 92, sum: 92, reserved: 0 });
  });

  test("channel: the preview header, the chat id, the exact landing count with exactCount", async ({
    stack,
  }) => {
    const { key } = await stack.account(10);
    const channel = await stack.get(`${V1}/channel`, key, { url: "https://t.me/durov" });
    expect(channel.body.data).toMatchObject({
      platform: "chatsite",
      type: "channel",
      id: "1006503122",
      username: "durov",
      url: "https://t.me/durov",
      previewUrl: "https://t.me/s/durov",
      previewAvailable: true,
      displayName: "Pavel Durov",
      bio: "Founder of Telegram.",
      verified: true,
      followers: 11_100_000,
      followersText: "11.1M",
      followersIsApproximate: true,
      online: null,
      photoCount: 102,
      videoCount: 45,
      linkCount: 196,
      fileCount: null,
      fileCountText: null,
      banner: null,
      postCount: null,
      createdAt: null,
    });
    const exact = await stack.get(`${V1}/channel`, key, { url: "durov", exactCount: "true" });
    expect(exact.body.data).toMatchObject({
      followers: 11_110_268,
      followersText: "11 110 268",
      followersIsApproximate: false,
    });
    // A group's /s/ page redirects (302) to its landing card: members, online, no preview, no chat id.
    const group = await stack.get(`${V1}/channel`, key, { url: "https://t.me/hanoi_chats" });
    expect(group.body.data).toMatchObject({
      type: "group",
      id: null,
      username: "hanoi_chats",
      previewUrl: null,
      previewAvailable: false,
      displayName: "Ханой | Вьетнам - Общение Чат",
      followers: 2832,
      followersText: "2 832",
      followersIsApproximate: false,
      online: 37,
      photoCount: null,
    });
  });

  test("channel-posts: newest first, cut to limit, the cursor continues before the oldest", async ({
    stack,
  }) => {
    const { key, accountId } = await stack.account(20);
    const full = await stack.get(`${V1}/channel-posts`, key, { url: "durov" });
    expect(ids(full)).toEqual(
      ["543", "542", "541", "540", "539", "538", "537", "536", "535", "534"].concat([
        "533",
        "532",
        "531",
        "529",
        "528",
        "527",
        "526",
        "525",
        "524",
        "523",
      ]),
    );
    expect(full.body.data).toMatchObject({
      channel: { username: "durov", displayName: "Pavel Durov", verified: true, followersText: "11.1M" },
      totalReturned: 20,
      nextCursor: "523",
      hasMore: true,
    });
    const first = await stack.get(`${V1}/channel-posts`, key, { url: "durov", limit: "5" });
    expect(ids(first)).toEqual(["543", "542", "541", "540", "539"]);
    expect(first.body.data).toMatchObject({ totalReturned: 5, nextCursor: "539", hasMore: true });
    // No `?before=` page was recorded: the replay answers it with the recorded page (a superset: Telegram's page of
    // `before=544`, its canonical link); only posts older than the cursor are returned.
    const sent: string[] = [];
    const remove = stack.replay.addFault({
      when: (r) => {
        if (r.path !== "/s/durov" || r.query.before === undefined) return false;
        sent.push(r.query.before);
        return true;
      },
      status: 200,
      body: recordedHtml("s-durov-first-page"),
      headers: HTML,
    });
    try {
      const second = await stack.get(`${V1}/channel-posts`, key, {
        url: "durov",
        limit: "5",
        cursor: first.body.data.nextCursor,
      });
      expect(sent).toEqual(["539"]);
      expect(ids(second)).toEqual(["538", "537", "536", "535", "534"]);
      expect(second.body.data).toMatchObject({ nextCursor: "534", hasMore: true });
    } finally {
      remove();
    }
    // A whole history on one page: no cursor.
    const tiny = await stack.get(`${V1}/channel-posts`, key, { url: "feedjam", limit: "3" });
    expect(ids(tiny)).toEqual(["7", "6", "5"]);
    expect(tiny.body.data).toMatchObject({ nextCursor: "5", hasMore: true });
    const all = await stack.get(`${V1}/channel-posts`, key, { url: "feedjam" });
    expect(all.body.data).toMatchObject({ totalReturned: 7, nextCursor: null, hasMore: false });
    expect(await money(stack.ledger, accountId)).toEqual({ balance: 10, sum: 10, reserved: 0 });
  });

  test("search: hits newest first without <mark>; zero hits is 200, no cursor, charged 0", async ({
    stack,
  }) => {
    const { key, accountId } = await stack.account(10);
    const search = await stack.get(`${V1}/search`, key, { url: "https://t.me/durov", q: "bitcoin" });
    expect(ids(search)).toEqual(["440", "232", "215", "116", "77", "67", "62"]);
    expect(search.body.data).toMatchObject({ query: "bitcoin", nextCursor: null, hasMore: false });
    expect(search.body.data.posts.at(-1).linkPreview.title).toBe(
      "China’s WeChat Crackdown Drives Bitcoin Devotees to Telegram",
    );
    const remove = stack.replay.addFault({
      when: (r) => r.path === "/s/durov" && r.query.q === "zzqx",
      status: 200,
      body: durovSearchWithoutHits("zzqx"),
      headers: HTML,
    });
    try {
      const none = await stack.get(`${V1}/search`, key, { url: "durov", q: "zzqx" });
      expect(none.status, JSON.stringify(none.body)).toBe(200);
      expect(none.body.data).toMatchObject({ posts: [], totalReturned: 0, nextCursor: null, hasMore: false });
      expect(none.headers.get("x-service-credits")).toBe("0");
    } finally {
      remove();
    }
    expect(await money(stack.ledger, accountId)).toEqual({ balance: 8, sum: 8, reserved: 0 });
  });

  test("post: a channel post and a group's message with their chat", async ({ stack }) => {
    const { key } = await stack.account(10);
    const video = await stack.get(`${V1}/post`, key, { url: "t.me/durov/523" });
    expect(video.body.data).toMatchObject({
      id: "523",
      url: "https://t.me/durov/523",
      channel: "durov",
      views: 12_500_000,
      viewsText: "12.5M",
      reactionCount: 95_275,
      publishedAt: "2026-06-09T19:33:51.000Z",
      chat: { username: "durov", displayName: "Pavel Durov", type: "channel" },
    });
    const group = await stack.get(`${V1}/post`, key, { url: "https://t.me/hanoi_chats/29327" });
    expect(group.body.data).toMatchObject({
      text: "Hi",
      views: null,
      author: "Author Five",
      chat: { username: "hanoi_chats", displayName: "Ханой | Вьетнам - Общение Чат", type: "group" },
    });
    const service = await stack.get(`${V1}/post`, key, { url: "tdlibchat/1" });
    expect(service.body.data).toMatchObject({
      isService: true,
      text: "",
      chat: { username: "tdlibchat", displayName: "TDLib chat", type: "group" },
    });
  });

  test("errors: each with its status, code and retryable, none billed", async ({ stack }) => {
    const { key, accountId } = await stack.account(10);
    const expectError = async (
      path: string,
      query: Record<string, string>,
      status: number,
      error: object,
    ) => {
      const response = await stack.get(`${V1}/${path}`, key, query);
      expect(response.status, JSON.stringify(response.body)).toBe(status);
      expect(response.body.success).toBe(false);
      expect(response.body.error).toMatchObject(error);
      expect(response.headers.get("x-service-credits")).toBe("0");
    };
    const notRetried = { retryable: false };
    await expectError("channel", { url: "zzqwxnonexistentchannel12345" }, 404, {
      code: "channel_not_found",
      ...notRetried,
    });
    await expectError("channel-posts", { url: "https://t.me/hanoi_chats" }, 422, {
      code: "preview_unavailable",
      type: "group",
      ...notRetried,
    });
    await expectError("search", { url: "tdlibchat", q: "tdlib" }, 422, {
      code: "preview_unavailable",
      type: "group",
    });
    await expectError("post", { url: "https://t.me/hanoi_chats/500000" }, 404, {
      code: "post_not_found",
      ...notRetried,
    });
    const remove = stack.replay.addFault({
      when: (r) => r.path === "/s/feedjam",
      status: 200,
      body: "<!DOCTYPE html><html><body><p>Something went wrong</p></body></html>",
      headers: HTML,
    });
    try {
      await expectError("channel-posts", { url: "feedjam" }, 502, {
        code: "upstream_error",
        retryable: true,
      });
    } finally {
      remove();
    }
    expect(await money(stack.ledger, accountId)).toEqual({ balance: 10, sum: 10, reserved: 0 });
  });

  test("bad inputs are refused before any upstream request and never billed", async ({ stack }) => {
    const { key, accountId } = await stack.account(10);
    const before = stack.replay.hits.length;
    const refusals: [string, Record<string, string>, number, string][] = [
      ["channel", { url: "https://www.youtube.com/@durov" }, 400, "invalid_input"],
      ["channel", { url: "https://t.me/durov/523" }, 400, "invalid_input"],
      ["post", { url: "https://t.me/durov" }, 400, "invalid_input"],
      ["search", { url: "durov", q: "" }, 400, "invalid_input"],
      ["search", { url: "durov", q: "   " }, 400, "invalid_input"],
      ["channel-posts", { url: "durov", limit: "21" }, 400, "invalid_input"],
      ["channel-posts", { url: "durov", limit: "0" }, 400, "invalid_input"],
      ["channel-posts", { url: "durov", cursor: "abc" }, 400, "invalid_cursor"],
      ["channel", { url: "https://t.me/+AbCdEfGhIjK" }, 422, "private_chat_not_supported"],
      ["channel-posts", { url: "t.me/joinchat/AbCdEfGh" }, 422, "private_chat_not_supported"],
      ["channel", { url: "-1006503122" }, 422, "private_chat_not_supported"],
    ];
    for (const [path, query, status, code] of refusals) {
      const response = await stack.get(`${V1}/${path}`, key, query);
      expect(response.status, `${path} ${JSON.stringify(query)}`).toBe(status);
      expect(response.body.error).toMatchObject({ code, retryable: false });
    }
    expect(stack.replay.hits.length).toBe(before);
    expect(await money(stack.ledger, accountId)).toEqual({ balance: 10, sum: 10, reserved: 0 });
  });

  test("cache=true: the miss is billed, the hit (another link form) is free with the same data", async ({
    stack,
  }) => {
    const { key, accountId } = await stack.account(10);
    const first = await stack.get(`${V1}/channel`, key, { url: "https://t.me/feedjam", cache: "true" });
    expect(first.headers.get("x-service-cache")).toBe("MISS");
    expect(first.headers.get("x-service-credits")).toBe("1");
    const hits = stack.replay.hits.length;
    const second = await stack.get(`${V1}/channel`, key, { url: "t.me/s/feedjam", cache: "true" });
    expect(second.headers.get("x-service-cache")).toBe("HIT");
    expect(second.headers.get("x-service-credits")).toBe("0");
    expect(second.body.data).toEqual(first.body.data);
    expect(stack.replay.hits.length).toBe(hits);
    expect(await money(stack.ledger, accountId)).toEqual({ balance: 9, sum: 9, reserved: 0 });
  });

  test("a monitor of channel-posts delivers only the posts published since its last run", async ({
    stack,
    receiver,
  }) => {
    const { key } = await stack.account(50);
    const created = await send(stack, "POST", "/v1/monitors", key, {
      path: `${V1}/channel-posts`,
      params: { url: "https://t.me/durov", limit: "20" },
      schedule: { cron: "0 0 1 1 *", tz: "UTC" },
      webhookUrl: receiver.url("/chatsite"),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    receiver.state.secret = created.body.data.secret;
    const monitorId: string = created.body.data.id;
    // First run: the channel before its three newest posts (synthetic, built from the recorded page).
    const remove = stack.replay.addFault({
      when: (r) => r.path === "/s/durov" && Object.keys(r.query).length === 0,
      status: 200,
      body: durovPageWithoutNewest(3),
      headers: HTML,
    });
    try {
      expect(await runNow(stack, monitorId)).toMatchObject({ status: "succeeded", newItems: 0 });
    } finally {
      remove();
    }
    expect(receiver.hits("/chatsite")).toHaveLength(0);
    // Second run: the recorded page, whose three newest posts are new.
    expect(await runNow(stack, monitorId)).toMatchObject({ status: "succeeded", newItems: 3 });
    await expect.poll(() => receiver.hits("/chatsite").length, { timeout: 30_000 }).toBe(1);
    const event = JSON.parse(receiver.hits("/chatsite")[0]?.body ?? "{}");
    expect(event.items.map((p: { url: string }) => p.url)).toEqual([
      "https://t.me/durov/543",
      "https://t.me/durov/542",
      "https://t.me/durov/541",
    ]);
    // Third run: nothing new.
    expect(await runNow(stack, monitorId)).toMatchObject({ status: "succeeded", newItems: 0 });
    expect(receiver.hits("/chatsite")).toHaveLength(1);
  });

  test("/v1/openapi.json lists the four chatsite paths", async ({ stack }) => {
    const doc = (await stack.get("/v1/openapi.json", null)).body;
    const paths = Object.keys(doc.paths).filter((p) => p.startsWith(`${V1}/`));
    expect(paths.sort()).toEqual(["channel", "channel-posts", "post", "search"].map((n) => `${V1}/${n}`));
  });
});

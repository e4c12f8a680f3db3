import { describe, expect } from "vitest";
import { stackTest } from "./support/fixtures.ts";
import { ledgerSum } from "./support/ledger.ts";
import type { Stack } from "./support/stack.ts";

// History over HTTP: replayed details calls through gateway + worker, the worker's clock injected so each call lands
// at a chosen time (in 2021, so calls other suites make at the real time in the same database stay out of range).

let clock = new Date("2021-03-01T00:00:00Z");
const test = stackTest.extend(
  "stackOptions",
  { scope: "file" },
  {
    env: { RATE_LIMIT_PER_SECOND: "1000" },
    workerOptions: { now: () => clock },
  },
);

/** A details call made at `at` (the worker's clock). */
async function callAt(stack: Stack, at: string, path: string, key: string, query: Record<string, string>) {
  clock = new Date(at);
  const response = await stack.get(path, key, query);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
}

async function expectLedgerWhole(stack: Stack, accountId: string, balance: number) {
  const { ledger } = stack;
  expect(await ledger.balance(accountId)).toBe(balance);
  expect(await ledgerSum(ledger, accountId)).toBe(balance);
  expect((await ledger.credits(accountId))?.reserved).toBe(0);
}

const VIDEO = "https://www.youtube.com/watch?v=M4gD1WSo5mA";
const DAY = { from: "2021-03-01T00:00:00Z", to: "2021-03-02T00:00:00Z" };

describe("GET /v1/history", () => {
  test("three video-details calls at three times give three points; hour and day keep the last value per bucket", async ({
    stack,
  }) => {
    const { accountId, key } = await stack.account(20);
    const details = "/v1/videosite/video-details";
    const first = await callAt(stack, "2021-03-01T10:00:30Z", details, key, { url: VIDEO });
    const second = await callAt(stack, "2021-03-01T10:40:10Z", details, key, {
      url: `https://youtu.be/M4gD1WSo5mA`,
    });
    const third = await callAt(stack, "2021-03-01T12:05:00Z", details, key, { url: "M4gD1WSo5mA" });
    // Same minute as the third: replaces it, no fourth point.
    const fourth = await callAt(stack, "2021-03-01T12:05:40Z", details, key, { url: VIDEO });
    expect(first.viewCount).toEqual(expect.any(Number));

    const raw = await stack.get("/v1/history", key, { url: VIDEO, metrics: "viewCount,likeCount", ...DAY });
    expect(raw.status).toBe(200);
    expect(raw.headers.get("x-service-credits")).toBe("0");
    expect(raw.body.data.resource).toEqual({
      platform: "videosite",
      kind: "video",
      id: "M4gD1WSo5mA",
      url: VIDEO,
    });
    expect(raw.body.data.interval).toBe("raw");
    expect(raw.body.data.series.map((s: { metric: string }) => s.metric)).toEqual(["viewCount", "likeCount"]);
    const views = raw.body.data.series[0].points;
    expect(views).toEqual([
      { at: "2021-03-01T10:00:00.000Z", value: first.viewCount },
      { at: "2021-03-01T10:40:00.000Z", value: second.viewCount },
      { at: "2021-03-01T12:05:00.000Z", value: fourth.viewCount },
    ]);
    const likes = raw.body.data.series[1].points;
    expect(likes).toHaveLength(first.likeCount === null ? 0 : 3);

    /** The day's viewCount points of the video per `interval` bucket. */
    const viewCountPoints = async (interval: "hour" | "day") =>
      (await stack.get("/v1/history", key, { url: VIDEO, metrics: "viewCount", interval, ...DAY })).body.data
        .series[0].points;
    expect(await viewCountPoints("hour")).toEqual([
      { at: "2021-03-01T10:00:00.000Z", value: second.viewCount },
      { at: "2021-03-01T12:00:00.000Z", value: fourth.viewCount },
    ]);
    expect(await viewCountPoints("day")).toEqual([
      { at: "2021-03-01T00:00:00.000Z", value: third.viewCount },
    ]);

    // Default metrics: every metric the video kind records, in name order.
    const all = await stack.get("/v1/history", key, { url: VIDEO, ...DAY });
    expect(all.body.data.series.map((s: { metric: string }) => s.metric)).toEqual([
      "commentCount",
      "likeCount",
      "viewCount",
    ]);
    // Four paid calls, the reads free.
    await expectLedgerWhole(stack, accountId, 16);
  });

  test("a resource never recorded: 200 with a series per metric and no points", async ({ stack }) => {
    const { key } = await stack.account(20);
    const response = await stack.get("/v1/history", key, {
      url: "https://www.youtube.com/shorts/zzzzzzzzzzz",
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      resource: {
        platform: "videosite",
        kind: "video",
        id: "zzzzzzzzzzz",
        url: "https://www.youtube.com/watch?v=zzzzzzzzzzz",
      },
      series: [
        { metric: "commentCount", points: [] },
        { metric: "likeCount", points: [] },
        { metric: "viewCount", points: [] },
      ],
    });
  });

  test("an unknown metric is 400 unknown_metric with the allowed ones", async ({ stack }) => {
    const { key } = await stack.account(20);
    const response = await stack.get("/v1/history", key, { url: VIDEO, metrics: "viewCount,followers" });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({
      code: "unknown_metric",
      unknown: ["followers"],
      allowed: ["commentCount", "likeCount", "viewCount"],
    });
  });

  test("bad input: malformed URL 400, another site 422, bare ambiguous id 400, bad time or range 400, no key 401", async ({
    stack,
  }) => {
    const { key } = await stack.account(20);
    const cases: [Record<string, string>, number, string][] = [
      [{ url: "https://www.youtube.com/watch?v=short" }, 400, "invalid_parameter"],
      [{ url: "https://example.com/some/page" }, 422, "unsupported_url"],
      [{ url: "https://www.youtube.com/feed/trending" }, 422, "unsupported_url"],
      [{ url: "dQw4w9WgXcQ" }, 400, "ambiguous_url"],
      [{}, 400, "missing_parameter"],
      [{ url: VIDEO, from: "yesterday" }, 400, "invalid_parameter"],
      [{ url: VIDEO, interval: "week" }, 400, "invalid_enum_value"],
      [{ url: VIDEO, from: "2021-03-02", to: "2021-03-01" }, 400, "parameter_out_of_range"],
      [{ url: VIDEO, from: "2021-01-01", to: "2021-03-01" }, 400, "parameter_out_of_range"],
    ];
    for (const [query, status, code] of cases) {
      const response = await stack.get("/v1/history", key, query);
      expect([query, response.status, response.body.error?.code]).toEqual([query, status, code]);
    }
    // A raw range too long is fine at a coarser interval.
    const daily = await stack.get("/v1/history", key, {
      url: VIDEO,
      from: "2021-01-01",
      to: "2021-03-01",
      interval: "day",
    });
    expect(daily.status).toBe(200);
    expect((await stack.get("/v1/history", null, { url: VIDEO })).status).toBe(401);
  });

  test("other platforms: a subreddit by another form of its URL, a channel by the handle its call did not use", async ({
    stack,
  }) => {
    const { accountId, key } = await stack.account(20);
    const subreddit = await callAt(stack, "2021-03-01T09:00:00Z", "/v1/forumsite/subreddit-details", key, {
      url: "r/golang",
    });
    const bySub = await stack.get("/v1/history", key, {
      url: "https://old.reddit.com/r/GoLang/top/",
      ...DAY,
    });
    expect(bySub.status).toBe(200);
    expect(bySub.body.data.resource).toMatchObject({
      platform: "forumsite",
      kind: "subreddit",
      id: "golang",
    });
    expect(bySub.body.data.series).toEqual([
      { metric: "activeUsers", points: subreddit.activeUsers === null ? [] : [expect.anything()] },
      { metric: "members", points: [{ at: "2021-03-01T09:00:00.000Z", value: subreddit.members }] },
    ]);

    const channel = await callAt(stack, "2021-03-01T09:30:00Z", "/v1/videosite/channel-details", key, {
      url: "https://www.youtube.com/user/creativecommons",
    });
    const expected = {
      resource: {
        platform: "videosite",
        kind: "channel",
        id: channel.id,
        url: `https://www.youtube.com/channel/${channel.id}`,
      },
      series: [
        { metric: "followers", points: [{ at: "2021-03-01T09:30:00.000Z", value: channel.followers }] },
      ],
    };
    // The handle (from the result) and the legacy path (from the call) both resolve to the channel id.
    for (const url of ["https://www.youtube.com/@CreativeCommons", "youtube.com/user/creativecommons"]) {
      const response = await stack.get("/v1/history", key, { url, metrics: "followers", ...DAY });
      expect(response.body.data).toMatchObject(expected);
    }
    // A handle no call has resolved yet: its resource has no id, its series no points.
    const unknown = await stack.get("/v1/history", key, {
      url: "https://www.youtube.com/@never-called-here",
    });
    expect(unknown.body.data.resource).toMatchObject({ kind: "channel", id: null });
    await expectLedgerWhole(stack, accountId, 18);
  });

  test("photosite: a profile and a post, each found by another form of its URL", async ({ stack }) => {
    const { accountId, key } = await stack.account(20);
    const profile = await callAt(stack, "2021-03-01T08:00:00Z", "/v1/photosite/channel-details", key, {
      url: "https://www.instagram.com/nasa/",
    });
    const post = await callAt(stack, "2021-03-01T08:01:00Z", "/v1/photosite/details", key, {
      url: "https://www.instagram.com/reel/C10MvewSSYl/",
    });
    const byProfile = await stack.get("/v1/history", key, {
      url: "instagram.com/NASA/reels/",
      metrics: "followers,postCount",
      ...DAY,
    });
    expect(byProfile.body.data).toEqual({
      resource: {
        platform: "photosite",
        kind: "profile",
        id: "nasa",
        url: "https://www.instagram.com/nasa/",
      },
      interval: "raw",
      ...Object.fromEntries(Object.entries(DAY).map(([k, v]) => [k, new Date(v).toISOString()])),
      series: [
        { metric: "followers", points: [{ at: "2021-03-01T08:00:00.000Z", value: profile.followers }] },
        { metric: "postCount", points: [{ at: "2021-03-01T08:00:00.000Z", value: profile.postCount }] },
      ],
    });
    const byPost = await stack.get("/v1/history", key, {
      url: "https://www.instagram.com/p/C10MvewSSYl/",
      metrics: "likeCount",
      ...DAY,
    });
    expect(byPost.body.data.resource).toMatchObject({
      platform: "photosite",
      kind: "post",
      id: "C10MvewSSYl",
    });
    expect(byPost.body.data.series[0].points).toEqual(
      post.likeCount === null ? [] : [{ at: "2021-03-01T08:01:00.000Z", value: post.likeCount }],
    );
    await expectLedgerWhole(stack, accountId, 18);
  });

  test("is described in /v1/openapi.json under the History tag", async ({ stack }) => {
    const response = await stack.get("/v1/openapi.json", null);
    const operation = response.body.paths["/v1/history"].get;
    expect(operation.tags).toEqual(["History"]);
    expect(operation.parameters.map((p: { name: string }) => p.name)).toEqual([
      "url",
      "metrics",
      "from",
      "to",
      "interval",
    ]);
  });
});

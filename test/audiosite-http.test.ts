import { describe, expect } from "vitest";
import { LOCAL_WEBHOOKS_ENV, stackTest } from "./support/fixtures.ts";
import { money } from "./support/ledger.ts";
import { runNow } from "./support/monitors.ts";
import { expectPricedCalls, type PricedCall } from "./support/priced-calls.ts";
import { send } from "./support/stack.ts";

// One service for this file: replay, gateway, in-process workers and a local webhook receiver. audiosite reaches the
// replay only through its catalog line (`AUDIOSITE_ORIGIN` from `replayOrigins`).

const V1 = "/v1/audiosite";
const HURTBOX = "soundcloud:users:73637815";
const JSON_HEADERS = { "content-type": "application/json" };

const test = stackTest.extend("stackOptions", { scope: "file" }, { env: LOCAL_WEBHOOKS_ENV });

describe("audiosite operations over HTTP", () => {
  test("each list and details operation answers 200 with its price, source and X-Service headers", async ({
    stack,
  }) => {
    const { key, accountId } = await stack.account(100);
    const calls: PricedCall[] = [
      ["user", { url: "https://soundcloud.com/dubmatix" }, 1, "api-v2:resolve"],
      ["user", { url: "soundcloud:users:542134" }, 1, "api-v2:users"],
      ["track", { url: "https://soundcloud.com/garrett-cameron-1/technicality#t=34" }, 1, "api-v2:resolve"],
      ["track", { url: "soundcloud:tracks:621612588" }, 1, "player+api-v2:resolve"],
      [
        "playlist",
        { url: "https://soundcloud.com/breezy-123/sets/empty-playlist?test=123", limit: "1" },
        2,
        "api-v2:resolve+tracks",
      ],
      ["user-tracks", { url: HURTBOX }, 2, "api-v2:user-tracks"],
      ["user-playlists", { url: "soundcloud:users:157193072" }, 2, "api-v2:user-playlists"],
      ["user-albums", { url: "soundcloud:users:4803918" }, 2, "api-v2:user-albums"],
      ["user-likes", { url: "soundcloud:users:1280839267" }, 2, "api-v2:user-likes"],
      ["user-followings", { url: "https://soundcloud.com/monstercat" }, 2, "api-v2:user-followings"],
      ["track-comments", { url: "https://soundcloud.com/user-722618400/a-real-playa" }, 2, "api-v2:comments"],
      [
        "related-tracks",
        { url: "https://soundcloud.com/garrett-cameron-1/technicality" },
        2,
        "api-v2:related",
      ],
      ["search", { q: "lill uzi vert" }, 2, "api-v2:search"],
      ["search-suggestions", { q: "lil uzi vert" }, 1, "api-v2:search-queries"],
      ["charts", {}, 2, "api-v2:charts"],
    ];
    const spent = await expectPricedCalls(stack, key, V1, calls);
    expect(await money(stack.ledger, accountId)).toEqual({
      balance: 100 - spent,
      sum: 100 - spent,
      reserved: 0,
    });
  });

  test("the answers carry the recorded data", async ({ stack }) => {
    const { key } = await stack.account(100);
    const user = await stack.get(`${V1}/user`, key, { url: "soundcloud:users:542134" });
    expect(user.body.data).toMatchObject({
      platform: "audiosite",
      id: "542134",
      username: "dubmatix",
      displayName: "dubmatix",
      country: "CA",
      followers: 2775276,
      trackCount: 292,
      verified: true,
      createdAt: "2010-01-20T11:56:32.000Z",
    });
    const snippet = await stack.get(`${V1}/track`, key, {
      url: "https://soundcloud.com/martinsolveig/places#t=0",
    });
    expect(snippet.body.data).toMatchObject({
      id: "292479564",
      isSnippet: true,
      durationSeconds: 30,
      fullDurationMs: 202789,
    });
    const albums = await stack.get(`${V1}/user-albums`, key, { url: "soundcloud:users:4803918" });
    expect(albums.body.data).toMatchObject({
      url: "https://soundcloud.com/bigsean-1",
      userId: "4803918",
      totalReturned: 16,
      hasMore: true,
    });
    const last = await stack.get(`${V1}/user-albums`, key, {
      url: "soundcloud:users:4803918",
      cursor: albums.body.data.nextCursor,
    });
    expect(last.body.data).toMatchObject({ totalReturned: 1, hasMore: false, nextCursor: null });
    expect(last.body.data.playlists[0]).toMatchObject({ id: "245066827", title: "Finally Famous" });
    const search = await stack.get(`${V1}/search`, key, { q: "wpghüä" });
    expect(search.body.data).toMatchObject({ totalResults: 3, totalReturned: 3, hasMore: false });
    expect(search.body.data.users.map((u: { id: string }) => u.id)[0]).toBe("360091154");
  });

  test("an empty list is 200 and costs 0", async ({ stack }) => {
    const { key, accountId } = await stack.account(10);
    const related = await stack.get(`${V1}/related-tracks`, key, {
      url: "https://soundcloud.com/wearecc/open-minds-ep-21-dr-beth-harris-and-dr-steven-zucker-of-smarthistory",
    });
    expect(related.status).toBe(200);
    expect(related.body.data).toMatchObject({
      tracks: [],
      totalReturned: 0,
      hasMore: false,
      nextCursor: null,
      trackId: "1356023209",
    });
    expect(related.headers.get("x-service-credits")).toBe("0");
    expect(await money(stack.ledger, accountId)).toEqual({ balance: 10, sum: 10, reserved: 0 });
  });

  test("the cursor continues one upstream page per call, empty pages followed; each page billed 2", async ({
    stack,
  }) => {
    const { key, accountId } = await stack.account(40);
    const pages: number[] = [];
    let cursor: string | undefined;
    for (let call = 0; call < 5; call += 1) {
      const response = await stack.get(`${V1}/user-tracks`, key, {
        url: HURTBOX,
        limit: "3",
        ...(cursor ? { cursor } : {}),
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      pages.push(response.body.data.totalReturned);
      expect(response.headers.get("x-service-credits")).toBe("2");
      cursor = response.body.data.nextCursor;
    }
    // 4 rows cut to 3 and the 4th; two empty pages to 2 rows; one empty page to 4 rows cut to 3 and the 4th.
    expect(pages).toEqual([3, 1, 2, 3, 1]);
    expect(await money(stack.ledger, accountId)).toEqual({ balance: 30, sum: 30, reserved: 0 });
  });

  test("a playlist page completes its stubs in batches of 15, in playlist order; a failed batch degrades", async ({
    stack,
  }) => {
    const { key } = await stack.account(10);
    const hits = stack.replay.hits.length;
    const full = await stack.get(`${V1}/playlist`, key, {
      url: "https://soundcloud.com/user350509423/sets/edm-xxx",
    });
    expect(full.body.data).toMatchObject({
      id: "136000376",
      trackCount: 451,
      totalReturned: 50,
      degraded: false,
      hasMore: true,
    });
    // Three batches of 15, each matched on its exact ids in playlist order (another order gets the replay's 404).
    expect(
      stack.replay.hits.slice(hits).filter((h) => h.path === "/tracks" && h.status === 200),
    ).toHaveLength(3);
    expect(full.body.data.tracks.slice(5, 8).map((t: { id: string }) => t.id)).toEqual([
      "173623087",
      "142602532",
      "140026175",
    ]);
    const house = await stack.get(`${V1}/playlist`, key, {
      url: "soundcloud:playlists:123062856",
      limit: "19",
    });
    expect(house.body.data).toMatchObject({ totalReturned: 19, degraded: true });
    expect(house.body.data.tracks[18]).toEqual({
      id: expect.any(String),
      urn: expect.stringMatching(/^soundcloud:tracks:\d+$/),
    });
    expect(house.body.data.tracks[17].title).toEqual(expect.any(String));
  });

  test("bad inputs and missing resources: the right codes, never billed", async ({ stack }) => {
    const { key, accountId } = await stack.account(10);
    const cases: [string, Record<string, string>, number, string, Record<string, unknown>?][] = [
      ["user", { url: "https://bandcamp.com/dubmatix" }, 400, "invalid_url"],
      ["user", { url: "soundcloud:users:abc" }, 400, "invalid_url"],
      [
        "user",
        { url: "https://soundcloud.com/micky96/sets/house" },
        400,
        "url_kind_mismatch",
        { kind: "playlist" },
      ],
      [
        "track",
        { url: "https://on.soundcloud.com/Rr2JyfFcYwbawpw49" },
        400,
        "url_kind_mismatch",
        { kind: "user" },
      ],
      ["user", { url: "https://soundcloud.com/ithinkthatthisuserdontexist" }, 404, "not_found"],
      ["charts", { region: "GB" }, 404, "chart_not_found"],
      ["search", { q: "a" }, 400, "invalid_parameter"],
      ["search", { q: "lill uzi vert", type: "albums" }, 400, "invalid_enum_value"],
      ["user-tracks", { url: HURTBOX, cursor: "nope" }, 400, "invalid_cursor"],
      ["user-tracks", { url: HURTBOX, limit: "201" }, 400, "parameter_out_of_range"],
    ];
    for (const [operation, query, status, code, extra] of cases) {
      const response = await stack.get(`${V1}/${operation}`, key, query);
      expect(response.status, `${operation} ${JSON.stringify(query)}: ${JSON.stringify(response.body)}`).toBe(
        status,
      );
      expect(response.body.error).toMatchObject({ code, retryable: false, ...extra });
      expect(response.headers.get("x-service-credits")).toBe("0");
    }
    // A cursor of another list is refused.
    const first = await stack.get(`${V1}/user-tracks`, key, { url: HURTBOX, limit: "2" });
    const other = await stack.get(`${V1}/user-likes`, key, {
      url: HURTBOX,
      cursor: first.body.data.nextCursor,
    });
    expect(other.body.error).toMatchObject({ code: "invalid_cursor" });
    expect(await money(stack.ledger, accountId)).toEqual({ balance: 8, sum: 8, reserved: 0 });
  });

  test("api-v2 refusing every key: 502 upstream_blocked, retryable with Retry-After, not billed", async ({
    stack,
  }) => {
    const { key, accountId } = await stack.account(10);
    const remove = stack.replay.addFault({
      when: (r) => r.query.client_id !== undefined,
      status: 401,
      body: "{}",
      headers: JSON_HEADERS,
    });
    try {
      const response = await stack.get(`${V1}/user`, key, { url: "soundcloud:users:542134" });
      expect(response.status).toBe(502);
      expect(response.body.error).toMatchObject({ code: "upstream_blocked", retryable: true });
      expect(response.headers.get("retry-after")).toBe("60");
    } finally {
      remove();
    }
    expect(await money(stack.ledger, accountId)).toEqual({ balance: 10, sum: 10, reserved: 0 });
  });

  test("cache=true: a miss is billed, the hit (another spelling of the link) is free, with no upstream request", async ({
    stack,
  }) => {
    const { key, accountId } = await stack.account(10);
    const first = await stack.get(`${V1}/user`, key, {
      url: "https://soundcloud.com/monstercat",
      cache: "true",
    });
    expect(first.headers.get("x-service-cache")).toBe("MISS");
    expect(first.headers.get("x-service-credits")).toBe("1");
    const hits = stack.replay.hits.length;
    const second = await stack.get(`${V1}/user`, key, {
      url: "http://www.soundcloud.com/Monstercat/",
      cache: "true",
    });
    expect(second.headers.get("x-service-cache")).toBe("HIT");
    expect(second.headers.get("x-service-credits")).toBe("0");
    expect(second.body.data).toEqual(first.body.data);
    expect(stack.replay.hits.length).toBe(hits);
    expect(await money(stack.ledger, accountId)).toEqual({ balance: 9, sum: 9, reserved: 0 });
  });

  test("a monitor over a user's tracks records a baseline, then delivers only the new tracks", async ({
    stack,
    receiver,
  }) => {
    const { key } = await stack.account(100);
    const created = await send(stack, "POST", "/v1/monitors", key, {
      path: `${V1}/user-tracks`,
      params: { url: HURTBOX, limit: 10 },
      schedule: { cron: "0 0 1 1 *", tz: "Europe/Berlin" },
      webhookUrl: receiver.url("/audiosite-tracks"),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    receiver.state.secret = created.body.data.secret;
    const monitorId: string = created.body.data.id;
    const baseline = await runNow(stack, monitorId);
    expect(baseline).toMatchObject({ status: "succeeded", itemsSeen: 4, newItems: 0 });

    // The user uploads two tracks: the first page as it then reads (the recorded page with two copies of its first
    // track, new ids and titles, at its top; marked _synthetic).
    const recorded = stack.replay.entries.find(
      (e) =>
        e.platform === "audiosite" &&
        e.entry._match.path === "/users/73637815/tracks" &&
        e.entry._match.query?.offset === null,
    );
    const page = JSON.parse(recorded?.entry.response.content.text ?? "{}");
    const [top] = page.collection;
    const added = ["9000000001", "9000000002"].map((id, n) => ({
      ...top,
      id: Number(id),
      urn: `soundcloud:tracks:${id}`,
      title: `Synthetic new track ${n + 1}`,
    }));
    const body = JSON.stringify({ ...page, collection: [...added, ...page.collection], _synthetic: true });
    const remove = stack.replay.addFault({
      when: (r) => r.path === "/users/73637815/tracks" && r.query.offset === undefined,
      status: 200,
      body,
      headers: JSON_HEADERS,
    });
    try {
      const second = await runNow(stack, monitorId);
      expect(second).toMatchObject({ status: "succeeded", itemsSeen: 6, newItems: 2 });
      await expect.poll(() => receiver.hits("/audiosite-tracks").length, { timeout: 30_000 }).toBe(1);
      const [hit] = receiver.hits("/audiosite-tracks");
      expect(hit?.verified).toBe(true);
      const event = JSON.parse(hit?.body ?? "{}");
      expect(event.items.map((t: { id: string }) => t.id)).toEqual(["9000000001", "9000000002"]);
      const third = await runNow(stack, monitorId);
      expect(third).toMatchObject({ status: "succeeded", newItems: 0 });
    } finally {
      remove();
    }
  });

  test("/v1/openapi.json lists the fourteen audiosite paths", async ({ stack }) => {
    const doc = (await stack.get("/v1/openapi.json", null)).body;
    const paths = Object.keys(doc.paths).filter((p) => p.startsWith(`${V1}/`));
    expect(paths).toHaveLength(14);
  });
});

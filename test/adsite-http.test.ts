import { CursorCodec } from "@sda/contract";
import { describe, expect } from "vitest";
import { SYNTHETIC_DIR } from "../packages/adsite/test/corpus.ts";
import { recordedEntries, syntheticPage, withChanges } from "../packages/adsite/test/pages.ts";
import { LOCAL_WEBHOOKS_ENV, stackTest } from "./support/fixtures.ts";
import { money } from "./support/ledger.ts";
import { runNow } from "./support/monitors.ts";
import { expectPricedCalls, type PricedCall } from "./support/priced-calls.ts";
import { type ApiResponse, send } from "./support/stack.ts";

// One service for this file (replay of the recorded corpus plus adsite's synthetic cases in
// packages/adsite/test/synthetic, gateway, in-process workers). adsite reaches the replay only through its catalog
// line (`ADSITE_ORIGIN`). What the recordings cannot show (an `ad` page holding the asked ad, inactive and political
// ads, a second scroll batch, GraphQL errors) is served from entries marked `_synthetic`.

const V1 = "/v1/adsite";
const NIKE = { q: "nike", country: "US" };

const test = stackTest.extend(
  "stackOptions",
  { scope: "file" },
  {
    replayDirs: [SYNTHETIC_DIR],
    env: LOCAL_WEBHOOKS_ENV,
  },
);

const ids = (response: ApiResponse): string[] => response.body.data.ads.map((ad: { id: string }) => ad.id);

describe("adsite operations over HTTP", () => {
  test("each operation answers 200 with its price, source and X-Service headers", async ({ stack }) => {
    const { key, accountId } = await stack.account(100);
    const calls: PricedCall[] = [
      ["search", NIKE, 2, "ad-library:search"],
      ["advertiser-ads", { pageId: "15087023444", limit: "2" }, 2, "ad-library:advertiser"],
      ["ad", { id: "1683603072949110" }, 1, "ad-library:ad"],
      [
        "ad-details",
        { id: "1089391903605576", pageId: "566440826792251", country: "DE" },
        2,
        "ad-library:ad-details",
      ],
    ];
    const spent = await expectPricedCalls(stack, key, V1, calls);
    expect(spent).toBe(7);
    expect(await money(stack.ledger, accountId)).toEqual({ balance: 93, sum: 93, reserved: 0 });
  });

  test("a search reads the page and its scroll batch; a failed later batch leaves the list incomplete", async ({
    stack,
  }) => {
    const { key } = await stack.account(100);
    const response = await stack.get(`${V1}/search`, key, NIKE);
    expect(response.body.data).toMatchObject({
      query: "nike",
      country: "US",
      status: "active",
      adType: "all",
      mediaType: "all",
      totalCount: 24402,
      totalReturned: 9,
      hasMore: true,
    });
    expect(ids(response)).toEqual([
      "925321173274919",
      "2087470841874320",
      "1550534860016399",
      "530594316492410",
      "915491414586324",
      "921393146922718",
      "3877549952396564",
      "1523365825941922",
      "1683603072949110",
    ]);
    expect(response.body.data.ads.map((ad: { position: number }) => ad.position)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
    // Template fallback: the dynamic ad's `{{product.brand}}` body and the catalogue ads' `{{product.name}}` titles.
    const [, , , , dco, , dpa, depop] = response.body.data.ads;
    expect(dco.creative).toMatchObject({ isTemplated: true });
    expect(dco.creative.body).toMatch(/^More brands than the eye can see/);
    expect(dpa.creative).toMatchObject({ title: "Nike Air Monarch IV ", isTemplated: true });
    expect(depop.creative.title).toBe("$32.20 | LOFT Women's T-shirt");
    expect(JSON.stringify(response.body.data)).not.toMatch(/\{\{product\./);
    // The batch after the scroll batch is not recorded (the replay's 404): the cursor retries it, and says so.
    const next = await stack.get(`${V1}/search`, key, { ...NIKE, cursor: response.body.data.nextCursor });
    expect(next.status).toBe(502);
    expect(next.body.error).toMatchObject({ code: "upstream_error", retryable: true });
    expect(next.headers.get("x-service-credits")).toBe("0");
  });

  test("limit cuts a batch; the cut ads come first next time; each page costs 2", async ({ stack }) => {
    const { key, accountId } = await stack.account(20);
    const first = await stack.get(`${V1}/search`, key, { ...NIKE, limit: "4" });
    expect(ids(first)).toEqual([
      "925321173274919",
      "2087470841874320",
      "1550534860016399",
      "530594316492410",
    ]);
    expect(first.body.data).toMatchObject({ totalCount: 24402, totalReturned: 4, hasMore: true });
    const second = await stack.get(`${V1}/search`, key, {
      ...NIKE,
      limit: "4",
      cursor: first.body.data.nextCursor,
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(ids(second)).toEqual([
      "915491414586324",
      "921393146922718",
      "3877549952396564",
      "1523365825941922",
    ]);
    expect(second.body.data.ads.map((ad: { position: number }) => ad.position)).toEqual([5, 6, 7, 8]);
    expect(second.body.data.totalCount).toBeNull();
    const third = await stack.get(`${V1}/search`, key, {
      ...NIKE,
      limit: "4",
      cursor: second.body.data.nextCursor,
    });
    expect(ids(third)).toEqual(["1683603072949110"]);
    expect(third.body.data).toMatchObject({ totalReturned: 1, hasMore: true });
    expect(await money(stack.ledger, accountId)).toEqual({ balance: 14, sum: 14, reserved: 0 });
  });

  test("a list with two scroll batches ends; an ad repeated across batches is returned once", async ({
    stack,
  }) => {
    const { key } = await stack.account(20);
    const response = await stack.get(`${V1}/search`, key, { q: "adsite-synthetic-scroll" });
    expect(ids(response)).toEqual([
      "900000000000011",
      "900000000000012",
      "900000000000013",
      "900000000000014",
      "900000000000015",
    ]);
    expect(response.body.data).toMatchObject({
      totalCount: 5,
      totalReturned: 5,
      hasMore: false,
      nextCursor: null,
    });
  });

  test("an inactive political ad with its ranges; an ad repeated in one batch is returned once", async ({
    stack,
  }) => {
    const { key } = await stack.account(20);
    const response = await stack.get(`${V1}/search`, key, { q: "adsite-synthetic-political", status: "all" });
    expect(ids(response)).toEqual(["900000000000001", "900000000000002", "900000000000003"]);
    expect(response.body.data.ads[0]).toMatchObject({
      isActive: false,
      daysShown: 31,
      political: {
        paidForBy: "Synthetic Civic Fund",
        spend: { lower: 200000, upper: 250000, currency: "USD" },
        impressions: { lower: 1000000, upper: null, text: ">1M" },
        reach: { lower: 0, upper: 1000 },
        disclosure: { submittedAt: "2026-09-02", website: "https://civic.example" },
      },
    });
    expect(JSON.stringify(response.body)).not.toContain("REDACTED");
  });

  test("advertiser-ads names the advertiser; a url works as pageId", async ({ stack }) => {
    const { key } = await stack.account(20);
    const response = await stack.get(`${V1}/advertiser-ads`, key, {
      url: "https://www.facebook.com/ads/library/?active_status=all&ad_type=all&country=ALL&media_type=all&search_type=page&view_all_page_id=15087023444",
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toMatchObject({
      advertiser: {
        id: "15087023444",
        name: "Nike",
        likes: 39506703,
        categories: ["Sportswear", "Product/service"],
      },
      country: "ALL",
      status: "all",
      totalCount: 14864,
      totalReturned: 2,
    });
    expect(ids(response)).toEqual(["1702938977100376", "1559738104701476"]);
  });

  test("an empty search is 200 with no ads and costs 0", async ({ stack }) => {
    const { key, accountId } = await stack.account(10);
    const response = await stack.get(`${V1}/search`, key, { q: "adsite-no-results-placeholder" });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      ads: [],
      totalCount: 0,
      totalReturned: 0,
      hasMore: false,
      nextCursor: null,
    });
    expect(response.headers.get("x-service-credits")).toBe("0");
    expect(await money(stack.ledger, accountId)).toEqual({ balance: 10, sum: 10, reserved: 0 });
  });

  test("ad: the asked ad (1 credit); another ad served is 404 ad_not_found with a suggestion, unbilled", async ({
    stack,
  }) => {
    const { key, accountId } = await stack.account(10);
    const found = await stack.get(`${V1}/ad`, key, {
      url: "https://www.facebook.com/ads/library/?id=1683603072949110",
    });
    expect(found.body.data).toMatchObject({
      id: "1683603072949110",
      url: "https://www.facebook.com/ads/library/?id=1683603072949110",
      advertiser: { id: "112727500143177", name: "Whatnot", likes: 296419 },
      format: "VIDEO",
      variants: 2,
      isActive: true,
      transparency: null,
    });
    const other = await stack.get(`${V1}/ad`, key, { id: "3877549952396564" });
    expect(other.status).toBe(404);
    expect(other.body.error).toMatchObject({
      code: "ad_not_found",
      retryable: false,
      suggestion: { endpoint: "/v1/adsite/advertiser-ads", pageId: "15087023444" },
    });
    expect(JSON.stringify(other.body)).not.toContain("Festive Sale");
    expect(await money(stack.ledger, accountId)).toEqual({ balance: 9, sum: 9, reserved: 0 });
  });

  test("ad-details: transparency and the advertiser's page facts", async ({ stack }) => {
    const { key } = await stack.account(10);
    const response = await stack.get(`${V1}/ad-details`, key, {
      id: "1089391903605576",
      pageId: "566440826792251",
      country: "de",
    });
    expect(response.body.data).toMatchObject({
      id: "1089391903605576",
      pageId: "566440826792251",
      country: "DE",
      transparency: {
        payers: [{ payer: "Stadium Goods", beneficiary: "Stadium Goods" }],
        eu: { targeted: true, reach: 109709, ageMin: 18, ageMax: 65, gender: "All" },
        uk: { reach: 6846 },
      },
      advertiser: { likes: 302136, instagram: { username: "stadiumgoods", followers: 2539601 } },
    });
  });

  test("upstream states: blocked, not painted, GraphQL errors, 429 — each retryable, none billed", async ({
    stack,
  }) => {
    const { key, accountId } = await stack.account(10);
    const blocked = await stack.get(`${V1}/ad`, key, { id: "1103135646905363" });
    expect(blocked.status).toBe(502);
    expect(blocked.body.error).toMatchObject({ code: "upstream_blocked", retryable: true });
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    const unpainted = await stack.get(`${V1}/search`, key, { q: "amazon" });
    expect(unpainted.status).toBe(502);
    expect(unpainted.body.error).toMatchObject({ code: "upstream_incomplete", retryable: true });
    // A scroll answering errors without data: the page's ad is returned, the list is incomplete, its cursor fails.
    const partial = await stack.get(`${V1}/search`, key, { q: "adsite-synthetic-graphql-error" });
    expect(partial.body.data).toMatchObject({ totalReturned: 1, hasMore: true, totalCount: 40 });
    const failed = await stack.get(`${V1}/search`, key, {
      q: "adsite-synthetic-graphql-error",
      cursor: partial.body.data.nextCursor,
    });
    expect(failed.status).toBe(502);
    expect(failed.body.error).toMatchObject({ code: "upstream_error", retryable: true });
    const limited = await stack.get(`${V1}/search`, key, { q: "adsite-synthetic-rate-limit" });
    const rateLimited = await stack.get(`${V1}/search`, key, {
      q: "adsite-synthetic-rate-limit",
      cursor: limited.body.data.nextCursor,
    });
    expect(rateLimited.body.error).toMatchObject({ code: "upstream_rate_limited", retryable: true });
    const remove = stack.replay.addFault({
      when: (r) => r.path === "/ads/library/" && r.query.q === "adsite-synthetic-scroll",
      status: 429,
      body: "",
    });
    try {
      const throttled = await stack.get(`${V1}/search`, key, { q: "adsite-synthetic-scroll" });
      expect(throttled.status).toBe(502);
      expect(throttled.body.error).toMatchObject({ code: "upstream_blocked", retryable: true });
    } finally {
      remove();
    }
    // The two partial lists (2 each) were billed; no failure was.
    expect(await money(stack.ledger, accountId)).toEqual({ balance: 6, sum: 6, reserved: 0 });
  });

  test("bad inputs: 400 invalid_parameter, invalid_url, invalid_cursor (tampered, foreign, expired), unbilled", async ({
    stack,
  }) => {
    const { key, accountId } = await stack.account(10);
    const cases: [string, Record<string, string>, string, string][] = [
      ["search", { q: "n" }, "invalid_parameter", "q"],
      ["search", { q: "nike", country: "XX" }, "invalid_parameter", "country"],
      ["search", { q: "nike", limit: "31" }, "parameter_out_of_range", "limit"],
      ["search", { q: "nike", mediaType: "gif" }, "invalid_enum_value", "mediaType"],
      ["advertiser-ads", {}, "missing_parameter", "pageId"],
      ["advertiser-ads", { url: "https://www.facebook.com/nike/" }, "invalid_url", "url"],
      [
        "ad",
        { url: "https://www.facebook.com/ads/library/?view_all_page_id=15087023444" },
        "invalid_url",
        "url",
      ],
      ["ad", { id: "12ab" }, "invalid_parameter", "id"],
      ["ad-details", { id: "1089391903605576" }, "missing_parameter", "pageId"],
    ];
    for (const [operation, query, code, param] of cases) {
      const response = await stack.get(`${V1}/${operation}`, key, query);
      expect(response.status, `${operation} ${JSON.stringify(query)}`).toBe(400);
      expect(response.body.error).toMatchObject({ code, param, retryable: false });
    }
    const page = await stack.get(`${V1}/search`, key, { ...NIKE, limit: "2" });
    const cursor: string = page.body.data.nextCursor;
    const tampered = `${cursor.slice(0, 8)}${cursor[8] === "A" ? "B" : "A"}${cursor.slice(9)}`;
    for (const [operation, query] of [
      ["search", { ...NIKE, cursor: tampered }],
      ["search", { q: "adidas", country: "US", cursor }],
      ["advertiser-ads", { pageId: "15087023444", cursor }],
    ] as const) {
      const response = await stack.get(`${V1}/${operation}`, key, query);
      expect(response.status).toBe(400);
      expect(response.body.error).toMatchObject({ code: "invalid_cursor", param: "cursor" });
    }
    const codec = new CursorCodec(stack.env.CURSOR_SECRET ?? "");
    const payload = codec.decode<Record<string, unknown>>("adsite.search", cursor);
    const expired = codec.encode("adsite.search", { ...payload, e: Date.now() - 1000 });
    const late = await stack.get(`${V1}/search`, key, { ...NIKE, limit: "2", cursor: expired });
    expect(late.status).toBe(400);
    expect(late.body.error).toMatchObject({ code: "invalid_cursor", reason: "expired" });
    expect(await money(stack.ledger, accountId)).toEqual({ balance: 8, sum: 8, reserved: 0 });
  });

  test("History keeps an ad's state from ad and its EU and UK reach from ad-details", async ({ stack }) => {
    const { key } = await stack.account(10);
    /** The last recorded value of each metric of ad `id` (History's store, read directly). */
    const latest = async (id: string) => {
      const rows = await stack.prisma.metricSnapshot.findMany({
        where: { platform: "adsite", kind: "ad", resourceId: id },
        orderBy: { at: "asc" },
      });
      return Object.fromEntries(rows.map((row) => [row.metric, row.value]));
    };
    expect((await stack.get(`${V1}/ad`, key, { id: "1683603072949110", country: "US" })).status).toBe(200);
    await expect
      .poll(() => latest("1683603072949110"), { timeout: 20_000 })
      .toMatchObject({ isActive: 1, variants: 2, daysShown: 126 });
    const query = { id: "1089391903605576", pageId: "566440826792251", country: "DE" };
    expect((await stack.get(`${V1}/ad-details`, key, query)).status).toBe(200);
    await expect
      .poll(() => latest("1089391903605576"), { timeout: 20_000 })
      .toMatchObject({ euReach: 109709, ukReach: 6846 });
  });

  test("cache=true: the second call is a cache hit and not billed", async ({ stack }) => {
    const { key, accountId } = await stack.account(10);
    // A query no other test of this file sends (every answer is stored; `cache=true` reads it).
    const query = { pageId: "15087023444", limit: "1", cache: "true" };
    const first = await stack.get(`${V1}/advertiser-ads`, key, query);
    expect(first.headers.get("x-service-cache")).toBe("MISS");
    const second = await stack.get(`${V1}/advertiser-ads`, key, query);
    expect(second.headers.get("x-service-cache")).toBe("HIT");
    expect(second.headers.get("x-service-credits")).toBe("0");
    expect(second.body.data).toEqual(first.body.data);
    expect(await money(stack.ledger, accountId)).toEqual({ balance: 8, sum: 8, reserved: 0 });
  });

  test("a monitor over a search delivers new, changed and stopped ads, each once", async ({
    stack,
    receiver,
  }) => {
    const { key } = await stack.account(50);
    const [a, b, c] = recordedEntries("search-nike-us");
    if (!a || !b || !c) throw new Error("the recorded page has fewer than three ads");
    const q = "adsite-synthetic-monitor";
    const serve = (body: string) =>
      stack.replay.addFault({
        when: (r) => r.path === "/ads/library/" && r.query.q === q,
        status: 403,
        body,
      });
    let remove = serve(syntheticPage([a, b]));
    const created = await send(stack, "POST", "/v1/monitors", key, {
      path: `${V1}/search`,
      params: { q, status: "all" },
      schedule: { cron: "0 0 1 1 *", tz: "UTC" },
      webhookUrl: receiver.url("/adsite"),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    receiver.state.secret = created.body.data.secret;
    const monitorId: string = created.body.data.id;
    expect((await runNow(stack, monitorId)).status).toBe("succeeded");
    expect(receiver.hits("/adsite")).toHaveLength(0);
    // The second read: a new ad first, the first ad with a new text, the second ad stopped.
    const changedA = withChanges(a, {}, { body: { text: "A new text of the same ad." } });
    const stoppedB = withChanges(b, { is_active: false });
    remove();
    remove = serve(syntheticPage([c, changedA, stoppedB]));
    expect((await runNow(stack, monitorId)).newItems).toBe(3);
    await expect.poll(() => receiver.hits("/adsite").length, { timeout: 30_000 }).toBe(1);
    const event = JSON.parse(receiver.hits("/adsite")[0]?.body ?? "{}");
    expect(event.items.map((ad: { id: string; change: string }) => [ad.id, ad.change])).toEqual([
      [c.ad_archive_id, "new"],
      [a.ad_archive_id, "changed"],
      [b.ad_archive_id, "stopped"],
    ]);
    expect(event.items[1].creative.body).toBe("A new text of the same ad.");
    // The same answer again: nothing to deliver.
    expect((await runNow(stack, monitorId)).newItems).toBe(0);
    expect(receiver.hits("/adsite")).toHaveLength(1);
    remove();
  });
});

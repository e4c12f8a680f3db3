import { expectLedgerReconciled } from "@sda/testing";
import { describe, expect } from "vitest";
import { releasePageIn, releasePageWith } from "../packages/musicsite/test/synthetic.ts";
import { expectDocumentedEvent } from "./support/contract.ts";
import { LOCAL_WEBHOOKS_ENV, stackTest } from "./support/fixtures.ts";
import { runNow } from "./support/monitors.ts";
import { expectPricedCalls, type PricedCall } from "./support/priced-calls.ts";
import { type Stack, send } from "./support/stack.ts";

// One service for this file: the `stack` fixture (replay, gateway, in-process workers). musicsite reaches the replay
// only through its catalog line (`MUSICSITE_ORIGIN`): the upstream client keeps each request's host as `Host`, and the
// replay tells artist hosts apart by it (corpus README §2 rule 2). Every answer is checked against the OpenAPI document.

const V1 = "/v1/musicsite";
const test = stackTest.extend("stackOptions", { scope: "file" }, { env: LOCAL_WEBHOOKS_ENV });

/** Expects the account's balance, nothing held, and its ledger reconciled (entries sum to the balance, none twice). */
async function expectBalance(stack: Stack, accountId: string, balance: number): Promise<void> {
  expect(await stack.ledger.credits(accountId)).toMatchObject({ balance, reserved: 0 });
  await expectLedgerReconciled(stack.prisma, [accountId]);
}

describe("musicsite operations over HTTP", () => {
  test("each operation answers 200 with its price and source: 2 credits for an artist resolved from a url", async ({
    stack,
  }) => {
    const { key, accountId } = await stack.account(100);
    const calls: PricedCall[] = [
      ["artist", { url: "https://toupie.bandcamp.com/" }, 2, "page+band_details"],
      ["artist", { bandId: "1581461772" }, 1, "band_details"],
      ["release", { url: "https://billwurtz.bandcamp.com/album/high-enough" }, 1, "page"],
      ["release", { bandId: "3877364987", itemId: "3486455278", type: "track" }, 1, "tralbum_details"],
      ["release-packages", { url: "https://diskak.usopop.com/releases" }, 1, "page"],
      ["search", { q: "noise" }, 1, "search"],
      ["suggest", { q: "c418" }, 1, "autocomplete"],
    ];
    const spent = await expectPricedCalls(stack, key, V1, calls);
    expect(spent).toBe(8);
    await expectBalance(stack, accountId, 92);
  });

  test("the answers carry the recorded data; redirects (custom domains, an artist's one release) are followed", async ({
    stack,
  }) => {
    const { key } = await stack.account(100);
    const label = await stack.get(`${V1}/artist`, key, { url: "https://lobstertheremin.com/music/" });
    expect(label.body.data).toMatchObject({
      id: "2735462545",
      name: "Lobster Theremin",
      location: "London, UK",
    });
    expect(label.body.data.artists).toHaveLength(23);
    const mac = await stack.get(`${V1}/artist`, key, { url: "https://macbenson.bandcamp.com/" });
    expect(mac.body.data).toMatchObject({ id: "1196681540", albumCount: 2, trackCount: 2 });
    expect(mac.body.data.releases[0]).toMatchObject({ type: "track", releaseDate: "2023-04-14" });
    const vinyl = await stack.get(`${V1}/release`, key, { url: "https://diskak.usopop.com/releases" });
    expect(vinyl.body.data).toMatchObject({
      platform: "musicsite",
      id: "497769399",
      type: "album",
      price: { amount: 0, currency: "EUR", isSetPrice: false, nameYourPrice: true },
      packages: [
        { id: "2350208166", type: "Vinyl LP", typeId: 2, price: 13, currency: "EUR", soldOut: true },
      ],
    });
    const yen = await stack.get(`${V1}/release`, key, { url: "https://shirakumon.bandcamp.com/releases" });
    expect(yen.body.data.price).toEqual({
      amount: 1980,
      currency: "JPY",
      isSetPrice: false,
      nameYourPrice: false,
    });
    const packages = await stack.get(`${V1}/release-packages`, key, {
      url: "https://diskak.usopop.com/releases",
    });
    expect(packages.body.data).toMatchObject({
      releaseId: "497769399",
      soldOutCount: 1,
      availableCount: 0,
      totalReturned: 1,
      hasMore: false,
      nextCursor: null,
      packages: [{ id: "2350208166", soldOut: true, quantityAvailable: 0, change: "new" }],
    });
    const suggest = await stack.get(`${V1}/suggest`, key, { q: "c418" });
    expect(suggest.body.data.results[0]).toMatchObject({
      type: "artist",
      id: "3385865266",
      bandName: "C418",
    });
  });

  test("errors have their status, code and retryable, and are never billed", async ({ stack }) => {
    const { key, accountId } = await stack.account(10);
    const cases: [string, Record<string, string>, number, string, boolean][] = [
      ["artist", {}, 400, "invalid_parameter", false],
      ["artist", { url: "https://bandcamp.com/search?q=x" }, 400, "invalid_url", false],
      ["artist", { url: "https://127.0.0.1/" }, 422, "unsupported_url", false],
      ["artist", { bandId: "https://bandcamp.com" }, 400, "invalid_parameter", false],
      ["artist", { bandId: "0" }, 404, "not_found", false],
      ["artist", { url: "https://example.com/releases" }, 404, "not_found", false],
      ["artist", { url: "https://nobody.bandcamp.com/releases" }, 502, "upstream_error", true],
      ["release", { url: "https://toupie.bandcamp.com/" }, 400, "url_kind_mismatch", false],
      ["release", { bandId: "3877364987", itemId: "3486455278" }, 400, "invalid_parameter", false],
      ["release-packages", { url: "https://toupie.bandcamp.com/releases" }, 400, "url_kind_mismatch", false],
      ["search", { q: "noise", page: "0" }, 400, "parameter_out_of_range", false],
    ];
    for (const [operation, query, status, code, retryable] of cases) {
      const response = await stack.get(`${V1}/${operation}`, key, query);
      expect(response.status, `${operation} ${JSON.stringify(query)}`).toBe(status);
      expect(response.body.error).toMatchObject({ code, retryable });
      expect(response.headers.get("x-service-credits") ?? "0").toBe("0");
    }
    await expectBalance(stack, accountId, 10);
  });

  test("search pages by cursor, 1 credit a page; a tampered cursor is refused; an empty page is free", async ({
    stack,
  }) => {
    const { key, accountId } = await stack.account(10);
    const first = await stack.get(`${V1}/search`, key, { q: "e" });
    expect(first.body.data).toMatchObject({ query: "e", page: 1, totalReturned: 18, hasMore: true });
    const second = await stack.get(`${V1}/search`, key, { q: "e", cursor: first.body.data.nextCursor });
    expect(second.status).toBe(200);
    expect(second.body.data.page).toBe(2);
    expect(second.body.data.results[0].id).not.toBe(first.body.data.results[0].id);
    const cursor: string = first.body.data.nextCursor;
    const tampered = `${cursor.slice(0, 5)}${cursor[5] === "A" ? "B" : "A"}${cursor.slice(6)}`;
    const bad = await stack.get(`${V1}/search`, key, { q: "e", cursor: tampered });
    expect(bad.body.error).toMatchObject({ code: "invalid_cursor", retryable: false });
    const remove = stack.replay.addFault({
      when: (r) => r.path === "/search" && r.query.q === "nothing-at-all",
      status: 200,
      body: "<html><body><ul class='result-items'></ul></body></html>",
      headers: { "content-type": "text/html" },
    });
    try {
      const empty = await stack.get(`${V1}/search`, key, { q: "nothing-at-all" });
      expect(empty.body.data).toMatchObject({
        results: [],
        totalReturned: 0,
        hasMore: false,
        nextCursor: null,
      });
      expect(empty.headers.get("x-service-credits")).toBe("0");
    } finally {
      remove();
    }
    // A release without packages lists none, free.
    const none = await stack.get(`${V1}/release-packages`, key, {
      url: "https://billwurtz.bandcamp.com/album/high-enough",
    });
    expect(none.body.data).toMatchObject({
      packages: [],
      soldOutCount: 0,
      availableCount: 0,
      totalReturned: 0,
    });
    expect(none.headers.get("x-service-credits")).toBe("0");
    await expectBalance(stack, accountId, 8);
  });

  test("release-packages pages by limit and cursor, 1 credit a page", async ({ stack }) => {
    const { key, accountId } = await stack.account(10);
    // A synthetic page of the recorded release with three packages (test/synthetic.ts), on a host of the test's own.
    const host = "pages.synthetic-label.bandcamp.com";
    const remove = stack.replay.addFault({
      when: (r) => r.host === host && r.path === "/album/garun-ta-eztarri",
      status: 200,
      body: releasePageWith([
        { quantityAvailable: 0, price: 13 },
        { quantityAvailable: 4, price: 20 },
        { quantityAvailable: null, price: 9 },
      ]),
      headers: { "content-type": "text/html; charset=UTF-8" },
    });
    try {
      const url = `https://${host}/album/garun-ta-eztarri`;
      const first = await stack.get(`${V1}/release-packages`, key, { url, limit: "2" });
      expect(first.body.data).toMatchObject({
        releaseId: "497769399",
        soldOutCount: 1,
        availableCount: 2,
        totalReturned: 2,
        hasMore: true,
      });
      expect(first.body.data.packages.map((p: { id: string }) => p.id)).toEqual(["2350208166", "2350208167"]);
      const second = await stack.get(`${V1}/release-packages`, key, {
        url,
        limit: "2",
        cursor: first.body.data.nextCursor,
      });
      expect(second.body.data).toMatchObject({ totalReturned: 1, hasMore: false, nextCursor: null });
      expect(second.body.data.packages[0]).toMatchObject({
        id: "2350208168",
        quantityAvailable: null,
        soldOut: false,
      });
      // The cursor of one release is refused for another.
      const other = await stack.get(`${V1}/release-packages`, key, {
        url: "https://billwurtz.bandcamp.com/album/high-enough",
        cursor: first.body.data.nextCursor,
      });
      expect(other.body.error).toMatchObject({ code: "invalid_cursor", retryable: false });
    } finally {
      remove();
    }
    await expectBalance(stack, accountId, 8);
  });

  test("cache=true serves a stored answer free", async ({ stack }) => {
    const { key, accountId } = await stack.account(10);
    const fresh = await stack.get(`${V1}/artist`, key, { bandId: "3321800855", cache: "true" });
    expect(fresh.headers.get("x-service-credits")).toBe("1");
    const hit = await stack.get(`${V1}/artist`, key, { bandId: "3321800855", cache: "true" });
    expect(hit.headers.get("x-service-cache")).toBe("HIT");
    expect(hit.headers.get("x-service-credits")).toBe("0");
    expect(hit.body.data.releases).toHaveLength(10);
    await expectBalance(stack, accountId, 9);
  });
});

describe("a monitor of a release's packages", () => {
  test("delivers the sell-out of a package, and nothing when nothing changed", async ({
    stack,
    receiver,
  }) => {
    const { key, accountId } = await stack.account(20);
    // The release page on a host of the test's own (synthetic states of the recorded usopop page), switched between runs.
    const host = "monitor.synthetic-label.bandcamp.com";
    let page = releasePageIn({ quantityAvailable: 5, price: 13 });
    const remove = stack.replay.addFault({
      when: (r) => r.host === host && r.path === "/album/garun-ta-eztarri",
      status: 200,
      get body() {
        return page;
      },
      headers: { "content-type": "text/html; charset=UTF-8" },
    });
    try {
      const created = await send(stack, "POST", "/v1/monitors", key, {
        path: `${V1}/release-packages`,
        params: { url: `https://${host}/album/garun-ta-eztarri` },
        schedule: { cron: "0 0 1 1 *", tz: "Europe/Berlin" },
        webhookUrl: receiver.url("/packages"),
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      receiver.state.secret = created.body.data.secret;
      const id: string = created.body.data.id;
      expect(await runNow(stack, id)).toMatchObject({
        status: "succeeded",
        itemsSeen: 1,
        newItems: 0,
        credits: 1,
      });
      expect(await runNow(stack, id)).toMatchObject({ status: "succeeded", newItems: 0 });
      page = releasePageIn({ quantityAvailable: 0, price: 13 });
      expect(await runNow(stack, id)).toMatchObject({ status: "succeeded", newItems: 1 });
      await expect.poll(() => receiver.hits("/packages").length, { timeout: 30_000 }).toBe(1);
      const [hit] = receiver.hits("/packages");
      expect(hit?.verified).toBe(true);
      const event = JSON.parse(hit?.body ?? "{}");
      expectDocumentedEvent("monitor.items", event);
      expect(event.items).toEqual([
        expect.objectContaining({
          id: "2350208166",
          change: "soldOut",
          soldOut: true,
          quantityAvailable: 0,
          price: 13,
        }),
      ]);
    } finally {
      remove();
    }
    await expectBalance(stack, accountId, 17);
  });
});

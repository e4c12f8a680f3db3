import { ServiceError } from "@sda/core";
import { describe, expect, it } from "vitest";
import { recordedBody } from "../../test/corpus.ts";
import "../spec.ts";
import { readConnection } from "./connection.ts";
import { readAdDetails } from "./details.ts";
import { graphqlData } from "./graphql.ts";
import { isObject } from "./json-walk.ts";
import { pageResults, readLibraryPage } from "./page.ts";

// The readers on every recorded adsite case (corpus README, "adsite (Meta Ad Library)"), with the values the
// recordings hold. What they cannot show is read on the synthetic cases in ./synthetic.test.ts.

/** The ads of a recorded library page. */
function pageBatch(caseId: string) {
  const page = readLibraryPage(recordedBody(caseId));
  if (page.kind !== "results" && page.kind !== "empty") throw new Error(`${caseId} is ${page.kind}`);
  return readConnection(pageResults(page).connection);
}

/** The ads of the recorded scroll batch. */
function scrollBatch() {
  const main = graphqlData(
    recordedBody("search-nike-us", 1),
    "AdLibrarySearchPaginationQuery",
  ).ad_library_main;
  if (!isObject(main) || !isObject(main.search_results_connection)) throw new Error("no connection");
  return readConnection(main.search_results_connection);
}

describe("search-nike-us: a keyword search page (US, active)", () => {
  const batch = pageBatch("search-nike-us");

  it("reads the library's count, the six kept ads in order and the page's end_cursor", () => {
    expect(batch.count).toBe(24402);
    expect(batch.ads.map((ad) => [ad.id, ad.format, ad.position])).toEqual([
      ["925321173274919", "VIDEO", 1],
      ["2087470841874320", "DPA", 2],
      ["1550534860016399", "IMAGE", 3],
      ["530594316492410", "CAROUSEL", 4],
      ["915491414586324", "DCO", 5],
      ["921393146922718", "IMAGE", 6],
    ]);
    expect(batch.next).toBe("AQHT2pugK8ULoQ6_BfGTBAgtzO8xwhZEFl1MHLCztcWTDCM-WvJ0tsZ0XhLDyPNFOwj0");
  });

  it("reads a video ad: advertiser, UTC days, platforms, variants, creative and its video", () => {
    const ad = batch.ads[0];
    expect(ad).toMatchObject({
      id: "925321173274919",
      url: "https://www.facebook.com/ads/library/?id=925321173274919",
      advertiser: {
        id: "89516513179",
        name: "Nordstrom Rack",
        url: "https://www.facebook.com/NordstromRack/",
        likes: 2518793,
        categories: ["Clothing (Brand)"],
        isDeleted: false,
      },
      isActive: true,
      firstShownAt: "2026-08-03",
      lastShownAt: "2026-10-05",
      daysShown: 64,
      platforms: ["FACEBOOK", "INSTAGRAM", "MESSENGER"],
      categories: ["UNKNOWN"],
      variants: 2,
      collationId: "1022906600523558",
      political: null,
      transparency: null,
      aaaEligible: false,
      containsSensitiveContent: false,
      containsDigitalCreatedMedia: false,
      creative: {
        body: "Buy online and pick up in store for free! Get up to 70% off Nike, Vince, Madewell, adidas and more.",
        title: "Fast & Free Pickup",
        isTemplated: false,
        linkUrl: "https://fb.com/canvas_doc/1072291375736811",
        linkDescription: "Fast & Free Pickup",
        caption: "Nordstromrack.com",
        cta: { text: "Learn more", type: "LEARN_MORE" },
        images: [],
        cards: [],
        extraLinks: ["https://stores.nordstromrack.com/search"],
      },
    });
    expect(ad?.advertiser.avatarUrl).toMatch(/^https:\/\/scontent\.[^/]+\.fbcdn\.net\//);
    expect(ad?.creative.videos).toHaveLength(1);
    expect(ad?.creative.videos[0]?.hdUrl).toMatch(/^https:\/\/video\.[^/]+\.fbcdn\.net\/.+\.mp4\?/);
    expect(ad?.creative.videos[0]?.previewImageUrl).toMatch(/^https:\/\/scontent\./);
  });

  it("keeps texts as served (mathematical letters, emoji) and a null collation as one variant", () => {
    const ad = batch.ads[2];
    expect(ad?.creative.title).toBe("𝕊𝕦𝕡𝕖𝕣 𝕙𝕠𝕥 𝕨𝕚𝕕𝕘𝕖𝕥𝕤 𝕒𝕡𝕡 ！");
    expect(ad?.creative.body).toMatch(/^🔥🍭Themepack is a FREE and personalized APP😍/);
    expect(ad).toMatchObject({ variants: 1, collationId: null, aaaEligible: true, daysShown: 140 });
    expect(ad?.creative.images).toHaveLength(1);
    expect(ad?.platforms).toEqual(["FACEBOOK", "INSTAGRAM", "AUDIENCE_NETWORK", "MESSENGER", "THREADS"]);
  });

  it("removes repeated page categories and reads a carousel's cards (blank texts are null)", () => {
    const ad = batch.ads[3];
    expect(ad?.advertiser.categories).toEqual(["Auto Service", "Business"]);
    expect(ad?.firstShownAt).toBe("2024-10-29");
    expect(ad?.creative.cards).toHaveLength(5);
    expect(ad?.creative.cards[0]).toMatchObject({
      body: null,
      title: "No Title? Not the DMV!!",
      caption: "sellajunker.com",
      linkDescription: null,
      cta: { text: "Book Now" },
      video: null,
    });
    expect(ad?.creative.cards[0]?.imageUrl).toMatch(/^https:\/\/scontent\./);
  });

  it("replaces a dynamic ad's templated body with its first card's text", () => {
    const ad = batch.ads[4];
    expect(ad?.creative.isTemplated).toBe(true);
    expect(ad?.creative.body).toMatch(
      /^More brands than the eye can see 👓 ✨ Oscar by Oscar de la Renta, Nike, DKNY/,
    );
    expect(ad?.creative.body).not.toContain("{{");
    expect(ad?.creative.title).toBeNull();
    expect(ad?.creative.cards).toHaveLength(3);
    expect(ad?.creative.cards[0]?.video?.hdUrl).toMatch(/\.mp4\?/);
    expect(ad?.creative.cards[0]?.caption).toBeNull();
    expect(ad?.advertiser).toMatchObject({ name: "Walmart", likes: 31934434 });
  });

  it("reads an image ad without text (body null) and a CJK advertiser name", () => {
    const ad = batch.ads[5];
    expect(ad?.creative).toMatchObject({ body: null, title: "Neon Love Theme", isTemplated: false });
    expect(ad?.advertiser.name).toBe("Neon Love 主题键盘");
  });
});

describe("search-nike-us #1: the scroll batch (AdLibrarySearchPaginationQuery)", () => {
  const batch = scrollBatch();

  it("reads three ads, no count and the next end_cursor", () => {
    expect(batch.count).toBeNull();
    expect(batch.ads.map((ad) => ad.id)).toEqual([
      "3877549952396564",
      "1523365825941922",
      "1683603072949110",
    ]);
    expect(batch.next).toBe("AQHTq8IUftkUX-gmVwf25LDRzawBdR3Gf3yA_sqHbcCOkliiog30Pe6n4J46ZvRy9ZTl");
  });

  it("replaces templated titles with the first card's title, as served", () => {
    expect(batch.ads[0]?.creative).toMatchObject({ title: "Nike Air Monarch IV ", isTemplated: true });
    expect(batch.ads[1]?.creative).toMatchObject({
      title: "$32.20 | LOFT Women's T-shirt",
      isTemplated: true,
    });
    // The link as published, its malformed `%Po` escape kept.
    expect(batch.ads[1]?.creative.linkUrl).toMatch(
      /^http:\/\/www\.depop\.com\/\?utm_source=Meta&.+&utm_content=Broad%PonchoNewWithTags$/,
    );
    expect(batch.ads[2]?.creative).toMatchObject({
      title: "Whatnot: Shop, Sell, Connect",
      isTemplated: false,
    });
  });
});

describe("page-15087023444-nike: one advertiser's ads (ALL countries, all statuses)", () => {
  const batch = pageBatch("page-15087023444-nike");

  it("reads the count and two catalogue ads with rendered card titles and local prices", () => {
    expect(batch.count).toBe(14864);
    expect(batch.ads.map((ad) => ad.id)).toEqual(["1702938977100376", "1559738104701476"]);
    expect(batch.ads[0]?.advertiser).toMatchObject({
      id: "15087023444",
      name: "Nike",
      likes: 39506703,
      categories: ["Sportswear", "Product/service"],
    });
    expect(batch.ads[0]?.creative.title).toBe("Nike Invincible 3 Women's Road Running Shoes");
    expect(batch.ads[0]?.creative.cards[0]?.linkDescription).toBe("₱9,895");
    expect(batch.ads[1]?.creative.cards[0]?.linkDescription).toBe("$2,069");
    expect(batch.ads[1]?.creative.body).toContain("Encuentra tu mejor estilo.\nLlegó el momento");
    expect(batch.ads[0]).toMatchObject({
      firstShownAt: "2025-04-07",
      lastShownAt: "2026-10-05",
      daysShown: 547,
    });
    expect(batch.next).not.toBeNull();
  });
});

describe("ad-id-3877549952396564-other-ad: a single-ad link answered with another ad", () => {
  it("holds one ad, 1382287983621487, not the asked one", () => {
    const batch = pageBatch("ad-id-3877549952396564-other-ad");
    expect(batch.count).toBe(1);
    expect(batch.next).toBeNull();
    expect(batch.ads.map((ad) => ad.id)).toEqual(["1382287983621487"]);
    expect(batch.ads[0]).toMatchObject({ format: "DCO", variants: 1, advertiser: { id: "15087023444" } });
    expect(batch.ads[0]?.creative.cards.map((card) => card.title)).toEqual([
      " Festive Sale",
      " Festive Sale",
    ]);
    expect(batch.ads[0]?.creative.cards[0]?.video).not.toBeNull();
  });
});

describe("page states", () => {
  it("search-no-results: empty (count 0), not blocked or unpainted", () => {
    expect(readLibraryPage(recordedBody("search-no-results"))).toEqual({ kind: "empty", lsd: null });
    expect(pageBatch("search-no-results")).toEqual({ count: 0, ads: [], next: null });
  });

  it("search-amazon-not-painted: the shell without results is not painted (502 upstream_incomplete, retryable)", () => {
    const page = readLibraryPage(recordedBody("search-amazon-not-painted"));
    expect(page).toEqual({ kind: "not_painted" });
    const error = (() => {
      try {
        pageResults(page);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ code: "upstream_incomplete", status: 502, retryable: true });
  });

  it("blocked-challenge-ad-1103135646905363: the JavaScript challenge is blocked (502 upstream_blocked)", () => {
    const page = readLibraryPage(recordedBody("blocked-challenge-ad-1103135646905363"));
    expect(page).toEqual({ kind: "blocked", reason: "challenge" });
    expect(() => pageResults(page)).toThrow(
      expect.objectContaining({ code: "upstream_blocked", retryable: true }),
    );
  });
});

describe("ad-details-1089391903605576-de: AdLibraryV3AdDetailsQuery", () => {
  const details = readAdDetails(graphqlData(recordedBody("ad-details-1089391903605576-de"), "details"));

  it("reads payer and beneficiary and the advertiser's page facts", () => {
    expect(details.transparency.payers).toEqual([{ payer: "Stadium Goods", beneficiary: "Stadium Goods" }]);
    expect(details.advertiser).toEqual({
      likes: 302136,
      alias: "stadiumgoods",
      category: "Footwear store",
      instagram: { username: "stadiumgoods", followers: 2539601 },
      verification: "BLUE_VERIFIED",
    });
  });

  it("keeps the EU and UK totals as served, beside breakdowns that do not add up to them", () => {
    const { eu, uk } = details.transparency;
    expect(eu).toMatchObject({
      targeted: true,
      reach: 109709,
      ageMin: 18,
      ageMax: 65,
      gender: "All",
      locations: [{ name: "Worldwide", type: "country_groups", excluded: false }],
    });
    expect(new Set(eu?.byCountryAgeGender.map((row) => row.country)).size).toBe(34);
    expect(eu?.byCountryAgeGender[0]).toEqual({
      country: "AT",
      ageRange: "55-64",
      male: 198,
      female: 181,
      unknown: 5,
    });
    expect(eu?.byCountryAgeGender.find((r) => r.country === "AX" && r.ageRange === "18-24")).toEqual({
      country: "AX",
      ageRange: "18-24",
      male: null,
      female: 1,
      unknown: null,
    });
    const sum = (rows: NonNullable<typeof eu>["byCountryAgeGender"]) =>
      rows.reduce((n, r) => n + (r.male ?? 0) + (r.female ?? 0) + (r.unknown ?? 0), 0);
    expect(sum(eu?.byCountryAgeGender ?? [])).toBe(108907);
    expect(uk).toMatchObject({ targeted: null, reach: 6846 });
    expect(sum(uk?.byCountryAgeGender ?? [])).toBe(6986);
    expect(uk?.byCountryAgeGender.find((r) => r.ageRange === "Unknown")).toEqual({
      country: "GB",
      ageRange: "Unknown",
      male: null,
      female: 1,
      unknown: null,
    });
  });
});

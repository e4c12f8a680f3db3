import { parseParams } from "@sda/contract";
import { ServiceError } from "@sda/core";
import { describe, expect, it } from "vitest";
import "../spec.ts";
import { adParams } from "../spec/ad.ts";
import { adDetailsParams } from "../spec/ad-details.ts";
import { advertiserAdsParams } from "../spec/advertiser-ads.ts";
import { searchParams } from "../spec/search.ts";
import { parseLibraryLink } from "./links.ts";

// The adsite parameters as the gateway parses them (before any upstream call): every accepted form, every refused one
// with its code.

function refusal(schema: Parameters<typeof parseParams>[0], query: Record<string, string>) {
  try {
    parseParams(schema, query);
  } catch (error) {
    if (error instanceof ServiceError)
      return { code: error.code, status: error.status, param: error.details.param };
    throw error;
  }
  throw new Error(`accepted ${JSON.stringify(query)}`);
}

describe("Ad Library links", () => {
  it.each([
    "https://www.facebook.com/ads/library/?id=1382287983621487",
    "https://www.facebook.com/ads/library?id=1382287983621487",
    "http://facebook.com/ads/library/?active_status=all&country=KZ&id=1382287983621487",
    "www.facebook.com/ads/library/?id=1382287983621487",
    "https://m.facebook.com/ads/library/?id=1382287983621487&locale=en_US",
    "https://web.facebook.com/ADS/LIBRARY/?id=1382287983621487",
  ])("reads the ad id of %s", (url) => {
    expect(parseLibraryLink(url, "ad")).toEqual({ id: "1382287983621487" });
  });

  it("reads an advertiser's view_all_page_id", () => {
    expect(
      parseLibraryLink(
        "https://www.facebook.com/ads/library/?active_status=all&ad_type=all&country=ALL&media_type=all&search_type=page&view_all_page_id=15087023444",
        "advertiser",
      ),
    ).toEqual({ id: "15087023444" });
  });

  it.each([
    ["https://www.facebook.com/ads/library/?view_all_page_id=15087023444", "ad"],
    ["https://www.facebook.com/ads/library/?id=1382287983621487", "advertiser"],
    ["https://www.facebook.com/ads/library/?id=abc", "ad"],
    ["https://www.facebook.com/ads/library/archive/?id=1382287983621487", "ad"],
    ["https://www.facebook.com/Nike/?id=1382287983621487", "ad"],
    ["https://facebook.com.evil.example/ads/library/?id=1382287983621487", "ad"],
    ["ftp://www.facebook.com/ads/library/?id=1382287983621487", "ad"],
    ["1382287983621487", "ad"],
    ["not a url", "advertiser"],
  ] as const)("refuses %s as a link of kind %s", (url, kind) => {
    expect(parseLibraryLink(url, kind)).toBeNull();
  });
});

describe("search params", () => {
  it("fills the defaults and normalises the country", () => {
    expect(parseParams(searchParams, { q: "nike" })).toMatchObject({
      q: "nike",
      country: "ALL",
      status: "active",
      adType: "all",
      mediaType: "all",
      exactPhrase: false,
      limit: 30,
    });
    expect(
      parseParams(searchParams, { q: " nike ", country: "us", status: "all", exactPhrase: "true" }),
    ).toMatchObject({ q: "nike", country: "US", status: "all", exactPhrase: true });
    expect(parseParams(searchParams, { q: "nike", country: "all" }).country).toBe("ALL");
  });

  it.each([
    [{}, "missing_parameter", "q"],
    [{ q: "n" }, "invalid_parameter", "q"],
    [{ q: "nike", country: "XX" }, "invalid_parameter", "country"],
    [{ q: "nike", country: "USA" }, "invalid_parameter", "country"],
    [{ q: "nike", status: "stopped" }, "invalid_enum_value", "status"],
    [{ q: "nike", adType: "political" }, "invalid_enum_value", "adType"],
    [{ q: "nike", mediaType: "gif" }, "invalid_enum_value", "mediaType"],
    [{ q: "nike", limit: "31" }, "parameter_out_of_range", "limit"],
    [{ q: "nike", limit: "0" }, "parameter_out_of_range", "limit"],
    [{ q: "nike", exactPhrase: "yes" }, "invalid_enum_value", "exactPhrase"],
  ])("refuses %j with %s", (query, code, param) => {
    expect(refusal(searchParams, query as Record<string, string>)).toMatchObject({
      code,
      param,
      status: 400,
    });
  });
});

describe("advertiser-ads, ad and ad-details params", () => {
  it("takes pageId or a view_all_page_id url; status defaults to all", () => {
    expect(parseParams(advertiserAdsParams, { pageId: "15087023444" })).toMatchObject({
      pageId: "15087023444",
      status: "all",
      country: "ALL",
    });
    expect(
      parseParams(advertiserAdsParams, {
        url: "https://www.facebook.com/ads/library/?view_all_page_id=15087023444",
      }).url,
    ).toEqual({ id: "15087023444" });
  });

  it("takes id or an ?id= url", () => {
    expect(parseParams(adParams, { id: "1382287983621487", country: "de" })).toMatchObject({
      id: "1382287983621487",
      country: "DE",
    });
    expect(parseParams(adParams, { url: "facebook.com/ads/library/?id=1382287983621487" }).url).toEqual({
      id: "1382287983621487",
    });
  });

  it.each([
    [advertiserAdsParams, {}, "missing_parameter", "pageId", 400],
    [advertiserAdsParams, { pageId: "nike" }, "invalid_parameter", "pageId", 400],
    [advertiserAdsParams, { url: "https://www.facebook.com/nike" }, "invalid_url", "url", 400],
    [advertiserAdsParams, { url: "https://www.facebook.com/ads/library/?id=1" }, "invalid_url", "url", 400],
    [adParams, {}, "missing_parameter", "id", 400],
    [adParams, { id: "12a" }, "invalid_parameter", "id", 400],
    [
      adParams,
      { url: "https://www.facebook.com/ads/library/?view_all_page_id=1" },
      "invalid_url",
      "url",
      400,
    ],
    [adDetailsParams, { id: "1089391903605576" }, "missing_parameter", "pageId", 400],
    [adDetailsParams, { id: "1089391903605576", pageId: "x" }, "invalid_parameter", "pageId", 400],
    [adDetailsParams, { id: "1", pageId: "2", country: "EU" }, "invalid_parameter", "country", 400],
  ] as const)("refuses %#: %j → %s", (schema, query, code, param, status) => {
    expect(refusal(schema, query)).toEqual({ code, param, status });
  });
});

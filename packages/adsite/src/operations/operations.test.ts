import type { ReplayServer } from "@sda/replay";
import { describe, expect } from "vitest";
import { callWith, adsiteTest as test } from "../../test/fixtures.ts";
import { adParams } from "../spec/ad.ts";
import { advertiserAdsParams } from "../spec/advertiser-ads.ts";
import { searchParams } from "../spec/search.ts";
import { adHandler } from "./ad.ts";
import { advertiserAdsHandler } from "./advertiser-ads.ts";
import { searchHandler } from "./search.ts";

// The handlers on the replay of the recorded corpus and the package's synthetic cases (test/synthetic/), through the
// real upstream client: what the library is asked (seen by a fault that never fires), and what the handlers make of
// the answers.

type Fault = Parameters<ReplayServer["addFault"]>[0];
type IncomingRequest = Parameters<Fault["when"]>[0];

/** Records every request the replay gets (a fault that matches none). */
function spy(fault: (f: Fault) => unknown): IncomingRequest[] {
  const seen: IncomingRequest[] = [];
  fault({
    when: (r) => {
      seen.push(r);
      return false;
    },
  });
  return seen;
}

describe("adsite handlers on the replay", () => {
  test("search sends every filter as the web client does, then the scroll query with the page's end_cursor", async ({
    ctx,
    fault,
  }) => {
    const seen = spy(fault);
    const result = await callWith(searchParams, searchHandler, ctx)({ q: "nike", country: "us", limit: "7" });
    expect(result.count).toBe(7);
    expect(seen[0]?.query).toMatchObject({
      active_status: "active",
      ad_type: "all",
      country: "US",
      media_type: "all",
      q: "nike",
      search_type: "keyword_unordered",
    });
    const scroll = seen[1]?.body;
    expect(scroll?.kind === "form" && JSON.parse(scroll.fields.variables ?? "{}")).toMatchObject({
      cursor: "AQHT2pugK8ULoQ6_BfGTBAgtzO8xwhZEFl1MHLCztcWTDCM-WvJ0tsZ0XhLDyPNFOwj0",
      queryString: "nike",
      countries: ["US"],
      activeStatus: "active",
      first: 10,
    });
    expect(scroll?.kind === "form" && scroll.fields.fb_api_req_friendly_name).toBe(
      "AdLibrarySearchPaginationQuery",
    );
    expect(seen).toHaveLength(2);
  });

  test("exactPhrase searches keyword_exact_phrase; the empty placeholder search answers nothing", async ({
    ctx,
    fault,
  }) => {
    const seen = spy(fault);
    const result = await callWith(
      searchParams,
      searchHandler,
      ctx,
    )({ q: "adsite-no-results-placeholder", exactPhrase: "true" });
    expect(result).toMatchObject({ count: 0, data: { ads: [], totalCount: 0, hasMore: false } });
    expect(seen[0]?.query.search_type).toBe("keyword_exact_phrase");
  });

  test("advertiser-ads asks for search_type=page with view_all_page_id", async ({ ctx, fault }) => {
    const seen = spy(fault);
    const result = await callWith(advertiserAdsParams, advertiserAdsHandler, ctx)({ pageId: "15087023444" });
    expect(result.data.advertiser).toMatchObject({ id: "15087023444", name: "Nike" });
    expect(seen[0]?.query).toMatchObject({ search_type: "page", view_all_page_id: "15087023444" });
  });

  test("ad returns the asked ad and refuses another one", async ({ ctx }) => {
    const call = callWith(adParams, adHandler, ctx);
    expect((await call({ id: "1683603072949110" })).data).toMatchObject({
      id: "1683603072949110",
      position: 1,
    });
    await expect(call({ id: "3877549952396564" })).rejects.toMatchObject({
      code: "ad_not_found",
      status: 404,
      details: { servedAdId: "1382287983621487", suggestion: { pageId: "15087023444" } },
    });
  });
});

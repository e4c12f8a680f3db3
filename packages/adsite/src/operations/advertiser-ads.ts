import type { HandlerFor } from "@sda/contract";
import { fail } from "../errors.ts";
import type { AdAdvertiser, LibraryAd } from "../readers/ad.ts";
import type { advertiserAdsSpec } from "../spec/advertiser-ads.ts";
import { type AdListFields, readList } from "./list-query.ts";

/** The advertiser of an advertiser-ads page. */
export type ListAdvertiser = Pick<AdAdvertiser, "id" | "name" | "url" | "likes" | "categories">;

/** A page of one advertiser's ads. */
export interface AdvertiserAdsResult extends AdListFields {
  advertiser: ListAdvertiser;
}

/** The advertiser as its first ad of this page names it (its page id alone when the page has none). */
function advertiserOf(pageId: string, ads: readonly LibraryAd[]): ListAdvertiser {
  const own = ads.find((ad) => ad.advertiser.id === pageId)?.advertiser;
  return own
    ? { id: own.id, name: own.name, url: own.url, likes: own.likes, categories: own.categories }
    : { id: pageId, name: null, url: null, likes: null, categories: [] };
}

/**
 * One advertiser's ads.
 *
 * Upstream: `GET /ads/library/?active_status=…&ad_type=…&country=…&media_type=…&search_type=page&view_all_page_id=…`,
 * then `AdLibrarySearchPaginationQuery` scroll batches (see `readAdList`).
 * @returns `{ data, source, count }`; `count` 0 when the advertiser has no ads for these filters (not billed).
 * @throws ServiceError 400 `missing_parameter`, `invalid_cursor`, 502 `upstream_blocked`, `upstream_incomplete`,
 *   `upstream_*`.
 */
export const advertiserAdsHandler: HandlerFor<typeof advertiserAdsSpec> = async (params, ctx) => {
  const pageId = params.pageId ?? params.url?.id;
  if (pageId === undefined)
    throw fail("missing_parameter", "pageId or url is required", {
      details: { param: "pageId" },
    });
  const list = await readList(ctx, params, { pageId });
  const data: AdvertiserAdsResult = { advertiser: advertiserOf(pageId, list.ads), ...list };
  return { data, source: "ad-library:advertiser", count: list.ads.length };
};

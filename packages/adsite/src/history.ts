import { defineHistory, type HistorySources } from "@sda/contract";
import type { z } from "zod";
import type { adParams } from "./spec/ad.ts";

/**
 * History (SPEC §1) of adsite: metric snapshots per ad (`ad`: whether it runs, its days shown, its variants and its
 * political bounds; `ad-details`: its EU and UK reach). Metric names are the result's field names; `isActive` is
 * recorded as 1 or 0. The list operations (`search`, `advertiser-ads`) are monitored, and the service keeps History
 * for details operations only (a list operation with a History source is refused by the monitors' rules), so the
 * per-advertiser likes and ad count and the per-search count are not recorded (see the README).
 */

type Range = { lower: number | null; upper: number | null } | null;

interface AdResult {
  id: string;
  url: string;
  isActive: boolean;
  daysShown: number | null;
  variants: number;
  political: { spend: Range; impressions: Range; reach: Range } | null;
}

interface AdDetailsResult {
  id: string;
  transparency: { eu: { reach: number | null } | null; uk: { reach: number | null } | null };
}

const adLink = (id: string) => `https://www.facebook.com/ads/library/?id=${id}`;

/** The adsite operations whose successes are recorded, keyed by operation id (composed in `packages/catalog`). */
export const adsiteHistory: HistorySources = {
  "adsite.ad": defineHistory({
    kind: "ad",
    metricNames: [
      "isActive",
      "daysShown",
      "variants",
      "spendLower",
      "spendUpper",
      "impressionsLower",
      "impressionsUpper",
      "reachLower",
      "reachUpper",
    ],
    resource: (data: AdResult) => ({ id: data.id, url: data.url }),
    metrics: (data) => ({
      isActive: data.isActive ? 1 : 0,
      daysShown: data.daysShown,
      variants: data.variants,
      spendLower: data.political?.spend?.lower ?? null,
      spendUpper: data.political?.spend?.upper ?? null,
      impressionsLower: data.political?.impressions?.lower ?? null,
      impressionsUpper: data.political?.impressions?.upper ?? null,
      reachLower: data.political?.reach?.lower ?? null,
      reachUpper: data.political?.reach?.upper ?? null,
    }),
    locate: ({ url, id }: z.output<typeof adParams>) => {
      const adId = url?.id ?? id;
      return adId ? { id: adId, url: adLink(adId) } : null;
    },
  }),
  "adsite.ad-details": defineHistory({
    kind: "ad",
    metricNames: ["euReach", "ukReach"],
    resource: (data: AdDetailsResult) => ({ id: data.id, url: adLink(data.id) }),
    metrics: (data) => ({
      euReach: data.transparency.eu?.reach ?? null,
      ukReach: data.transparency.uk?.reach ?? null,
    }),
  }),
};

import { defineHistory, type HistorySources } from "@sda/contract";
import type { z } from "zod";
import type { MusicRelease } from "./readers/release.ts";
import type { releaseParams } from "./spec/release.ts";

/**
 * History (SPEC §1) of musicsite: artist and release reads append metric snapshots (`packages/history`). Metric
 * names are the result fields; booleans are 1/0.
 *
 * A release is `<type>:<id>` (`album:497769399`): its digital price (`price`, with `currency` as the ISO 4217
 * numeric code, so a change of currency shows in the series), `purchasable`, `freeDownload`, and its packages in sum
 * (`packageCount`, `soldOutPackages`). History records one resource per answer and a fixed set of metric names per
 * kind, so one series per package (its price, sold-out state and stock) cannot be declared here; the monitor of
 * `release-packages` delivers each package's changes instead. A `*.bandcamp.com` link locates by its host and path
 * (an alias recorded by each call); a custom domain cannot be told from another site's link by name, so it locates
 * nothing (its release is found by its `bandcamp.com` link or by ids).
 *
 * The artist's release count is not recorded: `artist` is monitorable (new releases), and an operation is either
 * monitored or History's (the monitors' rule); its releases are the monitor's items.
 */

/** ISO 4217 numeric codes of the currencies Bandcamp sells in. */
const ISO_NUMERIC: Readonly<Record<string, number>> = {
  AUD: 36,
  CAD: 124,
  CHF: 756,
  CZK: 203,
  DKK: 208,
  EUR: 978,
  GBP: 826,
  HKD: 344,
  HUF: 348,
  ILS: 376,
  JPY: 392,
  MXN: 484,
  NOK: 578,
  NZD: 554,
  PLN: 985,
  SEK: 752,
  SGD: 702,
  USD: 840,
};

/** 1/0 for a boolean. */
const flag = (value: boolean): number => (value ? 1 : 0);

/** `host/path` of a URL, lower case (how a link is aliased). */
function linkAlias(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return `${parsed.hostname.toLowerCase()}${parsed.pathname.replace(/\/+$/, "")}`;
  } catch {
    return null;
  }
}

/** The musicsite operations whose successes are recorded, keyed by operation id (composed in `packages/catalog`). */
export const musicsiteHistory: HistorySources = {
  "musicsite.release": defineHistory({
    kind: "release",
    metricNames: ["price", "currency", "purchasable", "freeDownload", "packageCount", "soldOutPackages"],
    resource: (data: MusicRelease) => {
      const alias = linkAlias(data.url);
      return {
        id: `${data.type}:${data.id}`,
        url: data.url ?? `https://bandcamp.com/${data.type}/${data.id}`,
        ...(alias ? { aliases: [alias] } : {}),
      };
    },
    metrics: (data) => ({
      price: data.price.amount,
      currency: data.price.currency ? (ISO_NUMERIC[data.price.currency] ?? null) : null,
      purchasable: flag(data.purchasable),
      freeDownload: flag(data.freeDownload),
      packageCount: data.packages.length,
      soldOutPackages: data.packages.filter((p) => p.soldOut).length,
    }),
    locate: ({ url, bandId, itemId, type }: z.output<typeof releaseParams>) => {
      if (url)
        return url.bandcampHost && url.kind !== "artist"
          ? { alias: `${url.host}${url.path}`, url: url.url }
          : null;
      if (bandId && itemId && type)
        return { id: `${type}:${itemId}`, url: `https://bandcamp.com/${type}/${itemId}` };
      return null;
    },
  }),
};

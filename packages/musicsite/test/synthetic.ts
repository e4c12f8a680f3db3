import { writeSyntheticCase } from "@sda/testing";
import * as cheerio from "cheerio";
import { recordedText } from "./corpus.ts";

/**
 * Synthetic release pages for the package transitions (new, sold out, back in stock, price change), which the
 * corpus cannot show: Bandcamp records one state per package. Each is the recorded page of `Garun Ta Eztarri`
 * (case `album-usopop-garun-ta-eztarri-vinyl-sold-out`, one Vinyl LP sold out at 13.0 EUR) with its package's
 * `quantity_available` and `price` rewritten in `data-tralbum` (the attribute re-escaped by the HTML serializer).
 * Written only by {@link writePackageStates} into a temp dir, every entry `_synthetic` (tooling/testing).
 */

/** One state of the Vinyl LP. */
export interface PackageState {
  quantityAvailable: number | null;
  price: number;
}

/** The release's id and its package's id in the recorded page. */
export const SYNTHETIC_RELEASE = {
  releaseId: "497769399",
  packageId: "2350208166",
  path: "/album/garun-ta-eztarri",
};

/** The recorded page with the package in `state`. */
export function releasePageIn(state: PackageState): string {
  return releasePageWith([state]);
}

/**
 * The recorded page with one copy of its package per state: the first keeps the recorded id, copy `i` has the id
 * `<recorded id + i>` and the title `<title> #<i + 1>`.
 */
export function releasePageWith(states: readonly PackageState[]): string {
  const $ = cheerio.load(recordedText("album-usopop-garun-ta-eztarri-vinyl-sold-out"));
  const element = $("[data-tralbum]").first();
  const tralbum = JSON.parse(element.attr("data-tralbum") ?? "{}") as {
    packages: Record<string, unknown>[];
  };
  const [recorded] = tralbum.packages;
  tralbum.packages = states.map((state, i) => ({
    ...recorded,
    id: Number(recorded?.id) + i,
    title: i === 0 ? recorded?.title : `${String(recorded?.title)} #${i + 1}`,
    quantity_available: state.quantityAvailable,
    price: state.price,
  }));
  element.attr("data-tralbum", JSON.stringify(tralbum));
  return $.html();
}

/**
 * Writes one synthetic case whose entries serve the page in each state, state `i` on the host
 * `state<i>.synthetic-label.bandcamp.com` (same release, same package: the service's observations are by ids).
 * @returns the corpus root to serve (add it to the replay's dirs).
 */
export function writePackageStates(states: readonly PackageState[]): Promise<string> {
  return writeSyntheticCase({
    platform: "musicsite",
    caseId: "synthetic-package-states",
    why: "package transitions: the corpus records one state per package (sold out); these pages are that recording with the Vinyl LP's stock and price rewritten",
    answers: states.map((state, i) => ({
      match: { method: "GET", path: SYNTHETIC_RELEASE.path, host: `state${i}.synthetic-label.bandcamp.com` },
      status: 200,
      body: releasePageIn(state),
      mimeType: "text/html; charset=UTF-8",
    })),
  });
}

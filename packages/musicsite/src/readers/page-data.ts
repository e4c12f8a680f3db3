import * as cheerio from "cheerio";
import { objectOf } from "./values.ts";

/**
 * The data an artist or release page of Bandcamp carries, read with an HTML parser: `data-band` and `data-tralbum`
 * (entity-escaped JSON attributes; the parser decodes the entities), the JSON-LD blocks
 * (`<script type="application/ld+json">`), and the seller's currency (`data-band-currency` of the currency script).
 */
export interface PageData {
  /** `data-band`: `{id, name, image_id, …}`; null when the page has none (not an artist's page). */
  band: Record<string, unknown> | null;
  /** `data-tralbum` of a release page (with `current`); null on an artist's page (its `data-tralbum` is `{url}` only). */
  tralbum: Record<string, unknown> | null;
  /** The JSON-LD objects of the page, in page order (blocks that do not parse are skipped). */
  jsonLd: Record<string, unknown>[];
  /** `data-band-currency`: the seller's currency (ISO 4217), or null. */
  bandCurrency: string | null;
}

/** The JSON of an attribute value, or null when absent or not JSON. */
function attributeJson(value: string | undefined): Record<string, unknown> | null {
  if (value === undefined) return null;
  try {
    return objectOf(JSON.parse(value));
  } catch {
    return null;
  }
}

/**
 * Reads a Bandcamp page.
 * @param html the page as served (an artist home, `/music`, `/releases`, `/album/<slug>`, `/track/<slug>`).
 */
export function readPageData(html: string): PageData {
  const $ = cheerio.load(html);
  const band = attributeJson($("[data-band]").first().attr("data-band"));
  const tralbumData = attributeJson($("[data-tralbum]").first().attr("data-tralbum"));
  const tralbum = tralbumData && objectOf(tralbumData.current) ? tralbumData : null;
  const jsonLd: Record<string, unknown>[] = [];
  $('script[type="application/ld+json"]').each((_, element) => {
    try {
      const value = objectOf(JSON.parse($(element).text()));
      if (value) jsonLd.push(value);
    } catch {
      // A block that is not JSON is not data.
    }
  });
  const currency = $("[data-band-currency]").first().attr("data-band-currency");
  return {
    band,
    tralbum,
    jsonLd,
    bandCurrency: currency && /^[A-Z]{3}$/.test(currency) ? currency : null,
  };
}

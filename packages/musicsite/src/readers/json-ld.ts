import { numberOf, objectOf, objectsOf, stringOf } from "./values.ts";

/**
 * Reading a release page's JSON-LD (schema.org `MusicAlbum` / `MusicRecording`): the offer of the digital item (its
 * currency is only there), the tags, the cover, the label.
 */

/** The release object of the page's JSON-LD blocks (`MusicAlbum` or `MusicRecording`), or null. */
export function releaseLd(blocks: readonly Record<string, unknown>[]): Record<string, unknown> | null {
  return (
    blocks.find((block) => {
      const type = block["@type"];
      return type === "MusicAlbum" || type === "MusicRecording";
    }) ?? null
  );
}

/** The value of a schema.org `additionalProperty` entry named `name`. */
function property(entity: Record<string, unknown>, name: string): unknown {
  return objectsOf(entity.additionalProperty).find((p) => p.name === name)?.value;
}

/**
 * The digital item's offer: the `albumRelease[]` entry (of an album, or of a track's `inAlbum`) whose `item_id` is the
 * release's id, or whose `@id` is its URL; null when the page offers none (a track sold only with its album).
 */
export function digitalOffer(
  ld: Record<string, unknown> | null,
  releaseId: string,
  releaseUrl: string | null,
): { price: number | null; currency: string | null; isSetPrice: boolean | null } | null {
  if (!ld) return null;
  const releases = [...objectsOf(ld.albumRelease), ...objectsOf(objectOf(ld.inAlbum)?.albumRelease)];
  for (const entry of releases) {
    const offer = objectOf(entry.offers);
    if (!offer) continue;
    const itemId = property(entry, "item_id");
    if (String(itemId) !== releaseId && (releaseUrl === null || entry["@id"] !== releaseUrl)) continue;
    const setPrice = property(offer, "is_set_price");
    const currency = stringOf(offer.priceCurrency, true);
    return {
      price: numberOf(offer.price),
      currency: currency && /^[A-Z]{3}$/.test(currency) ? currency : null,
      isSetPrice: setPrice === undefined ? null : setPrice === 1 || setPrice === true,
    };
  }
  return null;
}

/** The tags (`keywords`: a list, or a comma-separated string), repeats removed (case-insensitive), in order. */
export function keywordsOf(ld: Record<string, unknown> | null): string[] {
  const raw = ld?.keywords;
  const list = Array.isArray(raw) ? raw : typeof raw === "string" ? raw.split(",") : [];
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const value of list) {
    if (typeof value !== "string") continue;
    const tag = value.trim();
    if (tag === "" || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

/** The cover (`image`: a URL or a list of them). */
export function imageOf(ld: Record<string, unknown> | null): string | null {
  const image = ld?.image;
  return stringOf(Array.isArray(image) ? image[0] : image, true);
}

/**
 * The label of a release: schema.org `recordLabel`, else the publisher (the page's band) when it is not the release's
 * artist (a label's page selling an artist's release).
 */
export function labelOf(ld: Record<string, unknown> | null, artist: string | null): string | null {
  const recordLabel = stringOf(objectOf(ld?.recordLabel)?.name, true);
  if (recordLabel) return recordLabel;
  const publisher = stringOf(objectOf(ld?.publisher)?.name, true);
  return publisher && artist && publisher.toLowerCase() !== artist.toLowerCase() ? publisher : null;
}

import type { z } from "zod";
import type { price, release, track } from "../spec/shapes.ts";
import { digitalOffer, imageOf, keywordsOf, labelOf, releaseLd } from "./json-ld.ts";
import { readPackages } from "./packages.ts";
import type { PageData } from "./page-data.ts";
import { countOf, dayOf, flagOf, idOf, imageUrl, numberOf, objectOf, objectsOf, stringOf } from "./values.ts";

/** A release as a commerce listing (see the `MusicsiteRelease` shape). */
export type MusicRelease = z.output<typeof release>;
type Track = z.output<typeof track>;
type Price = z.output<typeof price>;

/** `album`/`track` from Bandcamp's `item_type` (`album`, `track`, or the letters `a`, `t`), else null. */
export function releaseTypeOf(value: unknown): "album" | "track" | null {
  if (value === "album" || value === "a") return "album";
  if (value === "track" || value === "t") return "track";
  return null;
}

/** The price object: name your price is an amount of 0 that is not a set price. */
export function priceOf(amount: number, currency: string | null, isSetPrice: boolean): Price {
  return { amount, currency, isSetPrice, nameYourPrice: amount === 0 && !isSetPrice };
}

/** A track of `trackinfo[]` (page) or `tracks[]` (API); `duration` is seconds as a float. */
function readTrack(raw: Record<string, unknown>, streamable: boolean): Track | null {
  const id = idOf(raw.track_id ?? raw.id);
  if (id === null) return null;
  const seconds = numberOf(raw.duration);
  return {
    id,
    number: countOf(raw.track_num),
    title: stringOf(raw.title) ?? "",
    durationSeconds: seconds === null || seconds < 0 ? null : Math.floor(seconds),
    durationMs: seconds === null || seconds < 0 ? null : Math.round(seconds * 1000),
    streamable,
  };
}

/**
 * The release of a page (`/album/<slug>`, `/track/<slug>`, or an artist's page that answered with its one release).
 *
 * Upstream: `data-tralbum` (ids, `current.minimum_price`, `is_set_price`, `trackinfo[]`, `packages[]`,
 * `freeDownloadPage`, `is_preorder`) and the JSON-LD (the digital offer's `priceCurrency`, `keywords`, `image`,
 * publisher). The currency falls back to the seller's (`data-band-currency`) when the page offers no digital item
 * (a track sold only with its album). Purchasable: the page offers the digital item, or sets its download (`current.download_pref`).
 * @param platform the platform it is on (`ctx.platform`).
 * @returns the release, or null when the page carries no `data-tralbum` with `current` (not a release page).
 */
export function readReleasePage(page: PageData, platform: MusicRelease["platform"]): MusicRelease | null {
  const tralbum = page.tralbum;
  const current = objectOf(tralbum?.current);
  if (!tralbum || !current) return null;
  const id = idOf(tralbum.id) ?? idOf(current.id);
  const type = releaseTypeOf(tralbum.item_type) ?? releaseTypeOf(current.type);
  if (id === null || type === null) return null;
  const ld = releaseLd(page.jsonLd);
  const url = stringOf(tralbum.url, true);
  const offer = digitalOffer(ld, id, url);
  const packages = readPackages(tralbum.packages);
  const artist = stringOf(tralbum.artist, true) ?? stringOf(current.artist, true);
  const isSetPrice = flagOf(current.is_set_price) ?? offer?.isSetPrice ?? false;
  const currency = offer?.currency ?? page.bandCurrency ?? packages[0]?.currency ?? null;
  const artId = idOf(tralbum.art_id) ?? idOf(current.art_id);
  return {
    platform,
    id,
    type,
    title: stringOf(current.title) ?? "",
    artist,
    bandId: idOf(current.band_id) ?? idOf(page.band?.id),
    sellingBandId: idOf(current.selling_band_id),
    url,
    releaseDate: dayOf(current.release_date) ?? dayOf(tralbum.album_release_date) ?? dayOf(ld?.datePublished),
    price: priceOf(numberOf(current.minimum_price) ?? offer?.price ?? 0, currency, isSetPrice),
    purchasable: offer !== null || (current.download_pref !== null && current.download_pref !== undefined),
    freeDownload: stringOf(tralbum.freeDownloadPage, true) !== null,
    preorder: flagOf(tralbum.is_preorder) ?? flagOf(tralbum.album_is_preorder) ?? false,
    tracks: objectsOf(tralbum.trackinfo).flatMap((raw) => readTrack(raw, objectOf(raw.file) !== null) ?? []),
    packages,
    tags: keywordsOf(ld),
    artworkUrl: imageOf(ld) ?? imageUrl(artId, "art"),
    about: stringOf(current.about, true),
    credits: stringOf(current.credits, true),
    label: labelOf(ld, artist),
    upc: stringOf(current.upc, true),
  };
}

/**
 * A release of the mobile API (`GET /api/mobile/22/tralbum_details`): `price`, `currency`, `is_set_price`,
 * `is_purchasable`, `free_download`, `is_preorder`, `tags[].name`, `tracks[]` (`is_streamable`), `release_date` in
 * unix seconds. Its `package_details_lite` is `{}` in every recording, so packages are read only when it is a list of
 * packages in the page's format.
 * @param platform the platform it is on (`ctx.platform`).
 * @returns the release, or null when the answer has no id or type (an error answer).
 */
export function readTralbumDetails(value: unknown, platform: MusicRelease["platform"]): MusicRelease | null {
  const raw = objectOf(value);
  const id = idOf(raw?.id);
  const type = releaseTypeOf(raw?.type);
  if (!raw || id === null || type === null) return null;
  const band = objectOf(raw.band);
  const artist = stringOf(raw.tralbum_artist, true) ?? stringOf(band?.name, true);
  const amount = numberOf(raw.price) ?? 0;
  const isSetPrice = flagOf(raw.is_set_price) ?? false;
  const tags: string[] = [];
  for (const tag of objectsOf(raw.tags)) {
    const name = stringOf(tag.name, true);
    if (name && !tags.some((t) => t.toLowerCase() === name.toLowerCase())) tags.push(name);
  }
  return {
    platform,
    id,
    type,
    title: stringOf(raw.title) ?? "",
    artist,
    bandId: idOf(band?.band_id),
    sellingBandId: idOf(objectsOf(raw.tracks)[0]?.band_id) ?? idOf(band?.band_id),
    url: stringOf(raw.bandcamp_url, true),
    releaseDate: dayOf(raw.release_date),
    price: priceOf(amount, stringOf(raw.currency, true), isSetPrice),
    purchasable: flagOf(raw.is_purchasable) ?? false,
    freeDownload: flagOf(raw.free_download) ?? false,
    preorder: flagOf(raw.is_preorder) ?? false,
    tracks: objectsOf(raw.tracks).flatMap((t) => readTrack(t, flagOf(t.is_streamable) ?? false) ?? []),
    packages: readPackages(raw.package_details_lite),
    tags,
    artworkUrl: imageUrl(idOf(raw.art_id), "art"),
    about: stringOf(raw.about, true),
    credits: stringOf(raw.credits, true),
    label: stringOf(raw.label, true),
    upc: stringOf(raw.upc, true),
  };
}

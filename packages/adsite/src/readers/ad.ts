import { type AdCreative, readCreative } from "./creative.ts";
import { arrayOf, boolOf, idOf, intOf, isObject, type JsonObject, textOf } from "./json-walk.ts";
import { type AdPolitical, readPolitical } from "./political.ts";

/** The advertiser (Facebook page) an ad runs for. */
export interface AdAdvertiser {
  id: string;
  name: string | null;
  url: string | null;
  likes: number | null;
  categories: string[];
  avatarUrl: string | null;
  isDeleted: boolean;
}

/** One ad of the library, as the adsite operations return it. `transparency` is null here (ad-details reads it). */
export interface LibraryAd {
  id: string;
  url: string;
  advertiser: AdAdvertiser;
  isActive: boolean;
  firstShownAt: string | null;
  lastShownAt: string | null;
  daysShown: number | null;
  platforms: string[];
  format: string | null;
  categories: string[];
  variants: number;
  collationId: string | null;
  creative: AdCreative;
  political: AdPolitical | null;
  transparency: null;
  aaaEligible: boolean | null;
  containsSensitiveContent: boolean | null;
  containsDigitalCreatedMedia: boolean | null;
  position: number;
}

/** The library's link of one ad. */
const adUrl = (id: string): string => `https://www.facebook.com/ads/library/?id=${id}`;

const DAY_MS = 86_400_000;

/**
 * The UTC calendar day of a library date: epoch seconds at midnight Pacific time (07:00 or 08:00 UTC), so the UTC day
 * is the day. @returns `YYYY-MM-DD`, or null.
 */
function libraryDay(seconds: unknown): string | null {
  const s = intOf(seconds);
  return s === null ? null : new Date(s * 1000).toISOString().slice(0, 10);
}

/** Days from `first` to `last` (`YYYY-MM-DD`), both counted; null when either is missing or `last` is earlier. */
function daysBetween(first: string | null, last: string | null): number | null {
  if (!first || !last) return null;
  const days = Math.round((Date.parse(last) - Date.parse(first)) / DAY_MS) + 1;
  return days >= 1 ? days : null;
}

/** The strings of an array, repeats removed (first kept). */
const uniqueStrings = (value: unknown): string[] => [
  ...new Set(
    arrayOf(value)
      .map(textOf)
      .filter((s): s is string => s !== null),
  ),
];

/** The advertiser of an entry, from its own keys and its `snapshot`. */
function readAdvertiser(ad: JsonObject, snapshot: JsonObject): AdAdvertiser | null {
  const id = idOf(ad.page_id) ?? idOf(snapshot.page_id);
  if (id === null) return null;
  return {
    id,
    name: textOf(ad.page_name) ?? textOf(snapshot.page_name),
    url: textOf(snapshot.page_profile_uri),
    likes: intOf(snapshot.page_like_count),
    categories: uniqueStrings(snapshot.page_categories),
    avatarUrl: textOf(snapshot.page_profile_picture_url),
    isDeleted: boolOf(ad.page_is_deleted) ?? boolOf(snapshot.page_is_deleted) ?? false,
  };
}

/**
 * Reads one `collated_results` entry.
 * @param position the 1-based rank of the entry in the list as served.
 * @returns the ad, or null for an entry without a Library ID or an advertiser (skipped).
 */
export function readAd(entry: unknown, position: number): LibraryAd | null {
  if (!isObject(entry)) return null;
  const id = idOf(entry.ad_archive_id);
  const snapshot = isObject(entry.snapshot) ? entry.snapshot : {};
  const advertiser = readAdvertiser(entry, snapshot);
  if (id === null || advertiser === null) return null;
  const firstShownAt = libraryDay(entry.start_date);
  const lastShownAt = libraryDay(entry.end_date);
  return {
    id,
    url: adUrl(id),
    advertiser,
    isActive: entry.is_active === true,
    firstShownAt,
    lastShownAt,
    daysShown: daysBetween(firstShownAt, lastShownAt),
    platforms: uniqueStrings(entry.publisher_platform),
    format: textOf(snapshot.display_format),
    categories: uniqueStrings(entry.categories),
    variants: Math.max(1, intOf(entry.collation_count) ?? 1),
    collationId: idOf(entry.collation_id) ?? textOf(entry.collation_id),
    creative: readCreative(snapshot),
    political: readPolitical(entry, snapshot),
    transparency: null,
    aaaEligible: boolOf(entry.is_aaa_eligible),
    containsSensitiveContent: boolOf(entry.contains_sensitive_content),
    containsDigitalCreatedMedia: boolOf(entry.contains_digital_created_media),
    position,
  };
}

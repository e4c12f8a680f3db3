import { epochSecondsToIso, parseDateLabel } from "@sda/text";

/**
 * Typed reads of Bandcamp's loosely typed JSON (the page attributes and the mobile API): every value is checked, a
 * wrong type reads as null, never throws.
 */

/** The fields of an object, or null for anything else. */
export function objectOf(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** The items of an array that are objects (an empty list for anything else). */
export function objectsOf(value: unknown): Record<string, unknown>[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item): Record<string, unknown>[] => {
    const object = objectOf(item);
    return object ? [object] : [];
  });
}

/** A string, or null (empty strings too when `emptyIsNull`). */
export function stringOf(value: unknown, emptyIsNull = false): string | null {
  if (typeof value !== "string") return null;
  return emptyIsNull && value.trim() === "" ? null : value;
}

/** A finite number, or null. */
export function numberOf(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

/** A non-negative whole count, or null. */
export function countOf(value: unknown): number | null {
  const n = numberOf(value);
  return n !== null && Number.isInteger(n) && n >= 0 ? n : null;
}

/** Bandcamp's booleans: `true`/`false` and the flags `1`/`0` (null stays null). */
export function flagOf(value: unknown): boolean | null {
  if (typeof value === "boolean") return value;
  if (value === 1 || value === 0) return value === 1;
  return null;
}

/** A numeric id (a number or a digit string) as a decimal string, or null. */
export function idOf(value: unknown): string | null {
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return String(value);
  if (typeof value === "string" && /^\d{1,20}$/.test(value)) return value;
  return null;
}

/**
 * A release day `YYYY-MM-DD` (UTC) from Bandcamp's dates: `"14 Oct 2021 00:00:00 GMT"` (pages, band_details) or unix
 * seconds (`tralbum_details.release_date`); null when absent or unreadable.
 */
export function dayOf(value: unknown): string | null {
  if (typeof value === "number") return epochSecondsToIso(value)?.slice(0, 10) ?? null;
  return typeof value === "string" ? parseDateLabel(value) : null;
}

/**
 * The URL of a Bandcamp image on `f4.bcbits.com` (size 10: the original): cover art `a<art_id>`, other images (artist
 * photos, package pictures) by their image id, both zero-padded to 10 digits as Bandcamp names them.
 */
export function imageUrl(imageId: string | null, kind: "art" | "image"): string | null {
  if (imageId === null) return null;
  return `https://f4.bcbits.com/img/${kind === "art" ? "a" : ""}${imageId.padStart(10, "0")}_10.jpg`;
}

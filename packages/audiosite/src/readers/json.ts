/**
 * Typed reads of api-v2's JSON (never trusted: every field may be missing or of another type). Conventions of the
 * readers: ids as strings (they exceed 32 bits), `""` as null, times UTC ISO-8601 with milliseconds and `Z`.
 */

/** A JSON object, or an empty one for anything else. */
export type Json = Record<string, unknown>;

/** `value` as an object ({} when it is not one). */
export const obj = (value: unknown): Json =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Json) : {};

/** `value` as an array ([] when it is not one). */
export const arr = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** A non-empty string, else null (`""` is null). */
export const str = (value: unknown): string | null =>
  typeof value === "string" && value !== "" ? value : null;

/** A finite integer, else null. */
export const int = (value: unknown): number | null =>
  typeof value === "number" && Number.isSafeInteger(value) ? value : null;

/** A finite number, else null. */
export const num = (value: unknown): number | null =>
  typeof value === "number" && Number.isFinite(value) ? value : null;

/** A boolean, else null. */
export const bool = (value: unknown): boolean | null => (typeof value === "boolean" ? value : null);

/** A numeric id (number or digit string) as a string, else null. */
export function idOf(value: unknown): string | null {
  if (typeof value === "number" && Number.isSafeInteger(value) && value > 0) return String(value);
  if (typeof value === "string" && /^\d{1,20}$/.test(value)) return value;
  return null;
}

/** api-v2's `2022-10-03T18:49:49Z` as `2022-10-03T18:49:49.000Z`; null when absent or unreadable. */
export function timeOf(value: unknown): string | null {
  if (typeof value !== "string" || value === "") return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/** The day (`YYYY-MM-DD`, UTC) of an api-v2 time; null when absent or unreadable. */
export function dateOf(value: unknown): string | null {
  return timeOf(value)?.slice(0, 10) ?? null;
}

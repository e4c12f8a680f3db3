/**
 * Typed field readers over the platform's JSON "things" (`{ kind, data }` objects). Every reader in this package goes
 * through them, so a missing field or a field of another type gives `null` (a null field in our result) instead of a
 * throw. The platform uses `""` for many absent strings (`thumbnail`, `icon_img`); {@link text} maps those to null.
 */

/** A JSON object as the platform sends it. */
export type JsonRecord = Record<string, unknown>;

/** The value as a JSON object, or null when it is not one (null, array, scalar). */
export function asRecord(value: unknown): JsonRecord | null {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as JsonRecord) : null;
}

/** The string at `key`, or null (a present empty string stays `""`). */
export function str(source: JsonRecord | null | undefined, key: string): string | null {
  const value = source?.[key];
  return typeof value === "string" ? value : null;
}

/** The non-empty string at `key` (after trimming), or null. */
export function text(source: JsonRecord | null | undefined, key: string): string | null {
  const value = str(source, key);
  return value !== null && value.trim() !== "" ? value : null;
}

/** The finite number at `key`, or null. */
export function num(source: JsonRecord | null | undefined, key: string): number | null {
  const value = source?.[key];
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

/** The number at `key` truncated to an integer (the platform sends counts such as `96.0` in some answers), or null. */
export function int(source: JsonRecord | null | undefined, key: string): number | null {
  const value = num(source, key);
  return value === null ? null : Math.trunc(value);
}

/** The boolean at `key`, or null. */
export function bool(source: JsonRecord | null | undefined, key: string): boolean | null {
  const value = source?.[key];
  return typeof value === "boolean" ? value : null;
}

/** The array at `key`, or an empty array. */
export function list(source: JsonRecord | null | undefined, key: string): unknown[] {
  const value = source?.[key];
  return Array.isArray(value) ? value : [];
}

/** The object at `key`, or null. */
export function record(source: JsonRecord | null | undefined, key: string): JsonRecord | null {
  return asRecord(source?.[key]);
}

/**
 * Generic walks over the library's JSON (the page's `data-sjs` blocks nest their payload in `require` / `__bbox`
 * arrays whose positions change between builds): find a value by its key, never by position.
 */

/** A JSON object (not an array). */
export type JsonObject = Record<string, unknown>;

/** True for a plain JSON object. */
export const isObject = (value: unknown): value is JsonObject =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * The value of the first `key` met depth-first (objects' own keys before their children), or undefined.
 * @param depth the deepest level searched (guards against hostile nesting).
 */
export function findKey(value: unknown, key: string, depth = 64): unknown {
  if (depth < 0 || value === null || typeof value !== "object") return undefined;
  if (!Array.isArray(value) && Object.hasOwn(value, key)) return (value as JsonObject)[key];
  for (const child of Object.values(value)) {
    const found = findKey(child, key, depth - 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** True when some string in `value` (at any depth) equals `text`. */
export function holdsString(value: unknown, text: string, depth = 64): boolean {
  if (typeof value === "string") return value === text;
  if (depth < 0 || value === null || typeof value !== "object") return false;
  return Object.values(value).some((child) => holdsString(child, text, depth - 1));
}

/** The string at `value`, or null for anything else and for blank strings. */
export function textOf(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value : null;
}

/** The array at `value`, or an empty one. */
export const arrayOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** A boolean at `value`, or null. */
export const boolOf = (value: unknown): boolean | null => (typeof value === "boolean" ? value : null);

/** A safe non-negative integer at `value` (a number or a digit string), or null. */
export function intOf(value: unknown): number | null {
  const n = typeof value === "string" && /^\d{1,16}$/.test(value) ? Number(value) : value;
  return typeof n === "number" && Number.isSafeInteger(n) && n >= 0 ? n : null;
}

/** A digit-string id at `value` (numbers are converted), or null. */
export function idOf(value: unknown): string | null {
  if (typeof value === "string" && /^\d{1,20}$/.test(value)) return value;
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return String(value);
  return null;
}

/**
 * Text made storable in PostgreSQL: it rejects NUL (`\u0000`) in `text` and `jsonb`, and unpaired UTF-16 surrogates
 * in `jsonb` (`JSON.stringify` writes them as `\udXXX` escapes). Query values may carry both (`note=%00`), and a
 * request-log insert that fails loses the row of a call that was billed (issue 9, fault 3).
 */

/** C0 controls except tab, line feed and carriage return, and DEL. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Any character {@link CONTROL} or {@link LONE_SURROGATE} may replace (a surrogate, paired or not). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const NEEDS_CARE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uD800-\uDFFF]/;

/**
 * A string with every control character written as a visible `\uXXXX` escape (so the log still shows it was there)
 * and unpaired surrogates replaced by U+FFFD.
 */
export function storableText(text: string): string {
  // Nearly every value is clean: one scan for any character either replacement could touch, then nothing to copy.
  if (!NEEDS_CARE.test(text)) return text;
  return text
    .replace(LONE_SURROGATE, "\uFFFD")
    .replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** A JSON value with {@link storableText} applied to every string and object key, at any depth. */
export function storableJson(value: unknown): unknown {
  if (typeof value === "string") return storableText(value);
  if (Array.isArray(value)) return value.map(storableJson);
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [storableText(k), storableJson(v)]));
  return value;
}

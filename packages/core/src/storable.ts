import { ServiceError } from "./errors.ts";

/**
 * Text PostgreSQL can store. It refuses a NUL character (U+0000) in `text` and `jsonb`, and a lone UTF-16 surrogate
 * (a JSON `"\ud800"` escape, no Unicode text: `jsonb` refuses its escape, `text` its bytes); either used to become a
 * 500. Two policies, one definition of what is unstorable:
 * - caller input is **refused** (400 `invalid_parameter` naming the field: {@link assertStorableBody}), so nothing the
 *   caller sent is stored other than as sent;
 * - what is only logged (request-log paths, params, sources) is **rewritten** ({@link storableText},
 *   {@link storableJson}): a request-log insert that fails loses the row of a call that was billed (issue 9, fault 3),
 *   and query values may carry both (`note=%00`);
 * - an answer kept to be given again (an `Idempotency-Key`'s) is **kept as it was** but for what cannot be stored
 *   ({@link storableJsonText}): a billed answer that fails to be stored could be charged again after a Redis loss.
 */

/** Deepest JSON request body accepted, in levels of nested arrays and objects (a batch body needs 4). */
export const MAX_BODY_DEPTH = 32;

/** `calls[3].params.url` from a path of keys and indexes (`body` for the root). */
function fieldName(path: readonly (string | number)[]): string {
  let name = "";
  for (const part of path) name += typeof part === "number" ? `[${part}]` : name === "" ? part : `.${part}`;
  return name || "body";
}

/**
 * A high surrogate not followed by a low one, or a low one not preceded by a high one. Global for the rewrite; the
 * refusal reads it with `search`, which ignores `lastIndex`.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** C0 controls except tab, line feed and carriage return, and DEL: what the rewrite writes as visible escapes. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** Any character {@link CONTROL} or {@link LONE_SURROGATE} may replace (a surrogate, paired or not). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const NEEDS_CARE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uD800-\uDFFF]/;

/**
 * What PostgreSQL cannot store in a string, or null: a NUL character (U+0000), which neither `text` nor `jsonb`
 * accepts, or a lone UTF-16 surrogate (a JSON `"\ud800"` escape), which is no Unicode text (`jsonb` refuses its
 * escape, `text` its bytes).
 */
function unstorable(value: string): string | null {
  if (value.includes("\u0000")) return "a NUL character";
  if (value.search(LONE_SURROGATE) !== -1) return "a lone UTF-16 surrogate";
  return null;
}

function refused(message: string, path: readonly (string | number)[]): ServiceError {
  return new ServiceError("invalid_parameter", message, { details: { param: fieldName(path) } });
}

/**
 * Checks a parsed JSON request body before anything hashes, validates or stores it: at most {@link MAX_BODY_DEPTH}
 * levels deep (a 5,000-level body overflowed the stack of the batch's canonical JSON), and no NUL character or lone
 * surrogate in any string, key or value. Iterative, so no body can overflow the check itself. The body's size is
 * bounded before, by the route's body parser.
 * @throws ServiceError 400 `invalid_parameter` naming the field (`calls[3].params.url`, `label`, `body`).
 */
export function assertStorableBody(body: unknown): void {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: body, path: [] }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { value, path } = item;
    if (typeof value === "string") {
      const problem = unstorable(value);
      if (problem) throw refused(`\`${fieldName(path)}\` contains ${problem}`, path);
      continue;
    }
    if (typeof value !== "object" || value === null) continue;
    if (path.length >= MAX_BODY_DEPTH)
      throw refused(`the body is nested deeper than ${MAX_BODY_DEPTH} levels`, path.slice(0, 1));
    if (Array.isArray(value))
      for (const [i, v] of value.entries()) stack.push({ value: v, path: [...path, i] });
    else
      for (const [key, v] of Object.entries(value)) {
        const problem = unstorable(key);
        if (problem) throw refused(`a field name in \`${fieldName(path)}\` contains ${problem}`, path);
        stack.push({ value: v, path: [...path, key] });
      }
  }
}

/**
 * Text to log, made storable: every control character written as a visible `\uXXXX` escape (so the log still shows
 * it was there) and unpaired surrogates replaced by U+FFFD. Clean text comes back as is (the same string).
 */
export function storableText(text: string): string {
  // Nearly every value is clean: one scan for any character either replacement could touch, then nothing to copy.
  if (!NEEDS_CARE.test(text)) return text;
  return text
    .replace(LONE_SURROGATE, "\uFFFD")
    .replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** A JSON value to log with {@link storableText} applied to every string and object key, at any depth. */
export function storableJson(value: unknown): unknown {
  if (typeof value === "string") return storableText(value);
  if (Array.isArray(value)) return value.map(storableJson);
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [storableText(k), storableJson(v)]));
  return value;
}

/** What `JSON.stringify` writes for a NUL or a lone surrogate: the escapes `jsonb` refuses (maybe a false alarm). */
const UNSTORABLE_ESCAPE = /\\u0000|\\ud[89a-f]/;

/** A JSON value with NUL characters and lone surrogates replaced by U+FFFD, at any depth; nothing else changes. */
function replaceUnstorable(value: unknown): unknown {
  if (typeof value === "string")
    return value.replace(LONE_SURROGATE, "\uFFFD").replaceAll("\u0000", "\uFFFD");
  if (Array.isArray(value)) return value.map(replaceUnstorable);
  if (value !== null && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [replaceUnstorable(k) as string, replaceUnstorable(v)]),
    );
  return value;
}

/**
 * The JSON text of a value that `jsonb` accepts: as `JSON.stringify` writes it, but a NUL character or a lone
 * surrogate (which `jsonb` refuses, as `\u0000` or `\udXXX`) replaced by U+FFFD. Nearly every value has neither: one
 * serialisation and one scan of it, and the value is walked only when the scan finds such an escape.
 */
export function storableJsonText(value: unknown): string {
  const text = JSON.stringify(value);
  return UNSTORABLE_ESCAPE.test(text) ? JSON.stringify(replaceUnstorable(value)) : text;
}

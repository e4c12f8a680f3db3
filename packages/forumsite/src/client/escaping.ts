import { decodeHTML } from "entities";

/**
 * The platform's JSON answers come in two forms. With `raw_json=1` strings are sent as written; without it (the
 * historical default, still what the public `.json` pages, caches and older clients get) every string value is
 * HTML-escaped once: `&` → `&amp;`, `<` → `&lt;`, `>` → `&gt;`, in titles, bodies, URLs and the `*_html` renderings
 * alike (which are then escaped twice). This module recognises an escaped answer and undoes the escaping.
 */

/** Depth-first search for the first `*_html` string (`selftext_html`, `body_html`, `description_html`, …). */
function firstRenderedHtml(value: unknown, depth = 0): string | undefined {
  if (depth > 64 || value === null || typeof value !== "object") return undefined;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = firstRenderedHtml(item, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    if (key.endsWith("_html") && typeof item === "string" && item.trim() !== "") return item.trimStart();
  }
  for (const item of Object.values(value)) {
    const found = firstRenderedHtml(item, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Whether an answer is entity-escaped. The platform's rendered markdown always starts with a tag (`<!-- SC_OFF -->`,
 * `<div class="md">`, `<p>`), so the first `*_html` field tells: `<…` in a raw answer, `&lt;…` in an escaped one.
 * An answer without any rendered field is judged by what was asked for.
 * @param answer the parsed JSON.
 * @param requestedRaw whether the request carried `raw_json=1`.
 */
export function isEscapedAnswer(answer: unknown, requestedRaw: boolean): boolean {
  const html = firstRenderedHtml(answer);
  if (html === undefined) return !requestedRaw;
  return html.startsWith("&lt;");
}

/** Decodes HTML character references in every string value of `value` (keys are never escaped). */
export function decodeStrings(value: unknown): unknown {
  if (typeof value === "string") return value.includes("&") ? decodeHTML(value) : value;
  if (Array.isArray(value)) return value.map(decodeStrings);
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, decodeStrings(item)]));
  return value;
}

/**
 * The answer with the platform's entity escaping undone when it is escaped (see {@link isEscapedAnswer}); a raw
 * answer is returned unchanged, so a literal `&amp;` someone wrote stays as written.
 */
export function unescapeAnswer(answer: unknown, requestedRaw: boolean): { json: unknown; escaped: boolean } {
  const escaped = isEscapedAnswer(answer, requestedRaw);
  return { json: escaped ? decodeStrings(answer) : answer, escaped };
}

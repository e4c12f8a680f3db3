import { type InputParse, readSiteUrl, refParam } from "./site-url.ts";

/** Item ids are positive integers (8863, 34114259); 12 digits leave room far above today's ~4·10^7. */
const ITEM_ID = /^[1-9]\d{0,11}$/;

/**
 * Reads an item from what a user may paste: a bare id (`8863`), the item page `news.ycombinator.com/item?id=8863`
 * (with or without scheme, `www.` or `news.`).
 * @returns the id; `unsupported` for another site or a page of the site that is not an item (a user page, the front
 *   page); `invalid` for an empty value, a malformed URL or a missing or malformed id.
 */
export function parseItemRef(input: string): InputParse<number> {
  const value = input.trim();
  if (!value) return { kind: "invalid", message: "url is empty" };
  if (/^\d+$/.test(value))
    return ITEM_ID.test(value)
      ? { kind: "ok", value: Number(value) }
      : { kind: "invalid", message: "url is not a valid item id (a positive integer)" };
  // Without a dot there is no host: a mistyped id (`-5`, `12abc`, `item?id=x`), not another site.
  if (!value.includes(".")) return { kind: "invalid", message: "url is neither an item URL nor an item id" };
  const page = readSiteUrl(value);
  if (page.kind !== "ok") return page;
  if (page.value.path !== "/item")
    return { kind: "unsupported", message: "url is a newssite URL but not of an item (item?id=<id>)" };
  const id = page.value.id?.trim() ?? "";
  if (!ITEM_ID.test(id))
    return { kind: "invalid", message: "url's id is not a valid item id (a positive integer)" };
  return { kind: "ok", value: Number(id) };
}

/**
 * Zod parameter for an item `url`. Output: the item id. Errors: 400 `missing_parameter` / `invalid_parameter`,
 * 422 `unsupported_url`.
 */
export const itemRefParam = refParam(parseItemRef);

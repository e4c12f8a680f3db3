import { failWith } from "@sda/contract";
import { z } from "zod";

/**
 * Language tags as callers send them and as the platform labels caption tracks (`en`, `en-GB`, `zh-Hans`, `es-419`,
 * `fil`, the legacy `iw` for Hebrew).
 */

// BCP-47-ish: a 2–3 letter primary language subtag, then subtags of 2–8 letters/digits (script, region, variant).
const TAG_PATTERN = /^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8}){0,3}$/;

/**
 * Codes the platform still uses in their pre-1989 form, mapped both ways so `he` finds an `iw` track and vice versa.
 * Source: ISO 639 changes (iw→he, in→id, ji→yi), which the platform's caption lists predate.
 */
const LEGACY_ALIASES: Record<string, string> = { iw: "he", he: "iw", in: "id", id: "in", ji: "yi", yi: "ji" };

/**
 * Canonical casing of a tag: language lower case, 4-letter script title case, 2-letter region upper case;
 * `_` becomes `-` (`en_us` → `en-US`, `zh-hans` → `zh-Hans`).
 * @returns the tag, or null when it is not BCP-47-ish.
 */
export function normalizeLanguageTag(value: string): string | null {
  const text = value.trim();
  if (!TAG_PATTERN.test(text)) return null;
  const [language = "", ...rest] = text.split(/[-_]/);
  const subtags = rest.map((subtag) => {
    if (/^[A-Za-z]{4}$/.test(subtag)) return subtag[0]?.toUpperCase() + subtag.slice(1).toLowerCase();
    if (/^[A-Za-z]{2}$/.test(subtag)) return subtag.toUpperCase();
    return subtag.toLowerCase();
  });
  return [language.toLowerCase(), ...subtags].join("-");
}

/** True when two tags name the same language exactly (case-insensitive, legacy aliases of the primary subtag). */
export function sameLanguage(a: string, b: string): boolean {
  const x = a.toLowerCase().replace(/_/g, "-");
  const y = b.toLowerCase().replace(/_/g, "-");
  if (x === y) return true;
  const [xl, ...xr] = x.split("-");
  const [yl, ...yr] = y.split("-");
  return xr.join("-") === yr.join("-") && xl !== undefined && LEGACY_ALIASES[xl] === yl;
}

/**
 * RFC 4647 basic filtering: the `range` matches a `tag` equal to it or starting with it followed by `-`.
 * So `en` matches `en-GB` and `en-US`, `zh-Hans` matches `zh-Hans-CN`, but `en-GB` does **not** match `en`
 * (a more specific request is never served by a more general track). Case-insensitive; legacy aliases apply.
 */
export function languageRangeMatches(range: string, tag: string): boolean {
  if (sameLanguage(range, tag)) return true;
  const r = range.toLowerCase().replace(/_/g, "-");
  const t = tag.toLowerCase().replace(/_/g, "-");
  if (t.startsWith(`${r}-`)) return true;
  const [rl, ...rr] = r.split("-");
  const alias = rl === undefined ? undefined : LEGACY_ALIASES[rl];
  return alias !== undefined && t.startsWith(`${[alias, ...rr].join("-")}-`);
}

/**
 * Zod parameter `language`: optional BCP-47-ish tag, output in canonical casing ({@link normalizeLanguageTag}).
 * Errors: 400 `invalid_parameter` on anything else ("english", "e", "en--US").
 */
export const languageParam = z
  .string()
  .max(35)
  .transform((value, ctx) => {
    const tag = normalizeLanguageTag(value);
    if (tag !== null) return tag;
    failWith(ctx, "invalid_parameter", "language must be a language code such as en, de or pt-BR");
    return z.NEVER;
  })
  .optional();

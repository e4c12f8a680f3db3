import { collapseWhitespace } from "@sda/text";
import * as cheerio from "cheerio";
import type { z } from "zod";
import type { searchResult, suggestion } from "../spec/shapes.ts";
import { idOf, objectOf, objectsOf, stringOf } from "./values.ts";

/** A search result (see the `MusicsiteSearchResult` shape). */
export type SearchResult = z.output<typeof searchResult>;
/** A suggestion (see the `MusicsiteSuggestion` shape). */
export type Suggestion = z.output<typeof suggestion>;

/** Bandcamp's result kinds: `b` (band: an artist or a label), `a` (album), `t` (track). */
const KINDS: Readonly<Record<string, SearchResult["type"]>> = { b: "artist", a: "album", t: "track" };

/** A URL without its query and fragment (search links carry tracking parameters), or null when unreadable. */
function plainUrl(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return `${url.origin}${url.pathname === "/" ? "" : url.pathname}`;
  } catch {
    return null;
  }
}

/** The text of an element without its label (`genre: Electronic` → `Electronic`), squished; null when empty. */
function labelled(text: string, label?: string): string | null {
  const value = collapseWhitespace(text);
  const prefix = `${label}:`;
  const unlabelled =
    label && value.toLowerCase().startsWith(prefix) ? value.slice(prefix.length).trim() : value;
  return unlabelled === "" ? null : unlabelled;
}

/**
 * Reads a page of `GET https://bandcamp.com/search?q=&page=` (HTML): each `li.searchresult` with its `data-search`
 * `{type, id}` and its `.heading`, `.itemurl` (the plain URL), `.subhead`, `.genre`, `.tags` and image; results of
 * other kinds (fans) are skipped.
 * @returns the results in page order, and whether the pager links a next page.
 */
export function readSearchPage(html: string): { results: SearchResult[]; hasNext: boolean } {
  const $ = cheerio.load(html);
  const results: SearchResult[] = [];
  $("li.searchresult").each((_, element) => {
    const item = $(element);
    let data: Record<string, unknown> | null = null;
    try {
      data = objectOf(JSON.parse(item.attr("data-search") ?? ""));
    } catch {
      return;
    }
    const type = KINDS[String(data?.type)];
    const id = idOf(data?.id);
    if (!type || id === null) return;
    const itemUrl = item.find(".itemurl").first();
    const tags = labelled(item.find(".tags").first().text(), "tags");
    results.push({
      type,
      id,
      title: collapseWhitespace(item.find(".heading").first().text()),
      url: plainUrl(itemUrl.text()) ?? plainUrl(itemUrl.find("a").attr("href")),
      imageUrl: stringOf(item.find(".art img").first().attr("src"), true),
      subhead: labelled(item.find(".subhead").first().text()),
      genre: labelled(item.find(".genre").first().text(), "genre"),
      tags: tags
        ? tags
            .split(",")
            .map((t) => t.trim())
            .filter((t) => t !== "")
        : [],
    });
  });
  return { results, hasNext: $(".pager a.next").length > 0 };
}

/**
 * Reads the autocomplete answer (`POST /api/bcsearch_public_api/1/autocomplete_elastic`): `auto.results[]` of types
 * `b` / `a` / `t` with `item_url_path` (a release) or `item_url_root` (an artist), `band_id` / `band_name` (a band's
 * own id and name for an artist), `img`, `genre_name`, `tag_names`.
 */
export function readSuggestions(value: unknown): Suggestion[] {
  const results = objectsOf(objectOf(objectOf(value)?.auto)?.results);
  return results.flatMap((raw) => {
    const type = KINDS[String(raw.type)];
    const id = idOf(raw.id);
    if (!type || id === null) return [];
    const isBand = type === "artist";
    const tags = Array.isArray(raw.tag_names)
      ? raw.tag_names.filter((t): t is string => typeof t === "string")
      : [];
    return [
      {
        type,
        id,
        name: stringOf(raw.name) ?? "",
        url: stringOf(raw.item_url_path, true) ?? stringOf(raw.item_url_root, true),
        bandId: idOf(raw.band_id) ?? (isBand ? id : null),
        bandName: stringOf(raw.band_name, true) ?? (isBand ? stringOf(raw.name, true) : null),
        imageUrl: stringOf(raw.img, true),
        genre: stringOf(raw.genre_name, true),
        tags,
      },
    ];
  });
}

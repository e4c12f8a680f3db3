import { failWith } from "@sda/contract";
import { z } from "zod";
import { type AudioRef, parseAudioRef, type ResourceKind } from "./ref.ts";

/**
 * The parameters of the audiosite specs (`spec/<op>.ts` holds each operation's params); no extraction code, so the
 * gateway can use them alone.
 */

/**
 * `url` of an operation that reads one kind of resource: a link, short link or urn (see `parseAudioRef`). Refused with
 * 400 `invalid_url` (another host, a site page, a bad urn) or 400 `url_kind_mismatch` (`details.kind`: the kind the
 * link names, `details.expected`) before any upstream call. A short link's kind is known only once it is read: the
 * handler checks it then.
 */
export function audioUrlParam(expected: ResourceKind) {
  return z
    .string()
    .max(2048)
    .transform((value, ctx): AudioRef => {
      const read = parseAudioRef(value);
      if ("invalid" in read) {
        failWith(ctx, "invalid_url", read.invalid);
        return z.NEVER;
      }
      const ref = read.ok;
      if (ref.kind !== null && ref.kind !== expected) {
        failWith(ctx, "url_kind_mismatch", `url names a ${ref.kind}; this operation reads a ${expected}`, {
          kind: ref.kind,
          expected,
        });
        return z.NEVER;
      }
      return ref;
    });
}

/** `q` of a search: trimmed, 2 to 200 characters (400 `invalid_parameter` otherwise). */
export const searchQueryParam = z
  .string()
  .transform((v) => v.trim())
  .pipe(z.string().min(2, "q needs at least 2 characters").max(200, "q is at most 200 characters"));

/** `q` of search suggestions: trimmed, 1 to 200 characters. */
export const suggestionQueryParam = z
  .string()
  .transform((v) => v.trim())
  .pipe(z.string().min(1, "q is empty").max(200, "q is at most 200 characters"));

/** `type` of a search: every kind (`/search`) or one (`/search/tracks`, `/search/users`, `/search/playlists`). */
export const SEARCH_TYPES = ["all", "tracks", "users", "playlists"] as const;
/** `type` parameter, default `all`. */
export const searchTypeParam = z.enum(SEARCH_TYPES).default("all");

/** `kind` of a chart: the trending chart (the only one recorded; `top` is api-v2's other kind). */
export const CHART_KINDS = ["trending", "top"] as const;
/** `kind` parameter, default `trending`. */
export const chartKindParam = z.enum(CHART_KINDS).default("trending");

/** `genre` of a chart: a genre slug (`all-music`, `hiphoprap`, …), sent as `soundcloud:genres:<slug>`. */
export const chartGenreParam = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9&+_-]{1,64}$/, "genre is a genre slug such as all-music")
  .default("all-music");

/** `region` of a chart: an ISO 3166-1 alpha-2 code, sent as `soundcloud:regions:<CODE>`; absent: worldwide. */
export const chartRegionParam = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, "region is an ISO 3166-1 alpha-2 country code such as GB")
  .optional();

/** `language` of a transcript: a BCP-47-ish tag (`en`, `de`, `pt-BR`), kept with the primary subtag lower-cased. */
export const languageParam = z
  .string()
  .trim()
  .regex(
    /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}$/,
    "language must be a language code such as en, de or pt-BR",
  )
  .transform((tag) => {
    const [primary = "", ...rest] = tag.split("-");
    return [primary.toLowerCase(), ...rest.map((s) => (s.length === 2 ? s.toUpperCase() : s))].join("-");
  })
  .optional();

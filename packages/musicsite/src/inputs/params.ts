import { enumParam, failWith, intParam } from "@sda/core";
import { z } from "zod";
import { type BandcampLink, type LinkKind, parseBandcampLink } from "./links.ts";

/**
 * The parameters of the musicsite specs (`spec/<op>.ts` holds each operation's params); no extraction code, so the
 * gateway can use them alone. Every refusal happens here, before any upstream call (never billed).
 */

/**
 * `url` of an operation reading `accepted` kinds of page (see `parseBandcampLink`): 400 `invalid_url` for a link that
 * is no Bandcamp artist or release page, 400 `url_kind_mismatch` (`details.kind`, `details.expected`) for another kind.
 */
export function bandcampUrlParam(accepted: readonly LinkKind[]) {
  return z
    .string()
    .max(2048)
    .transform((value, ctx): BandcampLink => {
      const read = parseBandcampLink(value);
      if ("invalid" in read) {
        failWith(ctx, "invalid_url", read.invalid);
        return z.NEVER;
      }
      if (!accepted.includes(read.ok.kind)) {
        const expected = accepted.join(" or ");
        failWith(
          ctx,
          "url_kind_mismatch",
          `url names ${read.ok.kind === "artist" ? "an" : "a"} ${read.ok.kind} page; this operation reads ${expected} pages`,
          {
            kind: read.ok.kind,
            expected,
          },
        );
        return z.NEVER;
      }
      return read.ok;
    });
}

/**
 * A Bandcamp numeric id (`band_id`, `tralbum_id`): 1 to 20 decimal digits, kept as a string (band ids pass 2^32:
 * 3826445168); anything else is 400 `invalid_parameter`.
 */
export const numericIdParam = z
  .string()
  .trim()
  .regex(/^\d{1,20}$/, "must be a Bandcamp numeric id (digits)");

/** `type` of a release named by ids: `album` or `track` (400 `invalid_enum_value` otherwise). */
export const releaseTypeParam = enumParam(["album", "track"] as const);

/** `q` of a search: trimmed, 1 to 200 characters. */
export const queryParam = z
  .string()
  .transform((v) => v.trim())
  .pipe(z.string().min(1, "q is empty").max(200, "q is at most 200 characters"));

/** `page` of a search: 1 (the first) to 100. */
export const pageParam = intParam({ default: 1, min: 1, max: 100 });

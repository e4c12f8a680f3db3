import { enumParam, failWith, intParam } from "@sda/contract";
import { z } from "zod";
import { type BandcampLink, parseBandcampLink } from "./links.ts";

/**
 * The parameters of the musicsite specs (`spec/<op>.ts` holds each operation's params); no extraction code, so the
 * gateway can use them alone. Every refusal happens here, before any upstream call (never billed).
 */

/**
 * `url` of an artist's or a release's page (see `parseBandcampLink`): 400 `invalid_url` for what is no link or a
 * malformed or non-artist Bandcamp link, 422 `unsupported_url` for a host that cannot be an artist's (an IP, a bare
 * name). Which kind the page is, only the page tells (an artist with one release answers with it; a custom domain is
 * known only by its pages), so the handlers check the kind on the page read.
 */
export const bandcampUrlParam = z
  .string()
  .max(2048)
  .transform((value, ctx): BandcampLink => {
    const read = parseBandcampLink(value);
    if ("invalid" in read) {
      failWith(ctx, "invalid_url", read.invalid);
      return z.NEVER;
    }
    if ("unsupported" in read) {
      failWith(ctx, "unsupported_url", read.unsupported);
      return z.NEVER;
    }
    return read.ok;
  });

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

import { failWith } from "@sda/contract";
import { parseUserUrl } from "@sda/text";
import { z } from "zod";
import { DIGITS } from "./params.ts";

/**
 * Ad Library links as callers paste them: `https://www.facebook.com/ads/library/?id=<Library ID>` (one ad) and
 * `https://www.facebook.com/ads/library/?…&view_all_page_id=<page id>` (an advertiser's ads). Accepted: any scheme-less
 * or `http(s)` form on `facebook.com` and its `www.`, `m.`, `web.` and `business.` hosts, path `/ads/library` with or
 * without the trailing slash. A link of the other kind, of another page of Facebook or of another site is 400
 * `invalid_url`. Only the id is read from a link: its other parameters (`country`, `active_status`, …) are the
 * call's own parameters.
 */

const HOSTS = new Set([
  "facebook.com",
  "www.facebook.com",
  "m.facebook.com",
  "web.facebook.com",
  "business.facebook.com",
]);

/** What an Ad Library link names. */
export interface LibraryLink {
  /** `id` (one ad) or `view_all_page_id` (an advertiser), digits. */
  id: string;
}

/**
 * Reads an Ad Library link naming one ad (`kind: "ad"`, its `id`) or one advertiser (`kind: "advertiser"`, its
 * `view_all_page_id`).
 * @returns the link's id, or null when `input` is not such a link.
 */
export function parseLibraryLink(input: string, kind: "ad" | "advertiser"): LibraryLink | null {
  const url = parseUserUrl(input.trim());
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) return null;
  if (!HOSTS.has(url.hostname.toLowerCase())) return null;
  if (url.pathname.replace(/\/$/, "").toLowerCase() !== "/ads/library") return null;
  const id = url.searchParams.get(kind === "ad" ? "id" : "view_all_page_id");
  if (!id || !DIGITS.test(id)) return null;
  return { id };
}

/** True when `input` is a link on one of Facebook's hosts (whatever its path). */
function isFacebookLink(input: string): boolean {
  const url = parseUserUrl(input.trim());
  return url !== null && HOSTS.has(url.hostname.toLowerCase());
}

/**
 * A `url` parameter holding an Ad Library link of `kind`: another site's link is 422 `unsupported_url` (the service's
 * code for a link of another platform), a Facebook link that is not an Ad Library link of this kind is 400
 * `invalid_url`.
 */
export const libraryLinkParam = (kind: "ad" | "advertiser") =>
  z
    .string()
    .max(4096)
    .transform((value, ctx) => {
      const link = parseLibraryLink(value, kind);
      if (link) return link;
      const example =
        kind === "ad"
          ? "https://www.facebook.com/ads/library/?id=<digits>"
          : "https://www.facebook.com/ads/library/?view_all_page_id=<digits>";
      if (isFacebookLink(value))
        failWith(ctx, "invalid_url", `url must be an Ad Library link of the form ${example}`);
      else failWith(ctx, "unsupported_url", `url is not a Meta Ad Library link (${example})`);
      return z.NEVER;
    });

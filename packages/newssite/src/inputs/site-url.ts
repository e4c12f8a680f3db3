import { failWith } from "@sda/contract";
import { z } from "zod";

/**
 * Reading the `url` parameters: the outcome of a parse, and the site's URLs. The site is `news.ycombinator.com`
 * (also written without `news.`, with `www.`, or without a scheme); its pages name an item or user by `?id=`.
 */

/** Result of reading a parameter: a value, a URL of another site or page kind (422), or an unreadable value (400). */
export type InputParse<T> =
  | { kind: "ok"; value: T }
  | { kind: "unsupported"; message: string }
  | { kind: "invalid"; message: string };

const SITE_HOSTS = new Set(["news.ycombinator.com", "ycombinator.com", "www.ycombinator.com"]);

/** A page of the site: its path (lower case, no trailing slash) and its `id` query parameter. */
interface SitePage {
  path: string;
  id: string | null;
}

/**
 * Reads a URL of the site.
 * @returns the page; `unsupported` for another host; `invalid` when the value is not a URL.
 */
export function readSiteUrl(value: string): InputParse<SitePage> {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return { kind: "invalid", message: "url is neither a URL nor an id" };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    return { kind: "invalid", message: "url must be an http(s) URL" };
  const host = url.hostname.toLowerCase();
  if (!SITE_HOSTS.has(host))
    return {
      kind: "unsupported",
      message: `url must be a newssite (news.ycombinator.com) URL; ${host} is not supported`,
    };
  return {
    kind: "ok",
    value: { path: url.pathname.toLowerCase().replace(/\/+$/, "") || "/", id: url.searchParams.get("id") },
  };
}

/**
 * A zod string parameter read by `parse`: its value, or the parse's problem as 400 `invalid_parameter` or 422
 * `unsupported_url` (400 `missing_parameter` when absent).
 */
export function refParam<T>(parse: (input: string) => InputParse<T>) {
  return z
    .string()
    .max(2048)
    .transform((value, ctx): T => {
      const parsed = parse(value);
      if (parsed.kind === "ok") return parsed.value;
      failWith(ctx, parsed.kind === "invalid" ? "invalid_parameter" : "unsupported_url", parsed.message);
      return z.NEVER;
    });
}

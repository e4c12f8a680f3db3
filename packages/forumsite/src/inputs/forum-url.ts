/**
 * URL reading for the `url` parameters: accepts scheme-less input (`reddit.com/r/x`) and tells the
 * platform's own hosts from others.
 */

import { parseUserUrl } from "@sda/text";

/** Which of the platform's hosts a URL is on: the site (`reddit.com` and its subdomains), `redd.it` short links, or a
 * media host (`i.redd.it`, `v.redd.it`, `preview.redd.it`), which serves files rather than pages. */
export type ForumHost = "site" | "short" | "media";

/** The http(s) URL of `input` when it looks like one (with or without a scheme), else null. */
export function toUrl(input: string): URL | null {
  const url = parseUserUrl(input);
  return url && (url.protocol === "https:" || url.protocol === "http:") ? url : null;
}

/** The platform host kind of `url`, or null for another site. */
export function forumHost(url: URL): ForumHost | null {
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (host === "reddit.com" || host.endsWith(".reddit.com")) return "site";
  if (host === "redd.it" || host === "www.redd.it") return "short";
  if (host.endsWith(".redd.it") || host.endsWith(".redditmedia.com")) return "media";
  return null;
}

/** Non-empty path segments, decoded. */
export function pathSegments(url: URL): string[] {
  return url.pathname
    .split("/")
    .filter(Boolean)
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    });
}

/** Outcome of reading a `url` parameter: the value, a 400 (`invalid`) or a 422 (`unsupported`) with a message. */
export type UrlParse<T> =
  | { kind: "ok"; value: T }
  | { kind: "invalid"; message: string }
  | { kind: "unsupported"; message: string };

/**
 * Reading Bandcamp links (no I/O, no extraction code: the specs use it). An artist or label is named by its host:
 * `<artist>.bandcamp.com` or a custom domain the artist chose (`lobstertheremin.com`, `diskak.usopop.com`), so any
 * public DNS name is accepted here; the address it resolves to is judged by the upstream client's SSRF guard on every
 * live request (the platform's `callerHosts`). Its pages: `/`, `/music`, `/releases` (the artist), `/album/<slug>` and
 * `/track/<slug>` (a release).
 */

/** What a link names. */
export type LinkKind = "artist" | "album" | "track";

/** A Bandcamp page named by a link, normalised. */
export interface BandcampLink {
  kind: LinkKind;
  /** The host as given, lower case, without a trailing dot (the replay and Bandcamp name the artist by it). */
  host: string;
  /**
   * The path to request: `/album/<slug>`, `/track/<slug>`, or for an artist the page given (`/`, `/music`,
   * `/releases`, a trailing slash kept), `/` for any other page of the artist's site.
   */
  path: string;
  /** The release's slug (null for an artist link). */
  slug: string | null;
  /** `https://<host><path>`. */
  url: string;
  /** True for a `*.bandcamp.com` host, false for a custom domain. */
  bandcampHost: boolean;
}

/**
 * The outcome of reading a link: the page; why a Bandcamp link (or what is no link at all) is refused (400
 * `invalid_url`); or why it cannot be an artist's host (422 `unsupported_url`: an IP, a bare name), which tells a
 * link of another site from a malformed Bandcamp one.
 */
export type LinkParse = { ok: BandcampLink } | { invalid: string } | { unsupported: string };

/** Hosts of Bandcamp itself whose pages are not an artist's (the storefront, its magazine, its image and audio CDN). */
const NOT_ARTIST_HOSTS = new Set([
  "bandcamp.com",
  "www.bandcamp.com",
  "daily.bandcamp.com",
  "blog.bandcamp.com",
  "get.bandcamp.help",
]);

/** One DNS label: letters, digits and inner hyphens, 1–63 characters. */
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
/** A top-level label: letters, or an IDNA A-label (`xn--…`). */
const TOP_LABEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** Why `host` cannot be an artist's host, or null: a public-looking DNS name of two labels or more, not an IP. */
function hostReason(host: string): string | null {
  if (host.length > 253) return "the host name is too long";
  if (host.startsWith("[") || /^[\d.]+$/.test(host)) return "an artist's host is a name, not an IP address";
  const labels = host.split(".");
  if (labels.length < 2) return `${host} is not a public host name`;
  if (!labels.every((label) => LABEL.test(label)) || !TOP_LABEL.test(labels.at(-1) ?? ""))
    return `${host} is not a valid host name`;
  return null;
}

/** True for Bandcamp's own hosts (`bandcamp.com` and its subdomains, the `bcbits.com` CDN). */
export function isBandcampHost(host: string): boolean {
  return host === "bandcamp.com" || host.endsWith(".bandcamp.com") || host.endsWith(".bcbits.com");
}

/** The artist pages whose path is requested as given (the recordings are keyed by path). */
const ARTIST_PAGES = new Set(["/", "/music", "/music/", "/releases", "/releases/"]);

/** First path segments of a Bandcamp site's own pages, besides `/album/…` and `/track/…` (custom domains included). */
const CUSTOM_DOMAIN_PAGES = new Set(["music", "releases", "merch", "community"]);

/**
 * Reads a Bandcamp link: `https://<artist>.bandcamp.com/…` or a custom domain, with or without scheme (`http` is read
 * as `https`: Bandcamp serves https only); query and fragment are dropped, repeated slashes collapse
 * (`//track/x` is `/track/x`).
 * @returns the page; `invalid` with the reason (not a URL, another scheme, credentials or a port, a Bandcamp page that
 *   is no artist's, a release path without a slug); `unsupported` for a host that cannot be an artist's (an IP, a
 *   bare name).
 */
export function parseBandcampLink(value: string): LinkParse {
  const trimmed = value.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return { invalid: "url is not a URL" };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    return { invalid: "url must be an https link to a Bandcamp page" };
  if (url.username !== "" || url.password !== "") return { invalid: "url must not carry credentials" };
  if (url.port !== "") return { invalid: "url must not name a port" };
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  const reason = hostReason(host);
  if (reason)
    return isBandcampHost(host)
      ? { invalid: reason }
      : { unsupported: `url is not a Bandcamp link: ${reason}` };
  if (NOT_ARTIST_HOSTS.has(host) || host.endsWith(".bcbits.com"))
    return {
      invalid: `${host} is not an artist's page (give <artist>.bandcamp.com or the artist's own domain)`,
    };
  const path = url.pathname.replace(/\/{2,}/g, "/");
  const segments = path.split("/").filter((s) => s !== "");
  const bandcampHost = host.endsWith(".bandcamp.com");
  const head = segments[0]?.toLowerCase();
  if (head === "album" || head === "track") {
    const slug = segments[1];
    if (slug === undefined || segments.length > 2)
      return { invalid: `url names no ${head}: expected /${head}/<name>` };
    const releasePath = `/${head}/${slug}`;
    return {
      ok: { kind: head, host, path: releasePath, slug, url: `https://${host}${releasePath}`, bandcampHost },
    };
  }
  // A custom domain is any site's until its path is a Bandcamp page's: other paths there (`/@user/video/1`) are no
  // Bandcamp link, so another platform's URL is never read as an artist's (History's and resolve's URL lookups).
  if (!bandcampHost && head !== undefined && !CUSTOM_DOMAIN_PAGES.has(head))
    return {
      unsupported: `url is not a Bandcamp link: on ${host}, an artist's page is /, /music, /releases, /merch or /community`,
    };
  const artistPath = ARTIST_PAGES.has(path.toLowerCase()) ? path.toLowerCase() : "/";
  return {
    ok: {
      kind: "artist",
      host,
      path: artistPath,
      slug: null,
      url: `https://${host}${artistPath}`,
      bandcampHost,
    },
  };
}

/**
 * What a caller may paste for a SoundCloud user, track or playlist, read into what api-v2 takes (light on purpose:
 * the gateway bundles this with the params). Accepted: a `soundcloud.com` link (`http`/`https` or no scheme,
 * `www.`/`m.`, any `?query` or `#t=…` dropped), a user tab link (`/<user>/sets`, `/tracks`, `/likes`, `/albums`, …
 * names the user), a track tab link (`/<user>/<track>/comments`, …), a short link `on.soundcloud.com/<code>`, or a
 * urn `soundcloud:users:<id>`, `soundcloud:tracks:<id>`, `soundcloud:playlists:<id>`.
 */

/** The three kinds of resource a link names (api-v2's `kind`). */
export type ResourceKind = "user" | "track" | "playlist";

/** A resource named by its canonical link, its numeric id, or a short link whose target is read at run time. */
export type AudioRef =
  | {
      by: "url";
      kind: ResourceKind;
      url: string;
      /** For a user tab link (`/<user>/sets`): the user's own link, resolved when the tab link is not found. */
      fallback?: string;
    }
  | { by: "id"; kind: ResourceKind; id: string }
  | { by: "short"; kind: null; url: string };

/** Result of reading an input: a reference, or why it is refused (400 `invalid_url`). */
export type ReadRef = { ok: AudioRef } | { invalid: string };

const SITE_HOSTS = new Set(["soundcloud.com", "www.soundcloud.com", "m.soundcloud.com"]);
const SHORT_HOST = "on.soundcloud.com";
const URN = /^soundcloud:(users|tracks|playlists):(\d{1,20})$/;
const URN_KINDS = { users: "user", tracks: "track", playlists: "playlist" } as const;
// A permalink slug: letters, digits, `-` and `_` (SoundCloud's own rule for profile and track URLs).
const SLUG = /^[a-z0-9_-]{1,255}$/;
const SECRET = /^s-[A-Za-z0-9]{1,64}$/;
const SHORT_CODE = /^[A-Za-z0-9_-]{1,64}$/;
/** Tabs of a user page: the link still names the user. */
const USER_TABS = new Set([
  "tracks",
  "sets",
  "albums",
  "likes",
  "reposts",
  "followers",
  "following",
  "popular-tracks",
  "comments",
  "spotlight",
  "toptracks",
]);
/** Tabs of a track page: the link still names the track. */
const TRACK_TABS = new Set(["comments", "likes", "reposts", "sets", "albums", "recommended"]);
/** First path segments that are pages of the site, not users. */
const SITE_PAGES = new Set([
  "discover",
  "search",
  "charts",
  "stream",
  "feed",
  "you",
  "upload",
  "settings",
  "messages",
  "notifications",
  "pages",
  "jobs",
  "mobile",
  "tags",
  "people",
  "groups",
  "stations",
  "terms-of-use",
  "imprint",
  "signin",
  "logout",
  "pro",
  "premium",
  "artists",
  "connect",
]);

/** `https://soundcloud.com/<segments>`: the canonical link api-v2's resolve is asked with. */
const canonical = (segments: readonly string[]) => `https://soundcloud.com/${segments.join("/")}`;

/** The path segments of a link, percent-decoded; null when one cannot be decoded. */
function segmentsOf(url: URL): string[] | null {
  const out: string[] = [];
  for (const part of url.pathname.split("/")) {
    if (!part) continue;
    try {
      out.push(decodeURIComponent(part));
    } catch {
      return null;
    }
  }
  return out;
}

/** Reads the path of a `soundcloud.com` link (see the module comment). */
function readSitePath(parts: readonly string[]): ReadRef {
  const [user, second, third, fourth] = parts.map((p, i) =>
    i === 3 || SECRET.test(p) ? p : p.toLowerCase(),
  );
  if (!user) return { invalid: "url is the soundcloud.com home page, not a user, track or playlist" };
  if (!SLUG.test(user) || SITE_PAGES.has(user))
    return { invalid: `url is a soundcloud.com page (${user}), not a user, track or playlist` };
  if (parts.length > 4) return { invalid: "url has more path segments than a SoundCloud resource" };
  if (second === undefined) return { ok: { by: "url", kind: "user", url: canonical([user]) } };
  // A tab link resolves to its user (corpus README: `/liluzivert/sets`); the bare link is the fallback.
  if (USER_TABS.has(second) && third === undefined)
    return { ok: { by: "url", kind: "user", url: canonical([user, second]), fallback: canonical([user]) } };
  if (second === "sets") {
    if (!third || !SLUG.test(third)) return { invalid: "url is not a SoundCloud playlist link" };
    if (fourth !== undefined && !SECRET.test(fourth))
      return { invalid: "url is not a SoundCloud playlist link" };
    return {
      ok: { by: "url", kind: "playlist", url: canonical([user, "sets", third, ...(fourth ? [fourth] : [])]) },
    };
  }
  if (!second || !SLUG.test(second) || fourth !== undefined) {
    if (second && SLUG.test(second) && third && SECRET.test(third) && fourth && TRACK_TABS.has(fourth))
      return { ok: { by: "url", kind: "track", url: canonical([user, second, third]) } };
    return { invalid: "url is not a SoundCloud user, track or playlist link" };
  }
  if (third === undefined || TRACK_TABS.has(third))
    return { ok: { by: "url", kind: "track", url: canonical([user, second]) } };
  if (SECRET.test(third)) return { ok: { by: "url", kind: "track", url: canonical([user, second, third]) } };
  return { invalid: "url is not a SoundCloud user, track or playlist link" };
}

/**
 * Reads a SoundCloud link, short link or urn (see the module comment).
 * @returns the reference, or `invalid` (→ 400 `invalid_url`) for another host, a site page or a malformed urn.
 */
export function parseAudioRef(input: string): ReadRef {
  const value = input.trim();
  if (!value) return { invalid: "url is empty" };
  if (value.toLowerCase().startsWith("soundcloud:")) {
    const match = URN.exec(value);
    if (!match?.[1] || !match[2] || /^0+$/.test(match[2]))
      return { invalid: "url is not a urn soundcloud:users|tracks|playlists:<numeric id>" };
    return {
      ok: { by: "id", kind: URN_KINDS[match[1] as keyof typeof URN_KINDS], id: match[2].replace(/^0+/, "") },
    };
  }
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`);
  } catch {
    return { invalid: "url is neither a soundcloud.com link nor a soundcloud: urn" };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    return { invalid: "url must be an http(s) soundcloud.com link or a soundcloud: urn" };
  if (url.username || url.password || (url.port && url.port !== "80" && url.port !== "443"))
    return { invalid: "url must be a plain soundcloud.com link" };
  const host = url.hostname.toLowerCase();
  const parts = segmentsOf(url);
  if (!parts) return { invalid: "url has a path that cannot be decoded" };
  if (host === SHORT_HOST) {
    const [code, ...rest] = parts;
    if (!code || rest.length > 0 || !SHORT_CODE.test(code))
      return { invalid: "url is not an on.soundcloud.com short link" };
    return { ok: { by: "short", kind: null, url: `https://${SHORT_HOST}/${code}` } };
  }
  if (!SITE_HOSTS.has(host))
    return { invalid: `url must be a soundcloud.com link; ${host} is not SoundCloud` };
  return readSitePath(parts);
}

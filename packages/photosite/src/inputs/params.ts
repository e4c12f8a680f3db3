import { failWith } from "@sda/contract";
import { parseUserUrl } from "@sda/text";
import { z } from "zod";
import { WEB_ORIGIN } from "../client/config.ts";
import {
  MEDIA_ID_MAX_DIGITS,
  mediaIdToShortcode,
  SHORTCODE_PATTERN,
  shortcodeToMediaId,
} from "./shortcode.ts";

/**
 * The identifying parameters of the photosite operations (`url`, `userId`, `audioId`, `id`, `q`), parsed once here.
 * A URL of another platform, or a photosite URL of the wrong kind of page, is 422 `unsupported_url`; anything that is
 * not a URL or id at all is 400 `invalid_parameter`.
 */

/** A username of the platform: 1–30 letters, digits, `.` and `_`. */
const USERNAME_PATTERN = /^[A-Za-z0-9._]{1,30}$/;
/** A numeric id (user pk, audio cluster id, highlight id). */
const NUMERIC_ID = /^\d{1,25}$/;
/** First path segments of the platform that are not profiles. */
const NON_PROFILE_SEGMENTS = new Set([
  "p",
  "reel",
  "reels",
  "tv",
  "explore",
  "stories",
  "accounts",
  "direct",
  "about",
  "legal",
  "developer",
  "web",
  "api",
  "graphql",
  "oauth",
  "challenge",
]);
const POST_SEGMENTS = new Set(["p", "reel", "reels", "tv"]);

type Parse<T> =
  | { ok: true; value: T }
  | { ok: false; code: "invalid_parameter" | "unsupported_url"; message: string };

function isPlatformHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  return host === "instagram.com" || host.endsWith(".instagram.com") || host === "instagr.am";
}

/** Path segments of a platform URL, or a failure for a URL of another platform or scheme. */
function platformSegments(url: URL): Parse<string[]> {
  if (url.protocol !== "https:" && url.protocol !== "http:")
    return {
      ok: false,
      code: "invalid_parameter",
      message: `url must be an http(s) URL, not ${url.protocol}`,
    };
  if (!isPlatformHost(url.hostname))
    return { ok: false, code: "unsupported_url", message: `${url.hostname} is not a photosite URL` };
  const segments: string[] = [];
  for (const segment of url.pathname.split("/").filter(Boolean)) {
    // A malformed escape (`%E0%A4`, a lone `%`) is the caller's mistake: 400, never a thrown URIError.
    const decoded = decodeSegment(segment);
    if (decoded === null)
      return {
        ok: false,
        code: "invalid_parameter",
        message: "url has a malformed percent-escape in its path",
      };
    segments.push(decoded);
  }
  return { ok: true, value: segments };
}

/** `decodeURIComponent` of one path segment, or null when its percent-escapes are not valid UTF-8. */
function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** A profile given as a URL or handle. */
export interface ProfileRef {
  username: string;
  /** `https://www.instagram.com/<username>/`. */
  url: string;
}

/** Canonical profile URL of a username. */
export function profileUrl(username: string): string {
  return `${WEB_ORIGIN}/${username}/`;
}

/**
 * Parses a profile: `https://www.instagram.com/<username>/` (any subpage such as `/reels/` or `/tagged/`), `@handle`
 * or a bare username. Usernames are case-insensitive on the platform and returned lower-cased.
 */
export function parseProfile(input: string): Parse<ProfileRef> {
  const text = input.trim();
  const handle = text.startsWith("@") ? text.slice(1) : text;
  if (USERNAME_PATTERN.test(handle) && !handle.includes("..") && !/^\d+$/.test(handle))
    return { ok: true, value: { username: handle.toLowerCase(), url: profileUrl(handle.toLowerCase()) } };
  const url = parseUserUrl(text);
  if (!url)
    return { ok: false, code: "invalid_parameter", message: "url is neither a profile URL nor a handle" };
  const segments = platformSegments(url);
  if (!segments.ok) return segments;
  const first = segments.value[0];
  if (first === undefined || NON_PROFILE_SEGMENTS.has(first.toLowerCase()))
    return { ok: false, code: "unsupported_url", message: "url is a photosite URL but not of a profile" };
  if (!USERNAME_PATTERN.test(first))
    return { ok: false, code: "invalid_parameter", message: `${first} is not a valid username` };
  const username = first.toLowerCase();
  return { ok: true, value: { username, url: profileUrl(username) } };
}

/** A post, reel or carousel given as a URL, shortcode or media id. */
export interface PostRef {
  shortcode: string;
  /** The media id (`pk`) computed from the shortcode. */
  mediaId: string;
  /** `https://www.instagram.com/p/<shortcode>/`. */
  url: string;
}

/** Canonical post URL of a shortcode (the platform redirects `/reel/` and `/tv/` URLs to the same page). */
export function postUrl(shortcode: string): string {
  return `${WEB_ORIGIN}/p/${shortcode}/`;
}

function postRef(shortcode: string): PostRef {
  return { shortcode, mediaId: shortcodeToMediaId(shortcode), url: postUrl(shortcode) };
}

/**
 * Parses a post: `/p/<code>/`, `/reel/<code>/`, `/reels/<code>/`, `/tv/<code>/`, `/<username>/p/<code>/` on any
 * platform host, a bare shortcode, or a numeric media id (`pk`, or `<pk>_<owner id>`).
 */
export function parsePost(input: string): Parse<PostRef> {
  const text = input.trim();
  const digits = /^(\d{12,})(?:_\d+)?$/.exec(text)?.[1];
  // 21–25 digits passed here and made the shortcode conversion throw, a 500 (issue 21 #4).
  if (digits && digits.length > MEDIA_ID_MAX_DIGITS)
    return {
      ok: false,
      code: "invalid_parameter",
      message: `url: a media id has 12 to ${MEDIA_ID_MAX_DIGITS} digits`,
    };
  if (digits) return { ok: true, value: postRef(mediaIdToShortcode(text)) };
  if (/^[A-Za-z0-9_-]{5,14}$/.test(text) && !text.includes(".")) return { ok: true, value: postRef(text) };
  const url = parseUserUrl(text);
  if (!url)
    return { ok: false, code: "invalid_parameter", message: "url is neither a post URL nor a shortcode" };
  const segments = platformSegments(url);
  if (!segments.ok) return segments;
  const parts = segments.value;
  const index = parts.findIndex((part) => POST_SEGMENTS.has(part.toLowerCase()));
  // `/reels/audio/<id>/` is an audio page, `/reels/` alone the reels feed.
  const code = index >= 0 && index <= 1 ? parts[index + 1] : undefined;
  if (code === undefined || code.toLowerCase() === "audio")
    return {
      ok: false,
      code: "unsupported_url",
      message: "url is a photosite URL but not of a post or reel",
    };
  if (!SHORTCODE_PATTERN.test(code))
    return { ok: false, code: "invalid_parameter", message: `${code} is not a valid shortcode` };
  return { ok: true, value: postRef(code) };
}

/** Parses a numeric id, optionally from a URL whose path ends with `/<segment>/<id>/` (e.g. `/reels/audio/<id>/`). */
export function parseNumericId(input: string, what: string, segment: string): Parse<string> {
  const text = input.trim().replace(/^highlight:/, "");
  if (NUMERIC_ID.test(text)) return { ok: true, value: text };
  const url = parseUserUrl(text);
  if (!url) return { ok: false, code: "invalid_parameter", message: `${what} must be a numeric id` };
  const segments = platformSegments(url);
  if (!segments.ok) return segments;
  const at = segments.value.indexOf(segment);
  const id = at >= 0 ? segments.value[at + 1] : undefined;
  if (id === undefined)
    return { ok: false, code: "unsupported_url", message: `url is not a photosite ${what} URL` };
  if (!NUMERIC_ID.test(id))
    return { ok: false, code: "invalid_parameter", message: `${what} must be numeric` };
  return { ok: true, value: id };
}

/** Parses a hashtag: `#tag`, `tag` or `/explore/tags/<tag>/`; lower-cased, at most 100 characters. */
export function parseHashtag(input: string): Parse<string> {
  const text = input.trim();
  const bare = text.startsWith("#") ? text.slice(1) : text;
  if (/^[\p{L}\p{N}\p{M}_]{1,100}$/u.test(bare)) return { ok: true, value: bare.toLowerCase() };
  const url = parseUserUrl(text);
  if (url) {
    const segments = platformSegments(url);
    if (!segments.ok) return segments;
    const [first, second, tag] = segments.value;
    if (first === "explore" && second === "tags" && tag && /^[\p{L}\p{N}\p{M}_]{1,100}$/u.test(tag))
      return { ok: true, value: tag.toLowerCase() };
    return { ok: false, code: "unsupported_url", message: "url is not a photosite hashtag URL" };
  }
  return {
    ok: false,
    code: "invalid_parameter",
    message: "q must be one hashtag: letters, digits and _ (without spaces)",
  };
}

/** Turns a parser into a zod string parameter whose failures carry the parser's code. */
function param<T>(parse: (input: string) => Parse<T>) {
  return z
    .string()
    .max(2048)
    .transform((value, ctx): T => {
      const parsed = parse(value);
      if (parsed.ok) return parsed.value;
      failWith(ctx, parsed.code, parsed.message);
      return z.NEVER;
    });
}

/** `url` of a profile operation: a profile URL, `@handle` or username → {@link ProfileRef}. */
export const profileParam = param(parseProfile);
/** `url` of a post operation: a post/reel URL, shortcode or media id → {@link PostRef}. */
export const postParam = param(parsePost);
/** `userId`: the numeric user pk. */
export const userIdParam = param((input) => parseNumericId(input, "userId", "-"));
/** `audioId`: an audio cluster id, or an audio page URL `/reels/audio/<id>/`. */
export const audioIdParam = param((input) => parseNumericId(input, "audioId", "audio"));
/** `q` of the hashtag operations. */
export const hashtagParam = param(parseHashtag);

/**
 * Profile operations that accept either `url` (profile URL or handle) or `userId` (skips resolving the handle).
 * At least one is required: 400 `missing_parameter` (`param: "url"`) otherwise. When both are given, `userId` is
 * used for the upstream calls and `url` only for the answer's `username`.
 */
export const profileOrUserIdShape = {
  url: profileParam.optional(),
  userId: userIdParam.optional(),
};

/** Refinement requiring `url` or `userId`. */
export function requireProfileOrUserId(
  value: { url?: unknown; userId?: unknown },
  ctx: z.RefinementCtx,
): void {
  if (value.url === undefined && value.userId === undefined)
    failWith(ctx, "missing_parameter", "url (profile URL or handle) or userId is required", { param: "url" });
}

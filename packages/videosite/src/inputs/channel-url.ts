import { failWith } from "@sda/contract";
import { z } from "zod";

/** A channel id: `UC` and 22 characters of the URL-safe base64 alphabet. */
export const CHANNEL_ID_PATTERN = /^UC[A-Za-z0-9_-]{22}$/;

// Handles: 3–100 letters, digits, `_`, `-`, `.` and `·` (the platform allows non-Latin letters too).
const HANDLE_PATTERN = /^@[\p{L}\p{M}\p{N}._·-]{3,100}$/u;

/** Channel tabs the list operations can read (SPEC §2.10: a URL that names another tab lists that tab). */
export type ChannelTab = "videos" | "shorts" | "streams";

/** How the caller named the channel. */
export type ChannelRef =
  | { kind: "id"; channelId: string }
  | { kind: "handle"; handle: string }
  /** A pre-handle URL resolved by the platform: `/user/<name>`, `/c/<name>` or a bare `/<name>`. */
  | { kind: "legacy"; path: string; user: string | null };

/** The validated `url` parameter of the channel operations. */
export interface ChannelUrl {
  ref: ChannelRef;
  /** The tab the URL names (`/@x/shorts`), or null. */
  tab: ChannelTab | null;
}

const TABS: Record<string, ChannelTab> = { videos: "videos", shorts: "shorts", streams: "streams" };

// First path segments that are platform pages, not channels (`/watch`, `/playlist`, …).
const NON_CHANNEL_PAGES = new Set([
  "watch",
  "shorts",
  "playlist",
  "results",
  "feed",
  "embed",
  "live",
  "hashtag",
  "v",
  "e",
  "redirect",
  "post",
  "source",
  "gaming",
  "premium",
  "account",
  "signin",
  "logout",
]);

type Parse = { kind: "channel"; value: ChannelUrl } | { kind: "invalid" | "unsupported"; message: string };

function toUrl(input: string): URL | null {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(input) ? input : `https://${input}`;
  try {
    return new URL(withScheme);
  } catch {
    return null;
  }
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function fromPath(segments: string[]): Parse {
  const [first = "", second, third] = segments.map(decodeSegment);
  const lower = first.toLowerCase();
  const tabOf = (segment: string | undefined) => (segment ? (TABS[segment.toLowerCase()] ?? null) : null);
  if (lower === "channel") {
    if (!second || !/^[A-Za-z0-9_-]{2,64}$/.test(second))
      return { kind: "invalid", message: "url is a /channel/ URL without a valid channel id" };
    return { kind: "channel", value: { ref: { kind: "id", channelId: second }, tab: tabOf(third) } };
  }
  if (first.startsWith("@")) {
    if (!HANDLE_PATTERN.test(first))
      return { kind: "invalid", message: `url holds an invalid handle ${first}` };
    return { kind: "channel", value: { ref: { kind: "handle", handle: first }, tab: tabOf(second) } };
  }
  if (lower === "user" || lower === "c") {
    if (!second) return { kind: "invalid", message: `url is a /${lower}/ URL without a name` };
    const ref: ChannelRef = {
      kind: "legacy",
      path: `/${lower}/${second}`,
      user: lower === "user" ? second : null,
    };
    return { kind: "channel", value: { ref, tab: tabOf(third) } };
  }
  if (!first) return { kind: "unsupported", message: "url is the videosite home page, not a channel" };
  if (NON_CHANNEL_PAGES.has(lower))
    return {
      kind: "unsupported",
      message: `url is a /${first} page, not a channel; use a channel URL, handle or id`,
    };
  return {
    kind: "channel",
    value: { ref: { kind: "legacy", path: `/${first}`, user: null }, tab: tabOf(second) },
  };
}

/**
 * Reads anything a user may give for a channel.
 *
 * Accepted: a channel id (`UC…`, 24 characters); a handle with or without `@` (`@kurzgesagt`, `kurzgesagt`); URLs
 * `/channel/<id>`, `/@handle`, `/user/<name>`, `/c/<name>` and the legacy `/<name>`, on any youtube.com host, with
 * or without scheme, optionally followed by a tab (`/videos`, `/shorts`, `/streams`; other tabs are ignored).
 *
 * @returns the channel reference, or why it is refused: `invalid` (400) for malformed input, `unsupported` (422)
 *   for another platform or a videosite page that is not a channel (a video, a playlist).
 */
export function parseChannelUrl(input: string): Parse {
  const text = input.trim();
  if (!text) return { kind: "invalid", message: "url is empty" };
  if (CHANNEL_ID_PATTERN.test(text))
    return { kind: "channel", value: { ref: { kind: "id", channelId: text }, tab: null } };
  if (text.startsWith("@") || !/[/.:]/.test(text)) {
    const handle = text.startsWith("@") ? text : `@${text}`;
    if (!HANDLE_PATTERN.test(handle))
      return { kind: "invalid", message: "url is neither a channel URL, a handle nor a channel id" };
    return { kind: "channel", value: { ref: { kind: "handle", handle }, tab: null } };
  }
  const url = toUrl(text);
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:"))
    return { kind: "invalid", message: "url is neither a channel URL, a handle nor a channel id" };
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (host === "youtu.be" || host.endsWith(".youtu.be"))
    return { kind: "unsupported", message: "url is a video link, not a channel" };
  if (host !== "youtube.com" && !host.endsWith(".youtube.com"))
    return {
      kind: "unsupported",
      message: `url must be a videosite channel URL; ${url.hostname} is not supported`,
    };
  return fromPath(url.pathname.split("/").filter(Boolean));
}

/**
 * Zod parameter for a channel (channel-details, channel-videos, channel-shorts). Output {@link ChannelUrl}.
 * Errors: 400 `missing_parameter` / `invalid_parameter`, 422 `unsupported_url` (see {@link parseChannelUrl}).
 */
export const channelUrlParam = z
  .string()
  .max(2048)
  .transform((value, ctx): ChannelUrl => {
    const parsed = parseChannelUrl(value);
    if (parsed.kind === "channel") return parsed.value;
    failWith(ctx, parsed.kind === "invalid" ? "invalid_parameter" : "unsupported_url", parsed.message);
    return z.NEVER;
  });

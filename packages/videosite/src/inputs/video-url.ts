import { failWith } from "@sda/contract";
import { parseUserUrl } from "@sda/text";
import { z } from "zod";
import { watchUrl } from "./site.ts";

/** A video id of the platform: 11 characters of the URL-safe base64 alphabet. */
export const VIDEO_ID_PATTERN = /^[A-Za-z0-9_-]{11}$/;

/**
 * What {@link parseVideoId} made of an input:
 * - `video`: a video id (from a bare id or any video URL form);
 * - `invalid`: not a URL or id at all, or a video URL whose id is malformed (answered 400 `invalid_parameter`);
 * - `unsupported`: a URL, but of another platform or of a videosite page that is not one video (channel, playlist,
 *   search…), answered 422 `unsupported_url`.
 */
export type VideoUrlParse =
  | { kind: "video"; videoId: string }
  | { kind: "invalid"; message: string }
  | { kind: "unsupported"; message: string };

// Path prefixes whose next segment is the video id: /shorts/<id>, /embed/<id>, /live/<id>, /v/<id>, /e/<id>.
const ID_PATH_PREFIXES = new Set(["shorts", "embed", "live", "v", "e"]);

/** Hosts of the platform, after dropping a leading `www.`, `m.`, `music.` (any subdomain of youtube.com is one). */
function platformHost(hostname: string): "main" | "short" | "nocookie" | null {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  if (host === "youtu.be" || host === "www.youtu.be") return "short";
  if (host === "youtube-nocookie.com" || host.endsWith(".youtube-nocookie.com")) return "nocookie";
  if (host === "youtube.com" || host.endsWith(".youtube.com")) return "main";
  return null;
}

function idResult(candidate: string | null | undefined, what: string): VideoUrlParse {
  if (candidate && VIDEO_ID_PATTERN.test(candidate)) return { kind: "video", videoId: candidate };
  return {
    kind: "invalid",
    message: `${what} does not hold a valid video id (11 characters of A-Z a-z 0-9 - _)`,
  };
}

/**
 * Extracts the video id from anything a user may paste.
 *
 * Accepted: a bare 11-character id; `watch?v=<id>` with other query parameters in any order; `youtu.be/<id>`;
 * `/shorts/<id>`, `/embed/<id>`, `/live/<id>`, `/v/<id>`, `/e/<id>`; hosts `youtube.com` with any subdomain
 * (`www.`, `m.`, `music.`), `youtube-nocookie.com` and `youtu.be`; with or without `http(s)://`.
 *
 * @param input the raw `url` query parameter.
 * @returns a classification (see {@link VideoUrlParse}); never throws.
 */
export function parseVideoId(input: string): VideoUrlParse {
  const text = input.trim();
  if (!text) return { kind: "invalid", message: "url is empty" };
  if (VIDEO_ID_PATTERN.test(text)) return { kind: "video", videoId: text };

  const url = parseUserUrl(text);
  if (!url) return { kind: "invalid", message: "url is neither a URL nor a video id" };
  if (url.protocol !== "https:" && url.protocol !== "http:")
    return { kind: "invalid", message: `url must be an http(s) URL, not ${url.protocol}` };

  const host = platformHost(url.hostname);
  if (!host)
    return {
      kind: "unsupported",
      message: `url must be a videosite video URL; ${url.hostname} is not supported`,
    };

  const segments = url.pathname.split("/").filter(Boolean);
  if (host === "short") return idResult(segments[0], "url");

  const first = segments[0]?.toLowerCase();
  if (first === "watch") {
    // `/watch?v=<id>`; a few old links put the id in the path (`/watch/<id>`).
    const v = url.searchParams.get("v") ?? segments[1];
    if (v !== null && v !== undefined) return idResult(v, "url");
    return { kind: "unsupported", message: "url is a watch URL without a video (v=) parameter" };
  }
  if (first !== undefined && ID_PATH_PREFIXES.has(first)) {
    const candidate = segments[1];
    // `/embed/videoseries?list=…` embeds a playlist, not a video.
    if (candidate === undefined || candidate === "videoseries")
      return { kind: "unsupported", message: `url is a /${first}/ URL without a video id` };
    return idResult(candidate, "url");
  }
  return {
    kind: "unsupported",
    message: "url is a videosite URL but not of one video (a channel, playlist or other page)",
  };
}

/** The validated `url` parameter: the video id and the canonical URL (SPEC §2.3 `url`, `videoId`). */
export interface VideoUrl {
  videoId: string;
  /** `https://www.youtube.com/watch?v=<videoId>`. */
  url: string;
}

/**
 * Zod parameter for a video URL, reusable by every videosite operation that takes one video (transcript, details,
 * comments, audio transcript, summary).
 * Output {@link VideoUrl}. Errors: 400 `missing_parameter` when absent, 400 `invalid_parameter` when not a URL/id
 * (or a malformed id), 422 `unsupported_url` for another platform or a non-video page.
 */
export const videoUrlParam = z
  .string()
  .max(2048)
  .transform((value, ctx): VideoUrl => {
    const parsed = parseVideoId(value);
    if (parsed.kind === "video") return { videoId: parsed.videoId, url: watchUrl(parsed.videoId) };
    failWith(ctx, parsed.kind === "invalid" ? "invalid_parameter" : "unsupported_url", parsed.message);
    return z.NEVER;
  });

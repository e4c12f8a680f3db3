import { failWith } from "@sda/contract";
import { z } from "zod";
import { ORIGIN } from "./site.ts";

/** Prefixes of playlist ids the platform hands out (user lists, uploads, likes, albums, mixes…). */
const KNOWN_PREFIX = /^(?:PL|UU|UUSH|UULF|UULV|LL|FL|OL|OLAK5uy_|UL|EL|RD|WL)/;
const ID_CHARS = /^[A-Za-z0-9_-]{2,80}$/;

type Parse = { kind: "playlist"; id: string } | { kind: "invalid" | "unsupported"; message: string };

function checkId(id: string): Parse {
  if (!ID_CHARS.test(id)) return { kind: "invalid", message: "url holds a malformed playlist id" };
  // Mixes (RD…) are generated for each viewer from a video and are not browsable as playlists.
  if (id.startsWith("RD"))
    return {
      kind: "unsupported",
      message: "url is an automatic mix (RD…), which has no fixed list of videos",
    };
  return { kind: "playlist", id };
}

/**
 * Reads a playlist from what a user may paste: a playlist id (`PL…`, `UU…`, `OLAK5uy_…`), a `/playlist?list=` URL,
 * or any videosite URL carrying `list=` (a watch URL inside a playlist, `youtu.be/<id>?list=`, `/embed/videoseries`).
 * @returns the playlist id, or why it is refused: `invalid` (400) or `unsupported` (422: another platform, a
 *   videosite URL without `list=`, an automatic mix).
 */
export function parsePlaylistUrl(input: string): Parse {
  const text = input.trim();
  if (!text) return { kind: "invalid", message: "url is empty" };
  if (!/[/.:?=]/.test(text)) {
    if (!KNOWN_PREFIX.test(text))
      return { kind: "invalid", message: "url is neither a playlist URL nor a playlist id" };
    return checkId(text);
  }
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return { kind: "invalid", message: "url is neither a playlist URL nor a playlist id" };
  }
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  const platform = host === "youtu.be" || host === "youtube.com" || host.endsWith(".youtube.com");
  if (!platform)
    return {
      kind: "unsupported",
      message: `url must be a videosite playlist URL; ${url.hostname} is not supported`,
    };
  const list = url.searchParams.get("list");
  if (!list) return { kind: "unsupported", message: "url is a videosite URL without a playlist (list=)" };
  return checkId(list);
}

/** The validated `url` parameter of the playlist operations. */
export interface PlaylistUrl {
  playlistId: string;
  /** `https://www.youtube.com/playlist?list=<id>`. */
  url: string;
}

/**
 * Zod parameter for a playlist (playlist-videos, playlist-details). Output {@link PlaylistUrl}.
 * Errors: 400 `missing_parameter` / `invalid_parameter`, 422 `unsupported_url`.
 */
export const playlistUrlParam = z
  .string()
  .max(2048)
  .transform((value, ctx): PlaylistUrl => {
    const parsed = parsePlaylistUrl(value);
    if (parsed.kind === "playlist")
      return { playlistId: parsed.id, url: `${ORIGIN}/playlist?list=${parsed.id}` };
    failWith(ctx, parsed.kind === "invalid" ? "invalid_parameter" : "unsupported_url", parsed.message);
    return z.NEVER;
  });

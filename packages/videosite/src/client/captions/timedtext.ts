import type { CaptionTrack } from "../../readers/captions/caption-tracks.ts";
import type { UpstreamContext } from "../context.ts";

/**
 * Caption body formats of `/api/timedtext`, asked with `fmt`: `json3` (JSON events), `srv3` (XML `<p t d>`), and the
 * classic XML (`<transcript><text start dur>`, no `fmt`).
 */
export type CaptionFormat = "json3" | "srv3" | "classic";

/**
 * The body URL of a caption track in one format, optionally machine-translated.
 * Built from the track's signed `baseUrl` (which already carries `fmt=srv3` on current answers): `fmt` is replaced,
 * or removed for the classic format; `tlang` is set for a translation and removed otherwise. Every other parameter
 * (signature, expire, lang, kind, name) is kept as the platform gave it.
 * @param track a track of the player's caption list.
 * @param format the body format.
 * @param translateTo a `translationLanguages[].languageCode` to translate to, or undefined.
 */
export function captionBodyUrl(track: CaptionTrack, format: CaptionFormat, translateTo?: string): string {
  const url = new URL(track.baseUrl);
  if (format === "classic") url.searchParams.delete("fmt");
  else url.searchParams.set("fmt", format);
  if (translateTo) url.searchParams.set("tlang", translateTo);
  else url.searchParams.delete("tlang");
  return url.toString();
}

/**
 * Fetches one caption body. Source: `GET /api/timedtext?…` (the URL from {@link captionBodyUrl}).
 * @returns the body text (may be empty: the platform answers 200 with no body when it refuses a track).
 * @throws ServiceError `upstream_*` (502) when the request fails (including the replay's no-match 404).
 */
export async function fetchCaptionBody(ctx: UpstreamContext, url: string): Promise<string> {
  const response = await ctx.http.request({ url, method: "GET" }, ctx.signal);
  return response.text();
}

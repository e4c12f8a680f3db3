import { fail } from "../../errors.ts";
import { arrayAt, isObject, objectAt, textOf } from "../../readers/innertube/json.ts";
import type { UpstreamContext } from "../context.ts";
import { postWeb } from "./web-post.ts";

/** `params` of the playlist header browse request (with `$fields=sidebar,header,microformat,alerts`). */
export const PLAYLIST_HEADER_PARAMS = "wgYCCAA%3D";

/** True when the answer shows a playlist (a header or a sidebar), false for an alert-only answer. */
function hasPlaylist(answer: unknown): boolean {
  return isObject(objectAt(answer, "header")) || isObject(objectAt(answer, "sidebar"));
}

/**
 * The playlist's header data.
 * Source: `POST /youtubei/v1/browse?$fields=sidebar,header,microformat,alerts` with
 * `{ browseId: "VL" + id, params: "wgYCCAA%3D" }` (WEB client).
 * @returns the answer and its `Date` (reference of "Updated 4 days ago").
 * @throws ServiceError 404 `playlist_not_found` when the platform shows no playlist (an ERROR alert such as "The
 *   playlist does not exist." or "This playlist type is unviewable.", or HTTP 400/404); `upstream_*` otherwise.
 */
export async function fetchPlaylistHeader(
  ctx: UpstreamContext,
  playlistId: string,
): Promise<{ answer: unknown; date: Date | null }> {
  const response = await postWeb(
    ctx,
    "browse",
    { browseId: `VL${playlistId}`, params: PLAYLIST_HEADER_PARAMS },
    { query: "&$fields=sidebar,header,microformat,alerts", acceptStatus: [400, 404] },
  );
  const answer = response.status === 200 ? response.json<unknown>() : null;
  if (!answer || !hasPlaylist(answer)) {
    const alert = arrayAt(answer, "alerts")
      .map((entry) => objectAt(entry, "alertRenderer"))
      .find((renderer) => renderer !== undefined);
    throw fail("playlist_not_found", textOf(alert?.text) ?? `videosite has no playlist ${playlistId}`, {
      details: { playlistId },
    });
  }
  return { answer, date: response.date };
}

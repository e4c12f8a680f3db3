import { cacheParam, defineOperation, fixed, type OperationContext } from "@sda/core";
import { z } from "zod";
import { buildPlaylistDetails, type PlaylistDetailsResult } from "../playlist/build-details.ts";
import { fetchPlaylistHeader, readPlaylistHeader } from "../playlist/playlist-header.ts";
import { type PlaylistUrl, playlistUrlParam } from "../playlist/playlist-url.ts";

/** Query parameters of `GET /v1/videosite/playlist-details`. */
export const playlistDetailsParams = z.object({ url: playlistUrlParam, cache: cacheParam });

/**
 * The details of a playlist: title, description, owner, video and view counts, last update, thumbnail.
 * Upstream: one `POST /youtubei/v1/browse` of `VL<id>` limited to `$fields=sidebar,header,microformat,alerts`.
 * @returns `{ data, source: "innertube:browse" }`.
 * @throws ServiceError 404 `playlist_not_found`; 502 `upstream_*`.
 */
export async function getPlaylistDetails(
  params: { url: PlaylistUrl },
  ctx: Pick<OperationContext, "http" | "signal" | "now">,
): Promise<{ data: PlaylistDetailsResult; source: string }> {
  const { answer, date } = await fetchPlaylistHeader(ctx, params.url.playlistId);
  const data = buildPlaylistDetails(params.url, readPlaylistHeader(answer), date ?? ctx.now());
  return { data, source: "innertube:browse" };
}

/** `GET /v1/videosite/playlist-details`: 1 credit (SPEC §4.2 rule 3). */
export const playlistDetailsOperation = defineOperation({
  id: "videosite.playlist-details",
  method: "GET",
  path: "/v1/videosite/playlist-details",
  tag: "videosite",
  summary:
    "Details of a playlist: title, description, owner channel, video count, views, last update, thumbnail.",
  params: playlistDetailsParams,
  price: fixed(1),
  queue: "videosite",
  cache: { mode: "optIn" },
  handler: (params, ctx) => getPlaylistDetails(params, ctx),
});

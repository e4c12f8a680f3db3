import type { HandlerFor, OperationContext } from "@sda/contract";
import { fetchPlaylistHeader } from "../client/innertube/playlist-header.ts";
import type { VideositeEnv } from "../env.ts";
import type { PlaylistUrl } from "../inputs/playlist-url.ts";
import { buildPlaylistDetails, type PlaylistDetailsResult } from "../readers/playlist/build-details.ts";
import { readPlaylistHeader } from "../readers/playlist/header-reader.ts";
import type { playlistDetailsSpec } from "../spec/playlist-details.ts";

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

/** The handler of `videosite.playlist-details` (its spec: `playlistDetailsSpec`). */
export const playlistDetailsHandler: HandlerFor<typeof playlistDetailsSpec, VideositeEnv> = (params, ctx) =>
  getPlaylistDetails(params, ctx);

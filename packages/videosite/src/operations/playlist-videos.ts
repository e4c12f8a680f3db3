import type { HandlerFor, OperationContext } from "@sda/contract";
import { decodeListCursor, fillFromPages, pageBudget, type UpstreamPage } from "@sda/contract";
import { countField } from "@sda/text";
import type { z } from "zod";
import { fetchFeed } from "../client/feed.ts";
import { fetchPlaylistHeader } from "../client/innertube/playlist-header.ts";
import { playlistFirstPageToken } from "../client/innertube/playlist-token.ts";
import { postWeb } from "../client/innertube/web-post.ts";
import type { VideositeEnv } from "../env.ts";
import type { PlaylistUrl } from "../inputs/playlist-url.ts";
import type { FeedRow } from "../readers/listing/feed.ts";
import { readListPage } from "../readers/listing/list-page.ts";
import { type VideoRow, videoRow } from "../readers/listing/rows.ts";
import { readVideoCard } from "../readers/listing/video-card.ts";
import { readPlaylistHeader } from "../readers/playlist/header-reader.ts";
import {
  PLAYLIST_PAGE_SIZE,
  type playlistVideosParams,
  type playlistVideosSpec,
} from "../spec/playlist-videos.ts";

/** Items per upstream playlist page (the platform's own page size). */

/** A playlist row: the SPEC §2.10 row plus the 1-based position in the playlist. */
export interface PlaylistRow extends VideoRow {
  position: number | null;
}

/** The playlist videos result (SPEC §2.10). `nextCursor` / `hasMore` are absent with `fast=true`. */
export interface PlaylistVideosResult {
  id: string;
  url: string;
  title: string | null;
  /** Videos in the playlist as its header counts them (hidden and deleted entries included), or null. */
  totalVideos: number | null;
  totalReturned: number;
  nextCursor?: string | null;
  hasMore?: boolean;
  videos: (PlaylistRow | FeedRow)[];
}

/** Our cursor: the playlist, its header data, and the position in its item pages. */
interface PlaylistCursor {
  pl: string;
  t: number | null;
  title: string | null;
  c: string | null;
  i: number;
}

type ListContext = Pick<OperationContext, "http" | "signal" | "log" | "cursors" | "now">;

/** One page of items: the client-built first-page token, or a continuation from the previous page. */
async function fetchItems(
  ctx: ListContext,
  playlistId: string,
  token: string | null,
  skipped: { count: number },
) {
  const response = await postWeb(ctx, "browse", {
    continuation: token ?? playlistFirstPageToken(playlistId),
  });
  const list = readListPage(response.json<unknown>());
  const reference = response.date ?? ctx.now();
  const items: PlaylistRow[] = [];
  for (const item of list.items) {
    const card = readVideoCard(item);
    if (card) items.push({ ...videoRow(card, reference), position: card.position });
    else skipped.count += 1;
  }
  return { items, next: list.next } satisfies UpstreamPage<PlaylistRow>;
}

async function playlistFeed(params: { url: PlaylistUrl; limit: number }, ctx: ListContext) {
  const feed = await fetchFeed(ctx, { playlist_id: params.url.playlistId }, "playlist_not_found");
  const videos = feed.rows.slice(0, params.limit);
  const data: PlaylistVideosResult = {
    id: params.url.playlistId,
    url: params.url.url,
    title: feed.title,
    totalVideos: null,
    totalReturned: videos.length,
    videos,
  };
  return { data, source: "feed", count: videos.length };
}

/**
 * Videos of a playlist (SPEC §2.10), `limit` rows from `cursor` on.
 *
 * Native path, first call: the header (`browse` `VL<id>`, for existence, title and `totalVideos`) and the first item
 * page (`browse` with the client-built continuation token) in parallel; later calls: only item continuations. Each
 * item page holds 100 `playlistVideoRenderer`s. `fast=true`: the playlist's feed (15 latest entries, exact dates).
 *
 * @throws ServiceError 400 `invalid_cursor`; 404 `playlist_not_found`; 502 `upstream_*`.
 */
export async function getPlaylistVideos(
  params: z.output<typeof playlistVideosParams>,
  ctx: ListContext,
): Promise<{ data: PlaylistVideosResult; source: string; count: number }> {
  if (params.fast) return playlistFeed(params, ctx);
  const { playlistId } = params.url;
  const start = decodeListCursor<PlaylistCursor>(
    ctx.cursors,
    params.cursor,
    (p) => p.pl === playlistId,
    "playlist",
  );
  const skipped = { count: 0 };
  let total = start?.t ?? null;
  let title = start?.title ?? null;
  let firstItems: Promise<UpstreamPage<PlaylistRow>> | null = null;
  if (!start) {
    // Both requests at once; the header decides whether the playlist exists before any item page is trusted.
    firstItems = fetchItems(ctx, playlistId, null, skipped);
    firstItems.catch(() => undefined);
    const header = readPlaylistHeader((await fetchPlaylistHeader(ctx, playlistId)).answer);
    total = countField(header.videoCountText).count;
    title = header.title;
  }
  const collected = await fillFromPages(
    { token: start?.c ?? null, index: start?.i ?? 0 },
    params.limit,
    (token) => (token === null && firstItems ? firstItems : fetchItems(ctx, playlistId, token, skipped)),
    pageBudget(params.limit, PLAYLIST_PAGE_SIZE),
  );
  if (skipped.count > 0)
    ctx.log.debug({ skipped: skipped.count, playlistId }, "videosite playlist: skipped items");
  const nextCursor = collected.next
    ? ctx.cursors.encode({
        pl: playlistId,
        t: total,
        title,
        c: collected.next.token,
        i: collected.next.index,
      } satisfies PlaylistCursor)
    : null;
  return {
    data: {
      id: playlistId,
      url: params.url.url,
      title,
      totalVideos: total,
      totalReturned: collected.items.length,
      nextCursor,
      hasMore: nextCursor !== null,
      videos: collected.items,
    },
    source: start ? "innertube:browse-continuation" : "innertube:browse",
    count: collected.items.length,
  };
}

/** The handler of `videosite.playlist-videos` (its spec: `playlistVideosSpec`). */
export const playlistVideosHandler: HandlerFor<typeof playlistVideosSpec, VideositeEnv> = (params, ctx) =>
  getPlaylistVideos(params, ctx);

import {
  boolParam,
  cacheParam,
  count,
  cursorParam,
  defineOperationSpec,
  limitParam,
  perPage,
  url,
} from "@sda/contract";
import { z } from "zod";
import { playlistUrlParam } from "../inputs/playlist-url.ts";
import { nativeOrFeed } from "./prices.ts";
import { videoRow } from "./shapes.ts";

/** Videos per platform page of a playlist (the billing page too). */
export const PLAYLIST_PAGE_SIZE = 100;

/**
 * Query parameters of `GET /v1/videosite/playlist-videos` (SPEC §4.2 names `url`, `fast`, `cursor`; `limit` is ours:
 * default 100 = one platform page, max 500).
 */
export const playlistVideosParams = z.object({
  url: playlistUrlParam,
  limit: limitParam(PLAYLIST_PAGE_SIZE, 500),
  cursor: cursorParam,
  fast: boolParam(false),
  cache: cacheParam,
});

/** SPEC §2.10: a page of a playlist's videos (`nextCursor` / `hasMore` absent with `fast=true`). */
export const playlistVideosOutput = z.object({
  id: z.string(),
  url,
  title: z.string().nullable(),
  totalVideos: count.nullable().describe("Videos in the playlist as its header counts them."),
  totalReturned: z.int().min(0),
  nextCursor: z.string().nullable().optional(),
  hasMore: z.boolean().optional(),
  videos: z.array(videoRow),
});

/**
 * `GET /v1/videosite/playlist-videos` (SPEC §2.10): 2 credits per page of 100 videos returned on the native path
 * (a full default call is one page), 1 credit with `fast=true`; 0 when empty.
 */
export const playlistVideosSpec = defineOperationSpec({
  name: "playlist-videos",
  summary: "Videos of a playlist in playlist order, paginated; fast=true reads the playlist feed.",
  params: playlistVideosParams,
  output: playlistVideosOutput,
  price: nativeOrFeed(perPage(2, PLAYLIST_PAGE_SIZE), 1),
  cache: { mode: "optIn" },
});

import {
  boolParam,
  cacheParam,
  cursorParam,
  defineOperationSpec,
  fixed,
  limitParam,
  url,
} from "@sda/contract";
import { z } from "zod";
import { channelUrlParam } from "../inputs/channel-url.ts";
import { nativeOrFeed } from "./prices.ts";
import { videoRow } from "./shapes.ts";

/** Query parameters of `GET /v1/videosite/channel-videos` (SPEC §4.2; limit default 20, max 200). */
export const channelVideosParams = z.object({
  url: channelUrlParam,
  limit: limitParam(20, 200),
  cursor: cursorParam,
  fast: boolParam(false),
  cache: cacheParam,
});

/**
 * SPEC §2.10: a page of a channel's videos. With `fast=true` (the feed): no `tab`, `nextCursor`, `hasMore`, and rows
 * with exact times and the feed's fields.
 */
export const channelVideosOutput = z.object({
  url: url.describe("Canonical channel URL (handle-based when known)."),
  channelId: z.string().nullable(),
  channelName: z.string().nullable(),
  tab: z
    .enum(["videos", "shorts", "streams"])
    .optional()
    .describe("The channel tab read (absent with `fast=true`)."),
  totalReturned: z.int().min(0),
  nextCursor: z
    .string()
    .nullable()
    .optional()
    .describe("Absent with `fast=true` (the feed has no further pages)."),
  hasMore: z.boolean().optional(),
  videos: z.array(videoRow),
});

/**
 * `GET /v1/videosite/channel-videos` (SPEC §2.10): 2 credits per call on the native path, 1 credit with `fast=true`
 * (one feed request); 0 when nothing is returned.
 */
export const channelVideosSpec = defineOperationSpec({
  name: "channel-videos",
  summary:
    "Latest videos of a channel (or the tab the URL names: /streams, /shorts), paginated; fast=true reads the channel feed.",
  params: channelVideosParams,
  output: channelVideosOutput,
  price: nativeOrFeed(fixed(2), 1),
  cache: { mode: "optIn" },
});

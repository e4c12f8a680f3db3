import type { HandlerFor } from "@sda/contract";
import type { ServiceError } from "@sda/core";
import type { z } from "zod";
import { GRID_PAGE_SIZE } from "../client/config.ts";
import type { PhotositeListContext } from "../client/context.ts";
import { audioPages } from "../client/lists/audio.ts";
import type { PhotositeEnv } from "../env.ts";
import { fail } from "../errors.ts";
import { decodeListStart, listFields } from "../paging/cursor.ts";
import { fillTargetList, mediaKey } from "../paging/fill.ts";
import type { AudioPageInfo } from "../readers/audio.ts";
import type { Music } from "../readers/model.ts";
import type { PhotositeServices } from "../services.ts";
import type { reelsByAudioIdParams, reelsByAudioIdSpec } from "../spec/reels-by-audio-id.ts";
import { type ReelRow, reelRow } from "./rows.ts";

/** `data` of reels-by-audio-id. */
export interface AudioReels {
  audioId: string;
  /** The sound: title, artist, duration, original-sound flag and owner (trend fields are top-level). */
  music: Omit<Music, "isTrendingInClips" | "trendRank"> | null;
  isTrendingInClips: boolean | null;
  trendRank: number | null;
  reelCount: number | null;
  reelCountText: string | null;
  totalReturned: number;
  nextCursor: string | null;
  hasMore: boolean;
  reels: ReelRow[];
}

function audioNotFound(audioId: string): ServiceError {
  return fail("audio_not_found", `no audio ${audioId}`, { details: { audioId } });
}

/**
 * Reels that use one sound, from its audio page (see `audioPages`), in the platform's order.
 * @returns `count` = reels returned (billed per result).
 * @throws ServiceError 404 `audio_not_found` (HTTP 404, or a page with neither a sound nor reels), 400
 *   `invalid_cursor`, 502 `upstream_*`.
 */
export async function getReelsByAudio(
  ctx: PhotositeListContext,
  params: z.output<typeof reelsByAudioIdParams>,
) {
  const start = decodeListStart(ctx, params.cursor, params.audioId);
  const info: { current: AudioPageInfo | null } = { current: null };
  const filled = await fillTargetList(ctx, () => audioNotFound(params.audioId), {
    limit: params.limit,
    start: start.position,
    pageSize: GRID_PAGE_SIZE,
    fetchPage: audioPages(ctx, params.audioId, info),
    keyOf: mediaKey,
  });
  if (!info.current?.music && filled.items.length === 0 && start.position.token === null)
    throw audioNotFound(params.audioId);
  const music = info.current?.music ?? null;
  const data: AudioReels = {
    audioId: params.audioId,
    music: music
      ? {
          audioId: music.audioId,
          title: music.title,
          artist: music.artist,
          isOriginalSound: music.isOriginalSound,
          durationSeconds: music.durationSeconds,
          owner: music.owner,
        }
      : null,
    isTrendingInClips: music?.isTrendingInClips ?? null,
    trendRank: music?.trendRank ?? null,
    reelCount: info.current?.reelCount ?? null,
    reelCountText: info.current?.reelCountText ?? null,
    ...listFields(ctx, filled, params.audioId),
    reels: filled.items.map(reelRow),
  };
  return { data, source: "v1", count: filled.items.length };
}

/** The handler of `photosite.reels-by-audio-id` (its spec: `reelsByAudioIdSpec`). */
export const reelsByAudioIdHandler: HandlerFor<typeof reelsByAudioIdSpec, PhotositeEnv, PhotositeServices> = (
  params,
  ctx,
) => getReelsByAudio(ctx, params);

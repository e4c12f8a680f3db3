import type { PhotositeContext } from "../context.ts";
import { callJson } from "../web.ts";
import { WEB_ORIGIN } from "../config.ts";
import { type JsonView, view } from "../../readers/json-view.ts";
import type { PlatformPage } from "../../paging.ts";
import type { Media, Music } from "../../readers/model.ts";
import { readClipsMusic } from "../../readers/music.ts";
import { readMediaRows } from "../../readers/connection.ts";

/** What an audio page says about its sound, besides the reels. */
export interface AudioPageInfo {
  music: Music | null;
  /** Reels using the sound (`media_count.clips_count`). */
  reelCount: number | null;
  /** The platform's label ("471K reels"). */
  reelCountText: string | null;
}

/** Reads the sound of an audio page answer (`metadata.music_info` / `metadata.original_sound_info`, counts). */
export function readAudioPage(answer: JsonView): AudioPageInfo {
  return {
    music: readClipsMusic(answer.at("metadata")),
    reelCount: answer.int("media_count", "clips_count"),
    reelCountText: answer.text("formatted_media_count"),
  };
}

/**
 * Pages of an audio page: `POST /api/v1/clips/music/` form {audio_cluster_id, max_id}; items `items[].media`, next
 * page `paging_info.max_id` while `paging_info.more_available`. Every page repeats `metadata`; the first one read is
 * kept in `info.current`.
 */
export function audioPages(ctx: PhotositeContext, audioId: string, info: { current: AudioPageInfo | null }) {
  return async (after: string | null): Promise<PlatformPage<Media>> => {
    const answer = view(
      await callJson(ctx, {
        url: `${WEB_ORIGIN}/api/v1/clips/music/`,
        method: "POST",
        form: { audio_cluster_id: audioId, ...(after === null ? {} : { max_id: after }) },
      }),
    );
    info.current ??= readAudioPage(answer);
    return {
      rows: readMediaRows(ctx, answer.list("items"), (item) => item.at("media"), "audio"),
      nextAfter: answer.text("paging_info", "max_id"),
      hasNext: answer.bool("paging_info", "more_available") ?? false,
    };
  };
}

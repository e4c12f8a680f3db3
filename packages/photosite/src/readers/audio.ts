import type { JsonView } from "./json-view.ts";
import type { Music } from "./model.ts";
import { readClipsMusic } from "./music.ts";

/** What an audio page says about its sound, besides the reels. */
export interface AudioPageInfo {
  music: Music | null;
  /** Reels using the sound (`media_count.clips_count`). */
  reelCount: number | null;
  /** The platform's label ("471K reels"). */
  reelCountText: string | null;
}

/**
 * Reads the sound of an audio page answer (`POST /api/v1/clips/music/`, corpus `audio-1053780911670375-heat-waves`):
 * `metadata.music_info` / `metadata.original_sound_info`, `media_count.clips_count`, `formatted_media_count`.
 */
export function readAudioPage(answer: JsonView): AudioPageInfo {
  return {
    music: readClipsMusic(answer.at("metadata")),
    reelCount: answer.int("media_count", "clips_count"),
    reelCountText: answer.text("formatted_media_count"),
  };
}

import type { JsonView } from "./json-view.ts";
import type { Music } from "./model.ts";
import { msToSeconds, readUser } from "./parts.ts";

/**
 * The sound of a reel or of an audio page, from the v1 `clips_metadata` (or an audio page's `metadata`):
 * - licensed music: `music_info.music_asset_info` (`audio_cluster_id`, `title`, `display_artist`, `duration_in_ms`)
 *   and `music_info.music_consumption_info` (`is_trending_in_clips`, `trend_rank`, `ig_artist`);
 * - original sound: `original_sound_info` (`audio_asset_id`, `original_audio_title`, `ig_artist`, `duration_in_ms`,
 *   `consumption_info.is_trending_in_clips`, `trend_rank`).
 * @param metadata the object holding `music_info` / `original_sound_info`.
 * @returns null when it holds neither.
 */
export function readClipsMusic(metadata: JsonView): Music | null {
  const music = metadata.at("music_info");
  if (music.isObject()) {
    const asset = music.at("music_asset_info");
    const consumption = music.at("music_consumption_info");
    return {
      audioId: asset.id("audio_cluster_id") ?? asset.id("audio_asset_id") ?? asset.id("id"),
      title: asset.text("title"),
      artist: asset.text("display_artist"),
      isOriginalSound: false,
      durationSeconds: msToSeconds(asset.number("duration_in_ms")),
      isTrendingInClips: consumption.bool("is_trending_in_clips"),
      trendRank: consumption.int("trend_rank"),
      owner: readUser(consumption.at("ig_artist")),
    };
  }
  const sound = metadata.at("original_sound_info");
  if (sound.isObject()) {
    const owner = readUser(sound.at("ig_artist"));
    return {
      audioId: sound.id("audio_asset_id") ?? sound.id("original_media_id"),
      title: sound.text("original_audio_title"),
      artist: owner?.username ?? null,
      isOriginalSound: true,
      durationSeconds: msToSeconds(sound.number("duration_in_ms")),
      isTrendingInClips:
        sound.bool("consumption_info", "is_trending_in_clips") ?? sound.bool("is_trending_in_clips"),
      trendRank: sound.int("trend_rank") ?? sound.int("consumption_info", "trend_rank"),
      owner,
    };
  }
  return null;
}

/**
 * The sound of a reel in the Graph (embed page) shape: `clips_music_attribution_info` (`audio_id`, `song_name`,
 * `artist_name`, `uses_original_audio`).
 * @returns null when absent.
 */
export function readGraphMusic(attribution: JsonView): Music | null {
  if (!attribution.isObject()) return null;
  const original = attribution.bool("uses_original_audio");
  return {
    audioId: attribution.id("audio_id"),
    title: attribution.text("song_name"),
    artist: attribution.text("artist_name"),
    isOriginalSound: original,
    durationSeconds: null,
    isTrendingInClips: null,
    trendRank: null,
    owner: null,
  };
}

import type { z } from "zod";
import type { publisher, streamFormat, track } from "../spec/shapes.ts";
import { arr, bool, dateOf, idOf, int, type Json, obj, str, timeOf } from "./json.ts";
import type { PlatformName } from "./platform.ts";
import { readTagList } from "./tags.ts";
import { readAuthor } from "./user.ts";

/** A track. */
export type Track = z.output<typeof track>;
/** A track's label metadata. */
export type Publisher = z.output<typeof publisher>;
/** A stream format (without its URL). */
export type StreamFormat = z.output<typeof streamFormat>;

/** `soundcloud:tracks:<id>`. */
export const trackUrn = (id: string) => `soundcloud:tracks:${id}`;

/** A track's stream format with its api-v2 URL (answers a signed CDN URL with the key and `track_authorization`). */
export interface Transcoding extends StreamFormat {
  url: string | null;
}

/** The transcodings of a track (`media.transcodings`), in api-v2's order. */
export function readTranscodings(value: unknown): Transcoding[] {
  return arr(obj(obj(value).media).transcodings).map((t) => {
    const item = obj(t);
    const format = obj(item.format);
    return {
      url: str(item.url),
      protocol: str(format.protocol),
      mimeType: str(format.mime_type),
      preset: str(item.preset),
      quality: str(item.quality),
      snipped: bool(item.snipped),
      durationMs: int(item.duration),
      isLegacy: bool(item.is_legacy_transcoding),
    };
  });
}

/** The fields of `publisher_metadata` besides its `id` and `urn`. */
const PUBLISHER_FIELDS = [
  "artist",
  "album_title",
  "release_title",
  "isrc",
  "upc_or_ean",
  "explicit",
  "p_line",
  "c_line",
  "writer_composer",
  "contains_music",
];

/**
 * `publisher_metadata` (often only `{id, urn}` or `{id, urn, contains_music}`); null when the track has none or it
 * holds nothing but its ids.
 */
function readPublisher(value: unknown): Publisher | null {
  const meta = obj(value);
  if (!PUBLISHER_FIELDS.some((field) => meta[field] !== undefined && meta[field] !== null)) return null;
  return {
    artist: str(meta.artist),
    albumTitle: str(meta.album_title),
    releaseTitle: str(meta.release_title),
    isrc: str(meta.isrc),
    upc: str(meta.upc_or_ean),
    explicit: bool(meta.explicit),
    pLine: str(meta.p_line),
    cLine: str(meta.c_line),
    writerComposer: str(meta.writer_composer),
    containsMusic: bool(meta.contains_music),
  };
}

/** True for a complete track object; false for a playlist's stub `{id, kind, monetization_model, policy}`. */
export const isCompleteTrack = (value: unknown): boolean => {
  const item = obj(value);
  return idOf(item.id) !== null && (typeof item.title === "string" || typeof item.permalink_url === "string");
};

/**
 * A track from `/resolve`, `/tracks?ids=`, a list row or a playlist's complete track.
 * @param platform the platform it is on (`platformOf(ctx)`).
 * @returns null when the object has no id.
 */
export function readTrack(value: unknown, platform: PlatformName): Track | null {
  const t: Json = obj(value);
  const id = idOf(t.id);
  if (!id) return null;
  const durationMs = int(t.duration);
  const policy = str(t.policy);
  const { tags, machineTags } = readTagList(t.tag_list);
  return {
    platform,
    id,
    urn: trackUrn(id),
    url: str(t.permalink_url),
    permalink: str(t.permalink),
    title: str(t.title),
    description: str(t.description),
    createdAt: timeOf(t.created_at),
    releaseDate: dateOf(t.release_date),
    displayDate: timeOf(t.display_date),
    lastModified: timeOf(t.last_modified),
    durationMs,
    durationSeconds: durationMs === null ? null : Math.floor(durationMs / 1000),
    fullDurationMs: int(t.full_duration),
    isSnippet: policy === "SNIP",
    isGeoBlocked: policy === "BLOCK",
    policy,
    monetizationModel: str(t.monetization_model),
    genre: str(t.genre),
    tags,
    machineTags,
    license: str(t.license),
    labelName: str(t.label_name),
    artworkUrl: str(t.artwork_url),
    waveformUrl: str(t.waveform_url),
    playCount: int(t.playback_count),
    likeCount: int(t.likes_count),
    repostCount: int(t.reposts_count),
    commentCount: int(t.comment_count),
    downloadCount: int(t.download_count),
    commentable: bool(t.commentable),
    streamable: bool(t.streamable),
    downloadable: bool(t.downloadable),
    sharing: str(t.sharing),
    author: readAuthor(t.user),
    publisher: readPublisher(t.publisher_metadata),
    formats: readTranscodings(t).map(({ url: _url, ...format }) => format),
  };
}

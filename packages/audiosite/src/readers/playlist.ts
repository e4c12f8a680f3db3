import type { z } from "zod";
import type { playlist, trackStub } from "../spec/shapes.ts";
import { arr, bool, dateOf, idOf, int, obj, str, timeOf } from "./json.ts";
import type { PlatformName } from "./platform.ts";
import { readTagList } from "./tags.ts";
import { isCompleteTrack, readTrack, type Track, trackUrn } from "./track.ts";
import { readAuthor } from "./user.ts";

/** A playlist or album without its tracks. */
export type Playlist = z.output<typeof playlist>;
/** A playlist track known by its id only. */
export type TrackStub = z.output<typeof trackStub>;

/** `soundcloud:playlists:<id>`. */
export const playlistUrn = (id: string) => `soundcloud:playlists:${id}`;

/** The set types api-v2 gives albums (`""` is a plain playlist). */
const SET_TYPES = new Set(["album", "ep", "single", "compilation"]);

/**
 * A playlist or album from `/resolve`, `/playlists/<id>`, a list row, a like or a search result.
 * @param platform the platform it is on (`platformOf(ctx)`).
 * @returns null when the object has no id.
 */
export function readPlaylist(value: unknown, platform: PlatformName): Playlist | null {
  const p = obj(value);
  const id = idOf(p.id);
  if (!id) return null;
  const durationMs = int(p.duration);
  const setType = str(p.set_type)?.toLowerCase() ?? null;
  return {
    platform,
    id,
    urn: playlistUrn(id),
    url: str(p.permalink_url),
    permalink: str(p.permalink),
    title: str(p.title),
    description: str(p.description),
    createdAt: timeOf(p.created_at),
    publishedAt: timeOf(p.published_at),
    displayDate: timeOf(p.display_date),
    releaseDate: dateOf(p.release_date),
    lastModified: timeOf(p.last_modified),
    isAlbum: bool(p.is_album),
    setType: setType && SET_TYPES.has(setType) ? setType : null,
    genre: str(p.genre),
    tags: readTagList(p.tag_list).tags,
    license: str(p.license),
    labelName: str(p.label_name),
    artworkUrl: str(p.artwork_url),
    durationMs,
    durationSeconds: durationMs === null ? null : Math.floor(durationMs / 1000),
    trackCount: int(p.track_count),
    likeCount: int(p.likes_count),
    repostCount: int(p.reposts_count),
    sharing: str(p.sharing),
    author: readAuthor(p.user),
  };
}

/** A playlist's track as its answer carries it: complete, or a stub to complete with `/tracks?ids=`. */
export type PlaylistEntry = { complete: true; track: Track } | { complete: false; stub: TrackStub };

/**
 * The tracks of a playlist answer (`tracks[]`), in playlist order; entries without an id are dropped.
 * @param platform the platform it is on (`platformOf(ctx)`).
 */
export function readPlaylistEntries(value: unknown, platform: PlatformName): PlaylistEntry[] {
  const entries: PlaylistEntry[] = [];
  for (const item of arr(obj(value).tracks)) {
    const id = idOf(obj(item).id);
    if (!id) continue;
    const track = isCompleteTrack(item) ? readTrack(item, platform) : null;
    entries.push(track ? { complete: true, track } : { complete: false, stub: { id, urn: trackUrn(id) } });
  }
  return entries;
}

import type { z } from "zod";
import type { comment } from "../spec/shapes.ts";
import { arr, idOf, int, num, obj, str, timeOf } from "./json.ts";
import type { PlatformName } from "./platform.ts";
import { type Playlist, readPlaylist } from "./playlist.ts";
import { readTrack, type Track } from "./track.ts";
import { readAuthor, readUser, type UserProfile } from "./user.ts";

/** A top-level comment. */
export type Comment = z.output<typeof comment>;

/** One page of an api-v2 list: `{collection, next_href}` (only `next_href: null` ends a list). */
export interface ListAnswer {
  collection: unknown[];
  nextHref: string | null;
}

/** Reads `{collection, next_href}`. */
export function readListAnswer(value: unknown): ListAnswer {
  const page = obj(value);
  return { collection: arr(page.collection), nextHref: str(page.next_href) };
}

/** A comment (`{kind: "comment", id, body, created_at, timestamp, track_id, self: {urn}, user}`); null without id. */
export function readComment(value: unknown): Comment | null {
  const c = obj(value);
  const id = idOf(c.id);
  if (!id) return null;
  return {
    id,
    urn: str(obj(c.self).urn) ?? `soundcloud:comments:${id}`,
    text: str(c.body),
    createdAt: timeOf(c.created_at),
    timestampMs: int(c.timestamp),
    trackId: idOf(c.track_id),
    author: readAuthor(c.user),
  };
}

/** A like of a user: when, and the liked track or playlist. */
export interface Like {
  likedAt: string | null;
  type: "track" | "playlist";
  track: Track | null;
  playlist: Playlist | null;
}

/**
 * A like (`{created_at, kind: "like", track}` or `{…, playlist}`); null when it holds neither.
 * @param platform the platform it is on (`platformOf(ctx)`).
 */
export function readLike(value: unknown, platform: PlatformName): Like | null {
  const like = obj(value);
  const likedAt = timeOf(like.created_at);
  const track = like.track ? readTrack(like.track, platform) : null;
  if (track) return { likedAt, type: "track", track, playlist: null };
  const playlist = like.playlist ? readPlaylist(like.playlist, platform) : null;
  if (playlist) return { likedAt, type: "playlist", track: null, playlist };
  return null;
}

/** A search result of any kind, with its `type`. */
export type SearchResult =
  | ({ type: "track" } & Track)
  | ({ type: "user" } & UserProfile)
  | ({ type: "playlist" } & Playlist);

/**
 * A search row by its `kind` (`track`, `user`, `playlist`); null for other kinds.
 * @param platform the platform it is on (`platformOf(ctx)`).
 */
export function readSearchResult(value: unknown, platform: PlatformName): SearchResult | null {
  const kind = obj(value).kind;
  if (kind === "track") {
    const track = readTrack(value, platform);
    return track && { type: "track", ...track };
  }
  if (kind === "user") {
    const user = readUser(value, platform);
    return user && { type: "user", ...user };
  }
  if (kind === "playlist") {
    const playlist = readPlaylist(value, platform);
    return playlist && { type: "playlist", ...playlist };
  }
  return null;
}

/** A search suggestion (`/search/queries`: `{output, query}`). */
export interface Suggestion {
  text: string;
  query: string;
}

/** The suggestions of a `/search/queries` answer, in order. */
export function readSuggestions(value: unknown): Suggestion[] {
  const out: Suggestion[] = [];
  for (const item of arr(obj(value).collection)) {
    const text = str(obj(item).output);
    const query = str(obj(item).query) ?? text;
    if (text && query) out.push({ text, query });
  }
  return out;
}

/** A chart row before its position: `{track, score}`. */
export interface ChartRow {
  score: number | null;
  track: Track;
}

/**
 * A chart row; null without a track.
 * @param platform the platform it is on (`platformOf(ctx)`).
 */
export function readChartRow(value: unknown, platform: PlatformName): ChartRow | null {
  const row = obj(value);
  const track = readTrack(row.track, platform);
  return track && { score: num(row.score), track };
}

/** The chart's own fields (`{genre, kind, last_updated}`). */
export function readChartHead(value: unknown): { lastUpdated: string | null } {
  return { lastUpdated: timeOf(obj(value).last_updated) };
}

import { ServiceError } from "@sda/core";
import type { AudiositeApi } from "../client/api.ts";
import { arr } from "../readers/json.ts";
import type { PlatformName } from "../readers/platform.ts";
import type { PlaylistEntry, TrackStub } from "../readers/playlist.ts";
import { readTrack, type Track } from "../readers/track.ts";

/**
 * A playlist's answer carries its first tracks complete and the rest as id stubs; api-v2 completes them with
 * `GET /tracks?ids=<id>,…` (corpus README "Playlists and their tracks"): at most {@link BATCH_SIZE} ids a request,
 * sent in playlist order, answered as an array in another order, so the tracks are put back in the order of `ids`.
 */

/** Ids per `/tracks?ids=` request (as the web app sends them). */
export const BATCH_SIZE = 15;

/** The tracks of some playlist entries, completed; a failed batch leaves its stubs. */
export interface CompletedTracks {
  tracks: (Track | TrackStub)[];
  /** True when some batch failed (its tracks are `{id, urn}` stubs). */
  degraded: boolean;
  /** `/tracks?ids=` requests made. */
  batches: number;
}

/**
 * Completes the stubs among `entries` (see the module comment), keeping the playlist order.
 * @param platform the platform the tracks are on (`platformOf(ctx)`).
 * @throws what the requests throw when the call is aborted; other failures of a batch degrade it.
 */
export async function completeTracks(
  api: AudiositeApi,
  entries: readonly PlaylistEntry[],
  signal: AbortSignal,
  platform: PlatformName,
): Promise<CompletedTracks> {
  const stubs = entries.flatMap((e) => (e.complete ? [] : [e.stub.id]));
  const found = new Map<string, Track>();
  let degraded = false;
  let batches = 0;
  for (let start = 0; start < stubs.length; start += BATCH_SIZE) {
    const ids = stubs.slice(start, start + BATCH_SIZE);
    batches += 1;
    try {
      const result = await api.get("/tracks", { ids: ids.join(",") });
      if (!result.ok) {
        degraded = true;
        continue;
      }
      for (const item of arr(result.body)) {
        const track = readTrack(item, platform);
        if (track) found.set(track.id, track);
      }
      if (ids.some((id) => !found.has(id))) degraded = true;
    } catch (error) {
      if (signal.aborted || !(error instanceof ServiceError)) throw error;
      degraded = true;
    }
  }
  const tracks = entries.map((e) => (e.complete ? e.track : (found.get(e.stub.id) ?? e.stub)));
  return { tracks, degraded, batches };
}

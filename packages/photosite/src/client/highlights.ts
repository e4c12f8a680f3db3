import { type HighlightAlbum, readHighlightAlbum } from "../readers/highlights.ts";
import { type JsonView, view } from "../readers/json-view.ts";
import { API_ORIGIN, LEGACY_QUERY_HASHES, WEB_ORIGIN } from "./config.ts";
import type { PhotositeContext } from "./context.ts";
import { withFallback } from "./fallback.ts";
import { callJson } from "./web.ts";

/** Answers of the highlights endpoints, and which path served them. */
export interface HighlightsAnswer<T> {
  value: T;
  /** `v1` (current API) or `legacy_graphql` (the retired `query_hash` GraphQL). */
  via: "v1" | "legacy_graphql";
}

/** Tries the current v1 endpoint, then the retired `query_hash` GraphQL (see `withFallback`). */
async function currentThenLegacy<T>(
  ctx: PhotositeContext,
  current: () => Promise<T>,
  legacy: () => Promise<T>,
): Promise<HighlightsAnswer<T>> {
  const { value, fellBack } = await withFallback(ctx, "v1 highlights", current, legacy);
  return { value, via: fellBack ? "legacy_graphql" : "v1" };
}

const legacyUrl = (hash: string, variables: Record<string, unknown>) =>
  `${WEB_ORIGIN}/graphql/query/?query_hash=${hash}&variables=${encodeURIComponent(JSON.stringify(variables))}`;

/**
 * The highlight albums of a user: `GET /api/v1/highlights/<user id>/highlights_tray/` (`tray[]`), else the retired
 * `GET /graphql/query/?query_hash=…` with `{user_id, include_highlight_reels: true, …}`
 * (`data.user.edge_highlight_reels`).
 * @returns the albums in the platform's order (albums without an id are skipped).
 */
export async function fetchHighlightAlbums(
  ctx: PhotositeContext,
  userId: string,
): Promise<HighlightsAnswer<HighlightAlbum[]>> {
  const read = (nodes: JsonView[]) =>
    nodes.map(readHighlightAlbum).filter((album): album is HighlightAlbum => album !== null);
  return currentThenLegacy(
    ctx,
    async () =>
      read(
        view(await callJson(ctx, { url: `${API_ORIGIN}/api/v1/highlights/${userId}/highlights_tray/` })).list(
          "tray",
        ),
      ),
    async () => {
      const answer = await callJson(ctx, {
        url: legacyUrl(LEGACY_QUERY_HASHES.highlightAlbums, {
          user_id: userId,
          include_chaining: true,
          include_reel: true,
          include_suggested_users: false,
          include_logged_out_extras: false,
          include_highlight_reels: true,
          include_related_profiles: false,
          include_live_status: true,
        }),
      });
      return read(view(answer).edges("data", "user", "edge_highlight_reels"));
    },
  );
}

/**
 * The albums (with their items) of highlight ids: `GET /api/v1/feed/reels_media/?reel_ids=highlight:<id>…`
 * (`reels` keyed by `highlight:<id>`, or `reels_media[]`), else the retired `query_hash` GraphQL with
 * `{highlight_reel_ids: [...]}` (`data.reels_media[]`).
 * @returns the album objects (`id`, `title`, `owner`/`user`, `items[]`) the platform answered, in its order.
 */
export async function fetchHighlightReels(
  ctx: PhotositeContext,
  highlightIds: string[],
): Promise<HighlightsAnswer<JsonView[]>> {
  return currentThenLegacy(
    ctx,
    async () => {
      const query = highlightIds.map((id) => `reel_ids=${encodeURIComponent(`highlight:${id}`)}`).join("&");
      const answer = view(await callJson(ctx, { url: `${API_ORIGIN}/api/v1/feed/reels_media/?${query}` }));
      const list = answer.list("reels_media");
      if (list.length > 0) return list;
      const reels = answer.at("reels");
      return highlightIds.map((id) => reels.at(`highlight:${id}`)).filter((reel) => reel.isObject());
    },
    async () => {
      const answer = await callJson(ctx, {
        url: legacyUrl(LEGACY_QUERY_HASHES.reelsMedia, {
          reel_ids: [],
          tag_names: [],
          location_ids: [],
          highlight_reel_ids: highlightIds,
          precomposed_overlay: false,
          show_story_viewer_list: true,
          story_viewer_fetch_count: 50,
          story_viewer_cursor: "",
          stories_video_dash_manifest: false,
        }),
      });
      return view(answer).list("data", "reels_media");
    },
  );
}

import { type JsonView, view } from "./json-view.ts";
import { readMedia } from "./media.ts";
import type { Media } from "./model.ts";

/** A hashtag's card on its explore page. */
export interface HashtagInfo {
  id: string | null;
  name: string | null;
  /** Posts using the tag (`media_count`). */
  mediaCount: number | null;
  /** The platform's label ("75.5K"). */
  mediaCountText: string | null;
  profilePicUrl: string | null;
  /** The platform's line under the name ("See a few top posts each week"). */
  subtitle: string | null;
  isTrending: boolean | null;
}

/** Reads `data` of `GET /api/v1/tags/web_info/` (id, name, media_count, formatted_media_count, is_trending). */
export function readHashtagInfo(data: JsonView): HashtagInfo {
  return {
    id: data.id("id"),
    name: data.text("name"),
    mediaCount: data.int("media_count"),
    mediaCountText: data.text("formatted_media_count"),
    profilePicUrl: data.text("profile_pic_url"),
    subtitle: data.text("subtitle"),
    isTrending: data.bool("is_trending"),
  };
}

const MAX_DEPTH = 6;

/** Collects `media` objects below a section's `layout_content`, in document order, whatever the layout. */
function collectMedia(value: unknown, out: JsonView[], depth: number): void {
  if (depth > MAX_DEPTH || typeof value !== "object" || value === null) return;
  for (const item of Array.isArray(value) ? value : Object.values(value)) {
    const media = view(item).at("media");
    if (media.isObject() && (media.text("code") || media.id("pk"))) out.push(media);
    else collectMedia(item, out, depth + 1);
  }
}

/**
 * The media of a hashtag page tab (`top` or `recent`): `sections[].layout_content`, whose layouts are
 * `media_grid` (`medias[].media`) and `one_by_two_left|right` (`one_by_two_item.clips.items[].media` plus
 * `fill_items[].media`). Other layouts are searched for `media` objects the same way, so a new layout does not lose
 * its posts. Order: the platform's, duplicates dropped.
 * @returns the rows and the number of sections that held no media (for a debug log).
 */
export function readHashtagSections(tab: JsonView): { rows: Media[]; emptySections: number } {
  const rows: Media[] = [];
  const seen = new Set<string>();
  let emptySections = 0;
  for (const section of tab.list("sections")) {
    const found: JsonView[] = [];
    const content = section.at("layout_content");
    collectMedia(content.value, found, 0);
    if (found.length === 0) emptySections++;
    for (const node of found) {
      const media = readMedia(node);
      const key = media?.id ?? media?.shortcode;
      if (!media || !key || seen.has(key)) continue;
      seen.add(key);
      rows.push(media);
    }
  }
  return { rows, emptySections };
}

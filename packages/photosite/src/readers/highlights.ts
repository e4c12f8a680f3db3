import type { JsonView } from "./json-view.ts";
import { readMedia } from "./media.ts";
import type { UserRef } from "./model.ts";
import { epochIso, largestVersion, readUser } from "./parts.ts";

/** A story highlight album of a profile. */
export interface HighlightAlbum {
  /** The numeric highlight id (without the v1 `highlight:` prefix). */
  id: string;
  title: string | null;
  /** Cover image URL (the cropped cover when the answer has it). */
  cover: string | null;
  owner: UserRef | null;
  /** Items in the album, when the answer says (`media_count`). */
  itemCount: number | null;
  createdAt: string | null;
}

/** One story item of a highlight album. */
export interface HighlightItem {
  id: string | null;
  highlightId: string;
  type: "image" | "video" | null;
  takenAt: string | null;
  imageUrl: string | null;
  videoUrl: string | null;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
}

const bareId = (id: string | null) => (id ? id.replace(/^highlight:/, "") : null);

/**
 * Reads one album of either answer: the v1 highlights tray (`tray[]`: `id` "highlight:<id>", `title`,
 * `cover_media.cropped_image_version.url`, `user`, `media_count`, `created_at`) or the retired Graph answer
 * (`edge_highlight_reels` nodes: `id`, `title`, `cover_media_cropped_thumbnail.url`, `cover_media.thumbnail_src`,
 * `owner`).
 * @returns null without an id.
 */
export function readHighlightAlbum(node: JsonView): HighlightAlbum | null {
  const id = bareId(node.id("id"));
  if (!id) return null;
  return {
    id,
    title: node.string("title"),
    cover:
      node.text("cover_media", "cropped_image_version", "url") ??
      largestVersion(node.list("cover_media", "image_versions2", "candidates")) ??
      node.text("cover_media_cropped_thumbnail", "url") ??
      node.text("cover_media", "thumbnail_src"),
    owner: readUser(node.at("user"), node.at("owner")),
    itemCount: node.int("media_count"),
    createdAt: epochIso(node.number("created_at")),
  };
}

/** Reads the story items of one album (v1 story items or Graph `GraphStoryImage|Video`), skipping unknown kinds. */
export function readHighlightItems(
  album: JsonView,
  highlightId: string,
): { items: HighlightItem[]; skipped: number } {
  const items: HighlightItem[] = [];
  let skipped = 0;
  for (const node of album.list("items")) {
    const media = readMedia(node);
    if (!media || media.type === "carousel") {
      skipped++;
      continue;
    }
    items.push({
      id: media.id,
      highlightId,
      type: media.type,
      takenAt: media.takenAt,
      imageUrl: media.imageUrl,
      videoUrl: media.videoUrl,
      width: media.width,
      height: media.height,
      durationSeconds: media.durationSeconds,
    });
  }
  return { items, skipped };
}

import type { JsonView } from "./json-view.ts";
import { readGraphMedia } from "./media-graph.ts";
import { readV1Media } from "./media-v1.ts";
import type { Media } from "./model.ts";

/**
 * Reads a media object of either family: Graph nodes carry `__typename: Graph*` or `shortcode`; everything else is
 * read as a v1 / `xdt_*` media dict (`code`, `media_type`).
 * @returns null when the value is not an object or has neither a shortcode nor an id (an unknown item kind, which
 *   the list readers skip and count).
 */
export function readMedia(item: JsonView): Media | null {
  if (!item.isObject()) return null;
  const typename = item.string("__typename") ?? "";
  const media =
    typename.startsWith("Graph") || item.text("shortcode") ? readGraphMedia(item) : readV1Media(item);
  return media.shortcode === null && media.id === null ? null : media;
}

import { readThumbnails, type Thumbnail } from "../video/player-reader.ts";
import { arrayAt, isObject, objectAt } from "./json.ts";

/**
 * Reads an image list in either shape the platform uses: renderers' `{ thumbnails: [...] }` and view models'
 * `{ sources: [...] }` (also `{ image: { sources } }`). Protocol-relative URLs (`//yt3.ggpht.com/…`) become https.
 */
export function readImages(value: unknown): Thumbnail[] {
  if (!isObject(value)) return [];
  if (Array.isArray(value.thumbnails)) return readThumbnails(value);
  const sources = Array.isArray(value.sources) ? value.sources : arrayAt(objectAt(value, "image"), "sources");
  return readThumbnails({ thumbnails: sources });
}

/** The URL of the largest image (by pixel area; the last one when sizes are unknown), or null. */
export function largestImage(images: readonly Thumbnail[]): string | null {
  let best: Thumbnail | null = null;
  for (const image of images)
    if (!best || (image.width ?? 0) * (image.height ?? 0) >= (best.width ?? 0) * (best.height ?? 0))
      best = image;
  return best?.url ?? null;
}

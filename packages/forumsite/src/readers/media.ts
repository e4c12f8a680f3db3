import { asRecord, bool, int, type JsonRecord, list, record, str, text } from "./json.ts";

/**
 * Media of a post (`t3`), read from the fields the platform sets per kind: `is_self`, `is_gallery` + `gallery_data` +
 * `media_metadata`, `is_video` + `media.reddit_video`, `post_hint` (`image`, `hosted:video`, `rich:video`, `link`),
 * `preview.images[]`, `media.oembed` for embedded third-party players.
 */

/** What a post shows: its own text, a link, an image, a gallery of images/videos, or a video. */
export type MediaKind = "self" | "link" | "image" | "gallery" | "video";

/** One picture or clip of a gallery post, in gallery order. */
export interface GalleryItem {
  mediaId: string;
  /** `image`, `animated` (GIF) or `video`. Null while the platform has not processed the upload. */
  type: "image" | "animated" | "video" | null;
  /** Full-size file: `i.redd.it/<mediaId>.<ext>` for images, the MP4/GIF for animated items, HLS for videos. */
  url: string | null;
  /** The platform's preview of the largest size (`s.u`), when processed. */
  previewUrl: string | null;
  width: number | null;
  height: number | null;
  mimeType: string | null;
  caption: string | null;
  outboundUrl: string | null;
}

/** A picture of an image post (the `preview` source and the linked file). */
export interface ImageInfo {
  url: string;
  width: number | null;
  height: number | null;
}

/** A video: hosted by the platform (`provider: "reddit"`) or an embedded player of another site. */
export interface VideoInfo {
  provider: string;
  /** Playable file: the hosted MP4 (`fallback_url`, video track only when `hasAudio` is false) or the page URL. */
  url: string | null;
  hlsUrl: string | null;
  dashUrl: string | null;
  durationSeconds: number | null;
  width: number | null;
  height: number | null;
  hasAudio: boolean | null;
  isGif: boolean | null;
  thumbnailUrl: string | null;
}

/** All media of a post. */
export interface PostMedia {
  kind: MediaKind;
  images: ImageInfo[];
  gallery: GalleryItem[];
  video: VideoInfo | null;
}

const IMAGE_URL = /\.(?:jpe?g|png|gif|webp|avif)(?:[?#]|$)/i;
const VIDEO_URL = /\.(?:mp4|gifv|webm)(?:[?#]|$)/i;

function hostedVideo(data: JsonRecord): JsonRecord | null {
  return (
    record(record(data, "secure_media"), "reddit_video") ??
    record(record(data, "media"), "reddit_video") ??
    record(record(data, "preview"), "reddit_video_preview")
  );
}

function oembed(data: JsonRecord): JsonRecord | null {
  return record(record(data, "secure_media"), "oembed") ?? record(record(data, "media"), "oembed");
}

/** Which kind of post this is (see {@link MediaKind}); `link` when nothing more specific is known. */
export function mediaKind(data: JsonRecord): MediaKind {
  if (bool(data, "is_gallery") === true || record(data, "gallery_data")) return "gallery";
  if (bool(data, "is_self") === true) return "self";
  const hint = str(data, "post_hint");
  if (bool(data, "is_video") === true || record(record(data, "media"), "reddit_video")) return "video";
  if (hint === "hosted:video" || hint === "rich:video") return "video";
  if (hint === "image") return "image";
  if (str(oembed(data), "type") === "video") return "video";
  const url = str(data, "url") ?? "";
  const domain = str(data, "domain") ?? "";
  if (domain === "i.redd.it" || IMAGE_URL.test(url)) return "image";
  if (domain === "v.redd.it" || VIDEO_URL.test(url)) return "video";
  return "link";
}

/** The platform's thumbnail URL; null for its placeholders (`self`, `default`, `nsfw`, `spoiler`, `image`, ``). */
export function thumbnailOf(data: JsonRecord): string | null {
  const thumbnail = str(data, "thumbnail");
  return thumbnail && /^https?:\/\//i.test(thumbnail) ? thumbnail : null;
}

function fileExtension(mimeType: string | null): string | null {
  const subtype = mimeType?.split("/")[1]?.toLowerCase();
  if (!subtype) return null;
  return subtype === "jpeg" ? "jpg" : subtype;
}

/**
 * Reads one gallery item: `gallery_data.items[i]` (order, caption, outbound link) joined with
 * `media_metadata[media_id]` (`status`, `e` = Image | AnimatedImage | RedditVideo, `m` mime type, `s` source).
 */
function readGalleryItem(item: JsonRecord, metadata: JsonRecord | null): GalleryItem | null {
  const mediaId = text(item, "media_id");
  if (!mediaId) return null;
  const meta = record(metadata, mediaId);
  const valid = str(meta, "status") === "valid";
  const kind = str(meta, "e");
  const source = record(meta, "s");
  const mimeType = str(meta, "m");
  let type: GalleryItem["type"] = null;
  let url: string | null = null;
  if (valid && kind === "Image") {
    type = "image";
    const extension = fileExtension(mimeType);
    url = extension ? `https://i.redd.it/${mediaId}.${extension}` : str(source, "u");
  } else if (valid && kind === "AnimatedImage") {
    type = "animated";
    url = str(source, "mp4") ?? str(source, "gif");
  } else if (valid && kind === "RedditVideo") {
    type = "video";
    url = str(meta, "hlsUrl") ?? str(meta, "dashUrl");
  }
  return {
    mediaId,
    type,
    url,
    previewUrl: str(source, "u") ?? str(source, "gif"),
    width: int(source, "x") ?? int(meta, "x"),
    height: int(source, "y") ?? int(meta, "y"),
    mimeType,
    caption: text(item, "caption"),
    outboundUrl: text(item, "outbound_url"),
  };
}

function readGallery(data: JsonRecord): GalleryItem[] {
  const metadata = record(data, "media_metadata");
  const items: GalleryItem[] = [];
  for (const entry of list(record(data, "gallery_data"), "items")) {
    const item = asRecord(entry);
    const read = item ? readGalleryItem(item, metadata) : null;
    if (read) items.push(read);
  }
  return items;
}

function readImages(data: JsonRecord, kind: MediaKind): ImageInfo[] {
  const images: ImageInfo[] = [];
  for (const entry of list(record(data, "preview"), "images")) {
    const source = record(asRecord(entry), "source");
    const url = str(source, "url");
    if (url) images.push({ url, width: int(source, "width"), height: int(source, "height") });
  }
  // The linked file itself is the full-size image; the preview is a re-encoded copy.
  const linked = str(data, "url");
  if (kind === "image" && linked && IMAGE_URL.test(linked) && !images.some((i) => i.url === linked)) {
    const size = images[0];
    images.unshift({ url: linked, width: size?.width ?? null, height: size?.height ?? null });
  }
  return images;
}

function readVideo(data: JsonRecord, kind: MediaKind): VideoInfo | null {
  const hosted = hostedVideo(data);
  if (hosted)
    return {
      provider: "reddit",
      url: str(hosted, "fallback_url"),
      hlsUrl: str(hosted, "hls_url"),
      dashUrl: str(hosted, "dash_url"),
      durationSeconds: int(hosted, "duration"),
      width: int(hosted, "width"),
      height: int(hosted, "height"),
      hasAudio: bool(hosted, "has_audio"),
      isGif: bool(hosted, "is_gif"),
      thumbnailUrl: thumbnailOf(data),
    };
  if (kind !== "video") return null;
  const embed = oembed(data);
  return {
    provider: str(embed, "provider_name") ?? str(data, "domain") ?? "unknown",
    url: str(data, "url_overridden_by_dest") ?? str(data, "url"),
    hlsUrl: null,
    dashUrl: null,
    durationSeconds: null,
    width: int(embed, "width"),
    height: int(embed, "height"),
    hasAudio: null,
    isGif: null,
    thumbnailUrl: str(embed, "thumbnail_url") ?? thumbnailOf(data),
  };
}

/** Reads every medium of a post (see {@link PostMedia}); empty lists and null when the post has none. */
export function readMedia(data: JsonRecord): PostMedia {
  const kind = mediaKind(data);
  return {
    kind,
    images: kind === "image" || kind === "link" || kind === "video" ? readImages(data, kind) : [],
    gallery: kind === "gallery" ? readGallery(data) : [],
    video: readVideo(data, kind),
  };
}

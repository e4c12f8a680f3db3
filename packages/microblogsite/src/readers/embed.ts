import { toUtcIso } from "@sda/text";
import type { z } from "zod";
import type { embed as embedShape } from "../spec/shapes.ts";
import { readPostAuthor } from "./actor.ts";
import { rawPostRecord, rawProfileView } from "./lexicon.ts";
import { recordUrl } from "./urls.ts";

/**
 * The embed of a post from the AppView's hydrated view (`post.embed`, `app.bsky.embed.*#view`): images with alt text,
 * a video, an external link card, a quoted post or another record, or media with a quote (`recordWithMedia`).
 */

/** A post's embed. */
export type Embed = z.output<typeof embedShape>;
type QuotedPost = NonNullable<Embed["quotedPost"]>;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null;
const text = (value: unknown): string | null => (typeof value === "string" ? value : null);
const int = (value: unknown): number | null =>
  typeof value === "number" && Number.isFinite(value) ? value : null;
const aspect = (view: Json) => {
  const ratio = isObject(view.aspectRatio) ? view.aspectRatio : {};
  return { width: int(ratio.width), height: int(ratio.height) };
};

/** `images#view`'s images. */
function readImages(view: Json): Embed["images"] {
  const images = Array.isArray(view.images) ? view.images.filter(isObject) : [];
  return images.flatMap((image) => {
    const url = text(image.fullsize) ?? text(image.thumb);
    return url ? [{ url, thumbnail: text(image.thumb), alt: text(image.alt) ?? "", ...aspect(image) }] : [];
  });
}

/** The kinds of records a record embed can show besides posts, by the view's `$type`. */
const RECORD_VIEW_KINDS: Record<string, string> = {
  "app.bsky.feed.defs#generatorView": "feed",
  "app.bsky.graph.defs#listView": "list",
  "app.bsky.graph.defs#starterPackViewBasic": "starterPack",
  "app.bsky.labeler.defs#labelerView": "labeler",
};

/** The quoted post of a `record#view`'s `record`, or null when it is another kind of record. */
function readQuotedPost(view: Json): QuotedPost | null {
  const uri = text(view.uri);
  if (!uri) return null;
  const type = text(view.$type) ?? "";
  const unavailable = type.endsWith("#viewNotFound")
    ? "notFound"
    : type.endsWith("#viewBlocked")
      ? "blocked"
      : type.endsWith("#viewDetached")
        ? "detached"
        : null;
  if (unavailable !== null || !type.endsWith("#viewRecord"))
    return unavailable === null
      ? null
      : {
          id: uri,
          cid: null,
          url: recordUrl(uri, null),
          text: null,
          createdAt: null,
          author: null,
          likeCount: null,
          repostCount: null,
          replyCount: null,
          quoteCount: null,
          unavailable,
        };
  const author = rawProfileView.safeParse(view.author);
  const record = rawPostRecord.safeParse(view.value);
  const handle = author.success ? author.data.handle : null;
  return {
    id: uri,
    cid: text(view.cid),
    url: recordUrl(uri, handle),
    text: record.success ? (record.data.text ?? "") : null,
    createdAt: record.success ? toUtcIso(record.data.createdAt) : null,
    author: author.success ? readPostAuthor(author.data) : null,
    likeCount: int(view.likeCount),
    repostCount: int(view.repostCount),
    replyCount: int(view.replyCount),
    quoteCount: int(view.quoteCount),
    unavailable: null,
  };
}

/** Another record a `record#view` shows: a feed generator, list, starter pack or labeler. */
function readOtherRecord(view: Json): Embed["record"] {
  const kind = RECORD_VIEW_KINDS[text(view.$type) ?? ""];
  const uri = text(view.uri);
  if (!kind || !uri) return null;
  const creator = isObject(view.creator) ? view.creator : {};
  const name =
    text(view.displayName) ?? text(view.name) ?? (isObject(view.record) ? text(view.record.name) : null);
  return { type: kind, id: uri, name, url: recordUrl(uri, text(creator.handle)) };
}

/** The media part (images, video, external) of a view into `into`. */
function readMedia(view: Json, into: Embed): void {
  const type = text(view.$type) ?? "";
  if (type === "app.bsky.embed.images#view") into.images = readImages(view);
  else if (type === "app.bsky.embed.video#view")
    into.video = {
      playlist: text(view.playlist),
      thumbnail: text(view.thumbnail),
      alt: text(view.alt),
      ...aspect(view),
    };
  else if (type === "app.bsky.embed.external#view" && isObject(view.external)) {
    const external = view.external;
    const uri = text(external.uri);
    if (uri)
      into.external = {
        url: uri,
        title: text(external.title) || null,
        description: text(external.description) || null,
        thumbnail: text(external.thumb),
      };
  }
}

/** The `record` part of a `record#view` into `into`. */
function readRecord(view: Json, into: Embed): void {
  if (!isObject(view.record)) return;
  into.quotedPost = readQuotedPost(view.record);
  if (!into.quotedPost) into.record = readOtherRecord(view.record);
}

/** Short names of the embed views. */
const EMBED_TYPES: Record<string, string> = {
  "app.bsky.embed.images#view": "images",
  "app.bsky.embed.video#view": "video",
  "app.bsky.embed.external#view": "external",
  "app.bsky.embed.record#view": "record",
  "app.bsky.embed.recordWithMedia#view": "recordWithMedia",
};

/**
 * Reads a post view's `embed`.
 * @returns the embed, or null when the post embeds nothing (or something this reader does not know: its `type` is
 *   then the view's `$type` with every part empty).
 */
export function readEmbed(view: unknown): Embed | null {
  if (!isObject(view)) return null;
  const $type = text(view.$type) ?? "";
  const into: Embed = {
    type: EMBED_TYPES[$type] ?? $type,
    images: [],
    video: null,
    external: null,
    quotedPost: null,
    record: null,
  };
  if ($type === "app.bsky.embed.record#view") readRecord(view, into);
  else if ($type === "app.bsky.embed.recordWithMedia#view") {
    if (isObject(view.media)) readMedia(view.media, into);
    if (isObject(view.record)) readRecord(view.record, into);
  } else readMedia(view, into);
  return into;
}

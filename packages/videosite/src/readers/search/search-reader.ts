import { countField } from "@sda/text";
import { ORIGIN } from "../../inputs/site.ts";
import { largestImage, readImages } from "../innertube/images.ts";
import { arrayAt, type JsonObject, objectAt, stringAt, textOf } from "../innertube/json.ts";
import { readListPage } from "../listing/list-page.ts";
import {
  type ChannelSummary,
  channelUrl,
  handleOf,
  summaryFromAttributedText,
  summaryFromByline,
} from "../listing/owner.ts";
import { readVideoCard } from "../listing/video-card.ts";
import {
  type ChannelHit,
  type PlaylistHit,
  type SearchHit,
  subscriberCount,
  type VideoHit,
  videoHit,
} from "./hits.ts";

/**
 * Search answers (`POST /youtubei/v1/search`): the first page nests results in
 * `contents.twoColumnSearchResultsRenderer.primaryContents.sectionListRenderer.contents[].itemSectionRenderer`,
 * continuation pages append `itemSectionRenderer`s through `onResponseReceivedCommands`. Result kinds: `videoRenderer`
 * (videos, shorts with a `reelWatchEndpoint`, live streams with a LIVE badge), `gridShelfViewModel` /
 * `reelShelfRenderer` (shorts shelves of `shortsLockupViewModel` / `reelItemRenderer`), `shelfRenderer` (titled video
 * shelves), `channelRenderer`, `lockupViewModel` (playlists, and videos in some experiments), `playlistRenderer`,
 * `radioRenderer`; spelling notices `didYouMeanRenderer`, `showingResultsForRenderer`,
 * `includingResultsForRenderer`. Anything else (ads, crisis onebox, "searches related to") is skipped.
 */

/** The platform's note on the query's spelling. */
export interface SpellingNote {
  /** `did_you_mean`: results are for the query as typed; `showing_results_for` / `including_results_for`: the
   *  platform searched (also) for the corrected query. */
  kind: "did_you_mean" | "showing_results_for" | "including_results_for";
  correctedQuery: string | null;
  originalQuery: string | null;
}

/** One search answer, read. */
export interface SearchPage {
  hits: SearchHit[];
  next: string | null;
  spelling: SpellingNote | null;
  /** `estimatedResults` of the answer (a rough platform estimate), or null. */
  estimatedResults: number | null;
  skipped: number;
}

function channelHit(renderer: JsonObject): ChannelHit | null {
  const id = stringAt(renderer, "channelId");
  if (!id) return null;
  const browse = objectAt(renderer, "navigationEndpoint", "browseEndpoint");
  // The platform puts the handle in `subscriberCountText` and the subscribers in `videoCountText` when the channel
  // has a handle; classify each text by what it says instead of by its key.
  const texts = [renderer.subscriberCountText, renderer.videoCountText].map((value) => ({
    text: textOf(value)?.trim() || null,
    label: stringAt(value, "accessibility", "accessibilityData", "label") ?? null,
  }));
  const handle =
    handleOf(stringAt(browse, "canonicalBaseUrl")) ??
    texts.find((t) => t.text?.startsWith("@"))?.text ??
    null;
  const subscribers = texts.find((t) => /subscriber/i.test(t.text ?? ""));
  const videos = texts.find((t) => /\bvideos?\b/i.test(t.text ?? ""));
  const subs = subscriberCount(subscribers?.text ?? null, subscribers?.label ?? null);
  const title = textOf(renderer.title)?.trim() || null;
  const thumbnail = largestImage(readImages(renderer.thumbnail));
  const badges = arrayAt(renderer, "ownerBadges").flatMap((badge) => {
    const label =
      stringAt(badge, "metadataBadgeRenderer", "tooltip") ??
      stringAt(badge, "metadataBadgeRenderer", "label");
    return label ? [label] : [];
  });
  const verified = arrayAt(renderer, "ownerBadges").some((badge) =>
    (stringAt(badge, "metadataBadgeRenderer", "style") ?? "").startsWith("BADGE_STYLE_TYPE_VERIFIED"),
  );
  const channel: ChannelSummary = { id, title, handle, url: channelUrl(id, handle), thumbnail };
  return {
    type: "channel",
    id,
    url: channel.url ?? `${ORIGIN}/channel/${id}`,
    title,
    thumbnailUrl: thumbnail,
    channelName: title,
    channelId: id,
    channel,
    badges,
    handle,
    description: textOf(renderer.descriptionSnippet) ?? null,
    subscriberCount: subs.count,
    subscriberCountText: subs.text,
    subscriberCountIsApproximate: subs.isApproximate,
    videoCount: countField(videos?.text).count,
    verified,
  };
}

function playlistHit(
  id: string,
  title: string | null,
  thumbnails: unknown,
  channel: ChannelSummary | null,
  videoCountText: string | null,
  updatedText: string | null,
): PlaylistHit {
  return {
    type: "playlist",
    id,
    url: `${ORIGIN}/playlist?list=${id}`,
    title,
    thumbnailUrl: largestImage(readImages(thumbnails)),
    channelName: channel?.title ?? null,
    channelId: channel?.id ?? null,
    channel,
    badges: [],
    videoCount: countField(videoCountText).count,
    videoCountText,
    updatedText,
  };
}

/** `lockupViewModel` of a playlist, podcast or mix (`contentType` `LOCKUP_CONTENT_TYPE_PLAYLIST|PODCAST`). */
function playlistLockup(model: JsonObject): PlaylistHit | null {
  const id = stringAt(model, "contentId");
  const type = stringAt(model, "contentType") ?? "";
  if (!id || !/PLAYLIST|PODCAST|ALBUM/.test(type)) return null;
  const metadata = objectAt(model, "metadata", "lockupMetadataViewModel");
  let channel: ChannelSummary | null = null;
  let updated: string | null = null;
  for (const row of arrayAt(metadata, "metadata", "contentMetadataViewModel", "metadataRows"))
    for (const part of arrayAt(row, "metadataParts")) {
      const text = objectAt(part, "text");
      const named: ChannelSummary | null = channel ? null : summaryFromAttributedText(text);
      if (named?.id) channel = named;
      else if (/\bupdated\b/i.test(stringAt(text, "content") ?? ""))
        updated = stringAt(text, "content") ?? null;
    }
  const image = objectAt(
    model,
    "contentImage",
    "collectionThumbnailViewModel",
    "primaryThumbnail",
    "thumbnailViewModel",
  );
  const count = arrayAt(image, "overlays")
    .flatMap((overlay) => arrayAt(overlay, "thumbnailOverlayBadgeViewModel", "thumbnailBadges"))
    .map((badge) => stringAt(badge, "thumbnailBadgeViewModel", "text"))
    .find((text) => text !== undefined && /\d/.test(text));
  return playlistHit(
    id,
    stringAt(metadata, "title", "content")?.trim() || null,
    objectAt(image, "image"),
    channel,
    count ?? null,
    updated,
  );
}

/** Older `playlistRenderer` / `radioRenderer` cards. */
function playlistRendererHit(renderer: JsonObject): PlaylistHit | null {
  const id = stringAt(renderer, "playlistId");
  if (!id) return null;
  const byline = renderer.longBylineText ?? renderer.shortBylineText;
  const count = textOf(renderer.videoCountText) ?? stringAt(renderer, "videoCount");
  return playlistHit(
    id,
    textOf(renderer.title)?.trim() || null,
    objectAt(renderer, "thumbnails", 0) ?? objectAt(renderer, "thumbnail"),
    summaryFromByline(byline),
    count ? (/\D/.test(count) ? count : `${count} videos`) : null,
    null,
  );
}

function shelfVideos(shelf: JsonObject, reference: Date): VideoHit[] {
  const content = objectAt(shelf, "content");
  const items = [
    ...arrayAt(content, "verticalListRenderer", "items"),
    ...arrayAt(content, "horizontalListRenderer", "items"),
    ...arrayAt(content, "expandedShelfContentsRenderer", "items"),
    ...arrayAt(shelf, "contents"),
    ...arrayAt(shelf, "items"),
  ];
  return items.flatMap((item) => {
    const card = readVideoCard(item);
    return card ? [videoHit(card, reference)] : [];
  });
}

function spellingOf(item: unknown): SpellingNote | null {
  const kinds = [
    ["didYouMeanRenderer", "did_you_mean"],
    ["showingResultsForRenderer", "showing_results_for"],
    ["includingResultsForRenderer", "including_results_for"],
  ] as const;
  for (const [key, kind] of kinds) {
    const renderer = objectAt(item, key);
    if (!renderer) continue;
    return {
      kind,
      correctedQuery:
        stringAt(renderer, "correctedQueryEndpoint", "searchEndpoint", "query") ??
        textOf(renderer.correctedQuery) ??
        null,
      originalQuery:
        stringAt(renderer, "originalQueryEndpoint", "searchEndpoint", "query") ??
        textOf(renderer.originalQuery) ??
        null,
    };
  }
  return null;
}

/** Reads one item into zero (skipped), one, or several hits (a shorts shelf gives one hit per short). */
function readItem(wrapped: unknown, reference: Date): SearchHit[] | null {
  const item = objectAt(wrapped, "richItemRenderer", "content") ?? wrapped;
  const card = readVideoCard(item);
  if (card) return [videoHit(card, reference)];
  const shortsShelf = objectAt(item, "gridShelfViewModel") ?? objectAt(item, "reelShelfRenderer");
  if (shortsShelf)
    return [...arrayAt(shortsShelf, "contents"), ...arrayAt(shortsShelf, "items")].flatMap((entry) => {
      const short = readVideoCard(entry);
      return short ? [videoHit({ ...short, isShort: true }, reference)] : [];
    });
  const shelf = objectAt(item, "shelfRenderer") ?? objectAt(item, "richShelfRenderer");
  if (shelf)
    return [
      {
        type: "shelf",
        id: null,
        url: null,
        title: textOf(shelf.title)?.trim() || null,
        items: shelfVideos(shelf, reference),
      },
    ];
  const channel = objectAt(item, "channelRenderer");
  if (channel) return nonNull(channelHit(channel));
  const lockup = objectAt(item, "lockupViewModel");
  if (lockup) return nonNull(playlistLockup(lockup));
  const playlist = objectAt(item, "playlistRenderer") ?? objectAt(item, "radioRenderer");
  if (playlist) return nonNull(playlistRendererHit(playlist));
  return null;
}

function nonNull<T>(value: T | null): T[] | null {
  return value === null ? null : [value];
}

/**
 * Reads a search answer (first page or continuation).
 * @param reference the answer's `Date` (relative labels resolve against it).
 */
export function readSearchPage(answer: unknown, reference: Date): SearchPage {
  const list = readListPage(answer);
  const page: SearchPage = { hits: [], next: list.next, spelling: null, estimatedResults: null, skipped: 0 };
  const estimate = Number(stringAt(answer, "estimatedResults"));
  page.estimatedResults = Number.isSafeInteger(estimate) ? estimate : null;
  // One answer can list a short twice (two shorts shelves that overlap): keep the first occurrence.
  const seen = new Set<string>();
  for (const item of list.items) {
    const spelling = spellingOf(item);
    if (spelling) {
      page.spelling = spelling;
      continue;
    }
    const hits = readItem(item, reference);
    if (!hits) page.skipped += 1;
    for (const hit of hits ?? []) {
      const key = hit.type === "shelf" ? null : `${hit.type}:${hit.id}`;
      if (key && seen.has(key)) continue;
      if (key) seen.add(key);
      page.hits.push(hit);
    }
  }
  return page;
}

import {
  parseCount,
  parseDateLabel,
  parseDurationText,
  parseIntegerString,
  parseRelativeTime,
} from "@sda/text";
import { largestImage, readImages } from "../innertube/images.ts";
import {
  arrayAt,
  at,
  booleanAt,
  firstRenderer,
  isObject,
  type JsonObject,
  objectAt,
  stringAt,
  textOf,
} from "../innertube/json.ts";
import type { Thumbnail } from "../video/player-reader.ts";
import { type ChannelSummary, ownerAvatar, summaryFromAttributedText, summaryFromByline } from "./owner.ts";

/**
 * One video as a list shows it (channel tabs, playlists, search, shelves), read from any of the platform's card
 * shapes into one typed record. Labels are kept as shown; `rows.ts` and the search hit builder turn them into
 * counts and approximate times.
 */
export interface VideoCard {
  videoId: string;
  title: string | null;
  /** Snippet of the description when the card shows one (search results, older grids). */
  description: string | null;
  isShort: boolean;
  /** Live now (LIVE badge or overlay). */
  isLive: boolean;
  /** Scheduled premiere or stream that has not started. */
  isUpcoming: boolean;
  durationSeconds: number | null;
  /** View label: "1,862 views", "1.5m views", "1,071 watching", "No views". */
  viewCountText: string | null;
  /** Relative or absolute time label: "2 hours ago", "Streamed 3 days ago", "Scheduled for …". */
  publishedTimeText: string | null;
  /** Badges shown on the card ("New", "4K", "CC", "LIVE", "Members only"). */
  badges: string[];
  thumbnails: Thumbnail[];
  channel: ChannelSummary | null;
  /** Verified badge beside the channel name: true, false, or null when the card shows no channel at all. */
  channelVerified: boolean | null;
  /** 1-based position in a playlist, else null. */
  position: number | null;
  /** False for deleted/private entries of a playlist; null when the card does not say. */
  isPlayable: boolean | null;
}

/** Card renderer keys this reader understands, including their rich/shelf wrappers. */
export const VIDEO_CARD_KEYS = [
  "videoRenderer",
  "gridVideoRenderer",
  "compactVideoRenderer",
  "playlistVideoRenderer",
  "playlistPanelVideoRenderer",
  "reelItemRenderer",
  "shortsLockupViewModel",
  "lockupViewModel",
] as const;

const VERIFIED_STYLES = new Set(["BADGE_STYLE_TYPE_VERIFIED", "BADGE_STYLE_TYPE_VERIFIED_ARTIST"]);

function labelsOf(badges: unknown): { labels: string[]; styles: string[] } {
  const labels: string[] = [];
  const styles: string[] = [];
  for (const badge of Array.isArray(badges) ? badges : []) {
    const renderer = objectAt(badge, "metadataBadgeRenderer");
    const label = stringAt(renderer, "label") ?? stringAt(badge, "badgeViewModel", "badgeText");
    if (label) labels.push(label);
    const style = stringAt(renderer, "style") ?? stringAt(badge, "badgeViewModel", "badgeStyle");
    if (style) styles.push(style);
  }
  return { labels, styles };
}

/** Overlay styles of the older renderers' `thumbnailOverlays` (`DEFAULT`, `SHORTS`, `LIVE`, `UPCOMING`). */
function overlayStyles(renderer: JsonObject): string[] {
  return arrayAt(renderer, "thumbnailOverlays").flatMap((overlay) => {
    const style = stringAt(overlay, "thumbnailOverlayTimeStatusRenderer", "style");
    return style ? [style] : [];
  });
}

function overlayDuration(renderer: JsonObject): string | undefined {
  for (const overlay of arrayAt(renderer, "thumbnailOverlays")) {
    const text = textOf(at(overlay, "thumbnailOverlayTimeStatusRenderer", "text"));
    if (text) return text;
  }
  return undefined;
}

function verifiedOf(renderer: JsonObject): boolean {
  return labelsOf(renderer.ownerBadges).styles.some((style) => VERIFIED_STYLES.has(style));
}

/** `videoRenderer`, `gridVideoRenderer`, `compactVideoRenderer`, `playlistVideoRenderer`, `playlistPanelVideoRenderer`. */
function fromVideoRenderer(renderer: JsonObject): VideoCard | null {
  const videoId = stringAt(renderer, "videoId");
  if (!videoId) return null;
  const { labels, styles } = labelsOf(renderer.badges);
  const overlays = overlayStyles(renderer);
  const byline = renderer.longBylineText ?? renderer.ownerText ?? renderer.shortBylineText;
  const channel = summaryFromByline(byline, ownerAvatar(renderer));
  const info = arrayAt(renderer, "videoInfo", "runs").map((run) => stringAt(run, "text") ?? "");
  const infoParts = info.filter((part) => part.trim() && part.trim() !== "•");
  const viewText = textOf(renderer.viewCountText) ?? (infoParts.length > 1 ? infoParts[0] : undefined);
  const timeText =
    textOf(renderer.publishedTimeText) ?? (infoParts.length > 1 ? infoParts.at(-1) : undefined);
  const isShort =
    objectAt(renderer, "navigationEndpoint", "reelWatchEndpoint") !== undefined ||
    overlays.includes("SHORTS");
  const lengthText = textOf(renderer.lengthText) ?? overlayDuration(renderer);
  return {
    videoId,
    title: (textOf(renderer.title) ?? textOf(renderer.headline))?.trim() || null,
    description:
      textOf(renderer.descriptionSnippet) ??
      textOf(at(renderer, "detailedMetadataSnippets", 0, "snippetText")) ??
      null,
    isShort,
    isLive: styles.includes("BADGE_STYLE_TYPE_LIVE_NOW") || overlays.includes("LIVE"),
    isUpcoming: objectAt(renderer, "upcomingEventData") !== undefined || overlays.includes("UPCOMING"),
    durationSeconds: parseIntegerString(renderer.lengthSeconds) ?? parseDurationText(lengthText),
    viewCountText: viewText?.trim() || null,
    publishedTimeText: timeText?.trim() || null,
    badges: labels,
    thumbnails: readImages(renderer.thumbnail),
    channel,
    channelVerified: channel ? verifiedOf(renderer) : null,
    position: parseIntegerString(textOf(renderer.index)),
    isPlayable: booleanAt(renderer, "isPlayable") ?? null,
  };
}

/** `reelItemRenderer` (older shorts shelves and tabs). */
function fromReelItem(renderer: JsonObject): VideoCard | null {
  const videoId = stringAt(renderer, "videoId");
  if (!videoId) return null;
  return {
    ...emptyCard(videoId),
    title: textOf(renderer.headline)?.trim() || null,
    isShort: true,
    viewCountText: textOf(renderer.viewCountText)?.trim() || null,
    thumbnails: readImages(renderer.thumbnail),
  };
}

/** `shortsLockupViewModel` (current shorts tab, shorts shelves in search). */
function fromShortsLockup(model: JsonObject): VideoCard | null {
  const videoId =
    stringAt(model, "onTap", "innertubeCommand", "reelWatchEndpoint", "videoId") ??
    /^shorts-shelf-item-(.+)$/.exec(stringAt(model, "entityId") ?? "")?.[1];
  if (!videoId) return null;
  return {
    ...emptyCard(videoId),
    title: stringAt(model, "overlayMetadata", "primaryText", "content")?.trim() || null,
    isShort: true,
    viewCountText: stringAt(model, "overlayMetadata", "secondaryText", "content")?.trim() || null,
    thumbnails: readImages(
      objectAt(model, "thumbnailViewModel", "thumbnailViewModel", "image") ?? objectAt(model, "thumbnail"),
    ),
  };
}

/** True when an attributed text carries the verified check mark (an attachment image named `CHECK_CIRCLE_…`). */
export function hasVerifiedMark(text: unknown): boolean {
  return arrayAt(text, "attachmentRuns").some((run) =>
    arrayAt(run, "element", "type", "imageType", "image", "sources").some((source) =>
      /^(?:CHECK_CIRCLE|AUDIO_BADGE)/.test(stringAt(source, "clientResource", "imageName") ?? ""),
    ),
  );
}

const VIEW_LABEL = /\b(?:views?|watching|waiting)\b|\d\s*(?:views?)$/i;
const TIME_LABEL = /^(?:streamed|premiered|scheduled|premieres|updated)\b/i;
// Any date works as the reference: only whether the label is a relative time matters here.
const ANY_DATE = new Date(0);

/** A time label in any display language ("3 days ago", "vor 3 Tagen", "Streamed …", "Scheduled for …"). */
function isTimeLabel(text: string): boolean {
  return TIME_LABEL.test(text) || parseRelativeTime(text, ANY_DATE) !== null || parseDateLabel(text) !== null;
}

/** Badges and the duration of a lockup's thumbnail overlays (current and older overlay view models). */
function lockupOverlays(model: JsonObject): {
  duration: string | null;
  live: boolean;
  upcoming: boolean;
  shorts: boolean;
} {
  let duration: string | null = null;
  let live = false;
  let upcoming = false;
  let shorts = false;
  const overlays = arrayAt(model, "contentImage", "thumbnailViewModel", "overlays");
  for (const overlay of overlays) {
    const badges = [
      ...arrayAt(overlay, "thumbnailBottomOverlayViewModel", "badges"),
      ...arrayAt(overlay, "thumbnailOverlayBadgeViewModel", "thumbnailBadges"),
    ];
    for (const badge of badges) {
      const text = stringAt(badge, "thumbnailBadgeViewModel", "text");
      const style = stringAt(badge, "thumbnailBadgeViewModel", "badgeStyle") ?? "";
      if (style.includes("LIVE")) live = true;
      else if (style.includes("UPCOMING")) upcoming = true;
      else if (style.includes("SHORTS")) shorts = true;
      else if (text && parseDurationText(text) !== null) duration = text;
    }
  }
  return { duration, live, upcoming, shorts };
}

/** `lockupViewModel` of a video (`contentType` `LOCKUP_CONTENT_TYPE_VIDEO`): current channel tabs, search, home. */
function fromVideoLockup(model: JsonObject): VideoCard | null {
  const videoId = stringAt(model, "contentId");
  if (!videoId || stringAt(model, "contentType") !== "LOCKUP_CONTENT_TYPE_VIDEO") return null;
  const metadata = objectAt(model, "metadata", "lockupMetadataViewModel");
  const rows = arrayAt(metadata, "metadata", "contentMetadataViewModel", "metadataRows");
  let viewText: string | null = null;
  let timeText: string | null = null;
  let channel: ChannelSummary | null = null;
  let channelVerified: boolean | null = null;
  const badges: string[] = [];
  const avatar = largestImage(
    readImages(objectAt(metadata, "image", "decoratedAvatarViewModel", "avatar", "avatarViewModel", "image")),
  );
  for (const row of rows) {
    badges.push(...labelsOf(arrayAt(row, "badges")).labels);
    for (const part of arrayAt(row, "metadataParts")) {
      const text = objectAt(part, "text");
      const content = stringAt(text, "content")?.trim();
      if (!content) continue;
      const named: ChannelSummary | null = channel ? null : summaryFromAttributedText(text, avatar);
      if (named) {
        channel = named;
        channelVerified = hasVerifiedMark(text);
      } else if (!timeText && isTimeLabel(content)) timeText = content;
      else if (!viewText && (VIEW_LABEL.test(content) || parseCount(content) !== null)) viewText = content;
    }
  }
  const overlays = lockupOverlays(model);
  const label = stringAt(model, "rendererContext", "accessibilityContext", "label") ?? "";
  return {
    ...emptyCard(videoId),
    title: stringAt(metadata, "title", "content")?.trim() || null,
    isShort: overlays.shorts,
    isLive: overlays.live || /\bwatching\b/i.test(viewText ?? ""),
    isUpcoming:
      overlays.upcoming || /^scheduled\b|^premieres\b/i.test(timeText ?? "") || /\bupcoming\b/i.test(label),
    durationSeconds: parseDurationText(overlays.duration),
    viewCountText: viewText,
    publishedTimeText: timeText,
    badges,
    thumbnails: readImages(objectAt(model, "contentImage", "thumbnailViewModel", "image")),
    channel,
    channelVerified,
  };
}

function emptyCard(videoId: string): VideoCard {
  return {
    videoId,
    title: null,
    description: null,
    isShort: false,
    isLive: false,
    isUpcoming: false,
    durationSeconds: null,
    viewCountText: null,
    publishedTimeText: null,
    badges: [],
    thumbnails: [],
    channel: null,
    channelVerified: null,
    position: null,
    isPlayable: null,
  };
}

/**
 * Reads one list item into a {@link VideoCard}. Accepts the card itself or its wrappers
 * (`richItemRenderer.content`, `gridRenderer` items, `shelf` items).
 * @returns the card, or null when the item is not a video card (a channel, a playlist, a shelf, an ad, a message):
 *   the caller counts those it skips.
 */
export function readVideoCard(item: unknown): VideoCard | null {
  const content = objectAt(item, "richItemRenderer", "content") ?? item;
  const found = firstRenderer(content, VIDEO_CARD_KEYS);
  if (!found || !isObject(found.renderer)) return null;
  switch (found.key) {
    case "reelItemRenderer":
      return fromReelItem(found.renderer);
    case "shortsLockupViewModel":
      return fromShortsLockup(found.renderer);
    case "lockupViewModel":
      return fromVideoLockup(found.renderer);
    default:
      return fromVideoRenderer(found.renderer);
  }
}

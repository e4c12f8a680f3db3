import { largestImage, readImages } from "../innertube/images.ts";
import { arrayAt, isObject, type JsonObject, objectAt, stringAt, textOf } from "../innertube/json.ts";
import { handleOf } from "../listing/owner.ts";
import { hasVerifiedMark } from "../listing/video-card.ts";

/**
 * What a channel page says about its channel, from whichever header the platform served:
 * - `header.pageHeaderRenderer.content.pageHeaderViewModel` (current): title with verified mark, avatar, banner,
 *   metadata rows (`@handle`; "8.84k subscribers" with the exact-words `accessibilityLabel`; "258 videos"),
 *   description preview whose engagement panel holds the About continuation, attribution (first link);
 * - `header.c4TabbedHeaderRenderer` (older, still served for terminated channels);
 * - `header.carouselHeaderRenderer…topicChannelDetailsRenderer` (topic channels such as "Sports");
 * plus `metadata.channelMetadataRenderer` (id, title, full description, keywords, avatar, vanity URL, family-safe)
 * and `microformat.microformatDataRenderer` (canonical URL, tags).
 */
export interface ChannelHeader {
  channelId: string | null;
  title: string | null;
  /** `@handle`, or null when the channel has none shown. */
  handle: string | null;
  description: string | null;
  avatarUrl: string | null;
  /** Banner image; null when the channel has none (never the avatar). */
  bannerUrl: string | null;
  /** Subscriber label as shown ("8.84k subscribers") and its exact-words form ("8.84 thousand subscribers"). */
  subscriberText: string | null;
  subscriberLabel: string | null;
  videoCountText: string | null;
  verified: boolean | null;
  /** Raw `keywords` string (space separated, multi-word keywords in double quotes). */
  keywords: string | null;
  isFamilySafe: boolean | null;
  /** Continuation token of the About panel (links, country, views, join date), or null. */
  aboutToken: string | null;
  /** Links shown in the header itself (the About panel has them all). */
  headerLinks: { text: string | null; url: string }[];
}

/** Depth-first search for the first `continuationCommand.token` below a value (bounded depth). */
function firstContinuationToken(value: unknown, depth = 0): string | null {
  if (depth > 24 || typeof value !== "object" || value === null) return null;
  if (Array.isArray(value)) {
    for (const entry of value) {
      const found = firstContinuationToken(entry, depth + 1);
      if (found) return found;
    }
    return null;
  }
  const token = stringAt(value, "continuationCommand", "token");
  if (token) return token;
  for (const entry of Object.values(value)) {
    const found = firstContinuationToken(entry, depth + 1);
    if (found) return found;
  }
  return null;
}

function metadataParts(model: JsonObject | undefined): JsonObject[] {
  return arrayAt(model, "metadata", "contentMetadataViewModel", "metadataRows").flatMap((row) =>
    arrayAt(row, "metadataParts").filter(isObject),
  );
}

function partText(part: JsonObject): string | undefined {
  return stringAt(part, "text", "content")?.trim() || undefined;
}

/** Header links of `attributionViewModel.text` (`commandRuns[].onTap.innertubeCommand.urlEndpoint.url`). */
function attributionLinks(model: JsonObject | undefined): { text: string | null; url: string }[] {
  const text = objectAt(model, "attribution", "attributionViewModel", "text");
  const content = stringAt(text, "content") ?? null;
  return arrayAt(text, "commandRuns").flatMap((run) => {
    const url = stringAt(run, "onTap", "innertubeCommand", "urlEndpoint", "url");
    return url ? [{ text: content, url }] : [];
  });
}

function fromPageHeader(model: JsonObject): Partial<ChannelHeader> {
  const parts = metadataParts(model);
  const handle = parts.map(partText).find((text) => text?.startsWith("@"));
  const subscribers = parts.find((part) => /subscriber/i.test(partText(part) ?? ""));
  const videos = parts.map(partText).find((text) => /\bvideos?\b/i.test(text ?? ""));
  const title = objectAt(model, "title", "dynamicTextViewModel", "text");
  return {
    title: stringAt(title, "content")?.trim() || null,
    handle: handle ?? null,
    verified: title ? hasVerifiedMark(title) : null,
    avatarUrl: largestImage(
      readImages(objectAt(model, "image", "decoratedAvatarViewModel", "avatar", "avatarViewModel", "image")),
    ),
    bannerUrl: largestImage(readImages(objectAt(model, "banner", "imageBannerViewModel", "image"))),
    subscriberText: subscribers ? (partText(subscribers) ?? null) : null,
    subscriberLabel: stringAt(subscribers, "accessibilityLabel") ?? null,
    videoCountText: videos ?? null,
    description:
      stringAt(model, "description", "descriptionPreviewViewModel", "description", "content") ?? null,
    aboutToken:
      firstContinuationToken(objectAt(model, "description")) ??
      firstContinuationToken(objectAt(model, "attribution")),
    headerLinks: attributionLinks(model),
  };
}

function fromC4Header(renderer: JsonObject): Partial<ChannelHeader> {
  const badges = arrayAt(renderer, "badges").map((badge) =>
    stringAt(badge, "metadataBadgeRenderer", "style"),
  );
  return {
    channelId: stringAt(renderer, "channelId") ?? null,
    title: stringAt(renderer, "title") ?? null,
    handle: textOf(renderer.channelHandleText)?.trim() || null,
    avatarUrl: largestImage(readImages(renderer.avatar)),
    bannerUrl: largestImage(readImages(renderer.banner)),
    subscriberText: textOf(renderer.subscriberCountText)?.trim() || null,
    subscriberLabel:
      stringAt(renderer, "subscriberCountText", "accessibility", "accessibilityData", "label") ?? null,
    videoCountText: textOf(renderer.videosCountText)?.trim() || null,
    verified: badges.some((style) => style?.startsWith("BADGE_STYLE_TYPE_VERIFIED")),
    aboutToken: firstContinuationToken(objectAt(renderer, "tagline")),
  };
}

function fromTopicHeader(renderer: JsonObject): Partial<ChannelHeader> {
  return {
    channelId: stringAt(renderer, "subscribeButton", "subscribeButtonRenderer", "channelId") ?? null,
    title: textOf(renderer.title)?.trim() || null,
    avatarUrl: largestImage(readImages(renderer.avatar)),
    subscriberText: textOf(renderer.subtitle)?.trim() || null,
    subscriberLabel: stringAt(renderer, "subtitle", "accessibility", "accessibilityData", "label") ?? null,
  };
}

function headerParts(answer: unknown): Partial<ChannelHeader> {
  const page = objectAt(answer, "header", "pageHeaderRenderer", "content", "pageHeaderViewModel");
  if (page) return fromPageHeader(page);
  const c4 = objectAt(answer, "header", "c4TabbedHeaderRenderer");
  if (c4) return fromC4Header(c4);
  const topic = arrayAt(answer, "header", "carouselHeaderRenderer", "contents")
    .map((entry) => objectAt(entry, "topicChannelDetailsRenderer"))
    .find((renderer) => renderer !== undefined);
  return topic ? fromTopicHeader(topic) : {};
}

/** Reads the channel header, metadata and microformat of a channel tab answer. Missing parts are null. */
export function readChannelHeader(answer: unknown): ChannelHeader {
  const header = headerParts(answer);
  const metadata = objectAt(answer, "metadata", "channelMetadataRenderer");
  const vanity = /\/(@[^/?#]+)/.exec(stringAt(metadata, "vanityChannelUrl") ?? "")?.[1];
  const familySafe = metadata?.isFamilySafe;
  return {
    channelId: stringAt(metadata, "externalId") ?? header.channelId ?? null,
    title: stringAt(metadata, "title") ?? header.title ?? null,
    handle: header.handle ?? (vanity ? handleOf(`/${vanity}`) : null),
    // The metadata holds the full description; the header only a preview.
    description: stringAt(metadata, "description") ?? header.description ?? null,
    avatarUrl: header.avatarUrl ?? largestImage(readImages(objectAt(metadata, "avatar"))),
    bannerUrl: header.bannerUrl ?? null,
    subscriberText: header.subscriberText ?? null,
    subscriberLabel: header.subscriberLabel ?? null,
    videoCountText: header.videoCountText ?? null,
    verified: header.verified ?? null,
    keywords: stringAt(metadata, "keywords") ?? null,
    isFamilySafe: typeof familySafe === "boolean" ? familySafe : null,
    aboutToken: header.aboutToken ?? null,
    headerLinks: header.headerLinks ?? [],
  };
}

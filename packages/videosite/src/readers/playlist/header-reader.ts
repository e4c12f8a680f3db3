import { largestImage, readImages } from "../innertube/images.ts";
import { arrayAt, type JsonObject, objectAt, stringAt, textOf } from "../innertube/json.ts";
import { type ChannelSummary, summaryFromAttributedText, summaryFromByline } from "../listing/owner.ts";
import type { Thumbnail } from "../video/player-reader.ts";

/**
 * A playlist's own data, from the browse answer of `VL<id>`:
 * - `sidebar.playlistSidebarRenderer.items[]`: `playlistSidebarPrimaryInfoRenderer` (title, `stats[]` = "4,999
 *   videos", "32,508,939 views", "Updated 4 days ago" / "Last updated on Mar 11, 2020", description, thumbnail) and
 *   `playlistSidebarSecondaryInfoRenderer.videoOwner.videoOwnerRenderer` (owner channel);
 * - `header.pageHeaderRenderer…pageHeaderViewModel` (current: title, "by <owner>" avatar stack, counts, description,
 *   hero image) or the older `header.playlistHeaderRenderer` (numVideosText, viewCountText, byline, privacy);
 * - `microformat.microformatDataRenderer` (`unlisted`, thumbnail) and `metadata.playlistMetadataRenderer`.
 */
export interface PlaylistHeader {
  title: string | null;
  description: string | null;
  owner: ChannelSummary | null;
  videoCountText: string | null;
  viewCountText: string | null;
  /** "Updated 4 days ago", "Last updated on Mar 11, 2020", "Updated today". */
  lastUpdatedText: string | null;
  thumbnails: Thumbnail[];
  isUnlisted: boolean | null;
}

function sidebarItem(answer: unknown, key: string): JsonObject | undefined {
  return arrayAt(answer, "sidebar", "playlistSidebarRenderer", "items")
    .map((item) => objectAt(item, key))
    .find((renderer) => renderer !== undefined);
}

function statTexts(values: unknown): string[] {
  return (Array.isArray(values) ? values : []).flatMap((value) => {
    const text = textOf(objectAt(value, "playlistBylineRenderer", "text") ?? value)?.trim();
    return text ? [text] : [];
  });
}

function pageHeaderTexts(model: JsonObject | undefined): { texts: string[]; owner: ChannelSummary | null } {
  const texts: string[] = [];
  let owner: ChannelSummary | null = null;
  for (const row of arrayAt(model, "metadata", "contentMetadataViewModel", "metadataRows"))
    for (const part of arrayAt(row, "metadataParts")) {
      const stack = objectAt(part, "avatarStack", "avatarStackViewModel");
      if (stack) {
        const avatar = largestImage(readImages(objectAt(stack, "avatars", 0, "avatarViewModel", "image")));
        const named = summaryFromAttributedText(objectAt(stack, "text"), avatar);
        if (named) owner = { ...named, title: named.title?.replace(/^by\s+/i, "") ?? null };
      }
      const text = stringAt(part, "text", "content")?.trim();
      if (text) texts.push(text);
    }
  return { texts, owner };
}

/** Reads the playlist's own data; every part may be missing (null). */
export function readPlaylistHeader(answer: unknown): PlaylistHeader {
  const primary = sidebarItem(answer, "playlistSidebarPrimaryInfoRenderer");
  const ownerRenderer = objectAt(
    sidebarItem(answer, "playlistSidebarSecondaryInfoRenderer"),
    "videoOwner",
    "videoOwnerRenderer",
  );
  const page = objectAt(answer, "header", "pageHeaderRenderer", "content", "pageHeaderViewModel");
  const legacy = objectAt(answer, "header", "playlistHeaderRenderer");
  const fromPage = pageHeaderTexts(page);
  const stats = [...statTexts(primary?.stats), ...statTexts(legacy?.byline), ...fromPage.texts];
  const ownerAvatar = largestImage(readImages(ownerRenderer?.thumbnail));
  const owner =
    (ownerRenderer ? summaryFromByline(ownerRenderer.title, ownerAvatar) : null) ??
    fromPage.owner ??
    (legacy ? summaryFromByline(legacy.ownerText) : null);
  const microformat = objectAt(answer, "microformat", "microformatDataRenderer");
  const unlisted = microformat?.unlisted;
  return {
    title:
      textOf(primary?.title)?.trim() ||
      stringAt(page, "title", "dynamicTextViewModel", "text", "content") ||
      textOf(legacy?.title) ||
      stringAt(answer, "metadata", "playlistMetadataRenderer", "title") ||
      null,
    description:
      textOf(primary?.description) ??
      stringAt(page, "description", "descriptionPreviewViewModel", "description", "content") ??
      textOf(legacy?.descriptionText) ??
      stringAt(answer, "metadata", "playlistMetadataRenderer", "description") ??
      null,
    owner,
    videoCountText: stats.find((text) => /\bvideos?\b/i.test(text)) ?? textOf(legacy?.numVideosText) ?? null,
    viewCountText: stats.find((text) => /\bviews?\b/i.test(text)) ?? textOf(legacy?.viewCountText) ?? null,
    lastUpdatedText: stats.find((text) => /\bupdated\b/i.test(text)) ?? null,
    thumbnails: readImages(
      objectAt(primary, "thumbnailRenderer", "playlistVideoThumbnailRenderer", "thumbnail") ??
        objectAt(primary, "thumbnailRenderer", "playlistCustomThumbnailRenderer", "thumbnail") ??
        objectAt(page, "heroImage", "contentPreviewImageViewModel", "image") ??
        objectAt(microformat, "thumbnail"),
    ),
    isUnlisted: typeof unlisted === "boolean" ? unlisted : legacy?.privacy === "UNLISTED" ? true : null,
  };
}

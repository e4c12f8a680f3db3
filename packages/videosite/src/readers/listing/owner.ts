import { ORIGIN } from "../../inputs/site.ts";
import { largestImage, readImages } from "../innertube/images.ts";
import { arrayAt, isObject, objectAt, stringAt, textOf } from "../innertube/json.ts";

/** The channel of a list card (SPEC §2.9 `channel`, §2.10 nested `channel`). */
export interface ChannelSummary {
  /** `UC…` id, or null when the card does not link the channel. */
  id: string | null;
  title: string | null;
  /** `@handle` when the card links the channel by handle, else null. */
  handle: string | null;
  /** `https://www.youtube.com/@handle` or `/channel/UC…`. */
  url: string | null;
  /** Avatar URL when the card shows one. */
  thumbnail: string | null;
}

/** The `@handle` of a canonical base URL (`/@kurzgesagt` → `@kurzgesagt`), or null for `/channel/…`, `/c/…`. */
export function handleOf(path: string | undefined): string | null {
  const match = /^\/(@[^/?#]+)/.exec(path ?? "");
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

/** The channel URL for an id and/or handle: handle-based when the handle is known. */
export function channelUrl(id: string | null, handle: string | null): string | null {
  if (handle) return `${ORIGIN}/${handle}`;
  return id ? `${ORIGIN}/channel/${id}` : null;
}

/** A summary from a `browseEndpoint` (`browseId`, `canonicalBaseUrl`) and the shown name. */
export function summaryFromBrowse(
  browse: unknown,
  title: string | null,
  thumbnail: string | null = null,
): ChannelSummary | null {
  const id = stringAt(browse, "browseId") ?? null;
  if (!title && !id) return null;
  const handle = handleOf(stringAt(browse, "canonicalBaseUrl"));
  return {
    id: id?.startsWith("UC") ? id : null,
    title,
    handle,
    url: channelUrl(id?.startsWith("UC") ? id : null, handle),
    thumbnail,
  };
}

/**
 * The channel named by a renderer's byline: `{ runs: [{ text, navigationEndpoint.browseEndpoint }] }`
 * (`longBylineText`, `ownerText`, `shortBylineText`); the title is the linked run's text.
 */
export function summaryFromByline(byline: unknown, thumbnail: string | null = null): ChannelSummary | null {
  const run = arrayAt(byline, "runs").find(
    (r) => isObject(r) && objectAt(r, "navigationEndpoint", "browseEndpoint"),
  );
  if (!run) {
    const title = textOf(byline)?.trim() || null;
    return title ? { id: null, title, handle: null, url: null, thumbnail } : null;
  }
  // The linked run is the channel; other runs are decoration ("Radiohead" + " · Album").
  const title = stringAt(run, "text")?.trim() || null;
  return summaryFromBrowse(objectAt(run, "navigationEndpoint", "browseEndpoint"), title, thumbnail);
}

/** A view model text `{ content, commandRuns: [{ onTap.innertubeCommand.browseEndpoint }] }` naming a channel. */
export function summaryFromAttributedText(
  text: unknown,
  thumbnail: string | null = null,
): ChannelSummary | null {
  const browse = arrayAt(text, "commandRuns")
    .map((run) => objectAt(run, "onTap", "innertubeCommand", "browseEndpoint"))
    .find((endpoint) => endpoint !== undefined);
  const title = stringAt(text, "content")?.trim() || null;
  if (!browse) return null;
  return summaryFromBrowse(browse, title, thumbnail);
}

/** The avatar of a renderer: `channelThumbnailSupportedRenderers…thumbnail`, `channelThumbnail`, or `avatar`. */
export function ownerAvatar(renderer: unknown): string | null {
  const candidates = [
    objectAt(renderer, "channelThumbnailSupportedRenderers", "channelThumbnailWithLinkRenderer", "thumbnail"),
    objectAt(renderer, "channelThumbnail"),
    objectAt(renderer, "avatar", "decoratedAvatarViewModel", "avatar", "avatarViewModel", "image"),
  ];
  for (const candidate of candidates) {
    const url = largestImage(readImages(candidate));
    if (url) return url;
  }
  return null;
}

import { parseIntegerString, toUtcIso } from "@sda/text";
import { XMLParser } from "fast-xml-parser";
import { ORIGIN } from "../../inputs/site.ts";
import { isObject, stringAt } from "../innertube/json.ts";
import type { ChannelSummary } from "./owner.ts";
import { type VideoRow, videoUrl } from "./rows.ts";

/**
 * The Atom feed of a channel or playlist (`GET /feeds/videos.xml?channel_id=|user=|playlist_id=`): the latest 15
 * uploads with exact publish times and exact view counts, but no duration, no cursor and no further pages.
 * Entry fields: `yt:videoId`, `title`, `link[rel=alternate]` (a `/shorts/` link for shorts), `author`, `published`,
 * `updated`, `media:group` (`media:thumbnail@url`, `media:description`, `media:community` with
 * `media:statistics@views` and `media:starRating@count`, the like count).
 */

/** Which feed to read. */
export type FeedTarget = { channel_id: string } | { user: string } | { playlist_id: string };

/** A feed row: the SPEC §2.10 row plus what only the feed has. */
export interface FeedRow extends VideoRow {
  description: string | null;
  /** Likes (`media:starRating@count`), exact. */
  likeCount: number | null;
  /** Last edit of the entry (`updated`). */
  updatedAt: string | null;
}

/** The feed's own header and its rows. */
export interface Feed {
  channel: ChannelSummary | null;
  title: string | null;
  rows: FeedRow[];
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => name === "entry" || name === "link",
});

function alternateLink(node: unknown): string | null {
  const links = isObject(node) && Array.isArray(node.link) ? node.link : [];
  for (const link of links)
    if (stringAt(link, "@rel") === "alternate") return stringAt(link, "@href") ?? null;
  return null;
}

function text(node: unknown, key: string): string | null {
  if (!isObject(node)) return null;
  const value = node[key];
  if (typeof value === "string") return value.trim() || null;
  return stringAt(value, "#text")?.trim() || null;
}

function channelOf(author: unknown, fallbackId: string | null): ChannelSummary | null {
  const uri = text(author, "uri");
  const id = /\/channel\/(UC[\w-]{22})/.exec(uri ?? "")?.[1] ?? fallbackId;
  const title = text(author, "name");
  if (!id && !title) return null;
  return { id, title, handle: null, url: id ? `${ORIGIN}/channel/${id}` : uri, thumbnail: null };
}

function readEntry(entry: unknown, feedChannel: ChannelSummary | null): FeedRow | null {
  const videoId = text(entry, "yt:videoId");
  if (!videoId || !isObject(entry)) return null;
  const isShort = /\/shorts\//.test(alternateLink(entry) ?? "");
  const group = entry["media:group"];
  const community = isObject(group) ? group["media:community"] : undefined;
  const channel = channelOf(entry.author, text(entry, "yt:channelId")) ?? feedChannel;
  const views = parseIntegerString(stringAt(community, "media:statistics", "@views"));
  return {
    id: videoId,
    url: videoUrl(videoId, isShort),
    title: text(entry, "title"),
    publishedAt: toUtcIso(text(entry, "published")),
    publishedTimeText: null,
    publishedTimeIsApproximate: false,
    viewCount: views,
    viewCountText: null,
    viewCountIsApproximate: false,
    watchingCount: null,
    durationSeconds: null,
    durationFormatted: null,
    genre: null,
    badges: [],
    thumbnailUrl: stringAt(group, "media:thumbnail", "@url") ?? null,
    channelName: channel?.title ?? null,
    channel,
    isShort,
    isLive: false,
    isUpcoming: false,
    description: text(group, "media:description"),
    likeCount: parseIntegerString(stringAt(community, "media:starRating", "@count")),
    updatedAt: toUtcIso(text(entry, "updated")),
  };
}

/**
 * Reads a feed document.
 * @returns the feed, or null when the body is not an Atom feed.
 */
export function readFeed(xml: string): Feed | null {
  let document: unknown;
  try {
    document = parser.parse(xml);
  } catch {
    return null;
  }
  const feed = isObject(document) ? document.feed : undefined;
  if (!isObject(feed)) return null;
  const channelId = text(feed, "yt:channelId");
  const channel = channelOf(
    feed.author,
    channelId && !channelId.startsWith("UC") ? `UC${channelId}` : channelId,
  );
  const entries = Array.isArray(feed.entry) ? feed.entry : [];
  return {
    channel,
    title: text(feed, "title"),
    rows: entries.flatMap((entry) => {
      const row = readEntry(entry, channel);
      return row ? [row] : [];
    }),
  };
}

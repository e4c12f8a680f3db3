import { toUtcIso } from "@sda/text";
import type { z } from "zod";
import type { post as postShape } from "../spec/shapes.ts";
import { readPostAuthor } from "./actor.ts";
import { readEmbed } from "./embed.ts";
import { readFacets } from "./facets.ts";
import { type RawFeedItem, type RawPostView, rawPostRecord } from "./lexicon.ts";
import { labelValues, recordUrl } from "./urls.ts";

/** A post of a list or post details. */
export type Post = z.output<typeof postShape>;

/** The post fields a thread comment shares (everything but the feed's repost and pin fields). */
export type PostCore = Omit<Post, "isRepost" | "repostedBy" | "repostedAt" | "isPinned">;

/**
 * Reads a post view (`app.bsky.feed.defs#postView`): its record's text, time, languages, facets and reply refs, the
 * AppView's counts, its hydrated embed and labels. `createdAt` is the record's time in UTC with milliseconds (records
 * may carry microseconds or an offset); null when the record's time is unreadable.
 */
export function readPostCore(view: RawPostView): PostCore {
  const parsed = rawPostRecord.safeParse(view.record);
  const record = parsed.success ? parsed.data : {};
  const text = record.text ?? "";
  const reply = record.reply;
  return {
    id: view.uri,
    cid: view.cid,
    url: recordUrl(view.uri, view.author.handle) ?? view.uri,
    text,
    createdAt: toUtcIso(record.createdAt),
    indexedAt: toUtcIso(view.indexedAt),
    langs: record.langs ?? [],
    author: readPostAuthor(view.author),
    likeCount: view.likeCount ?? null,
    repostCount: view.repostCount ?? null,
    replyCount: view.replyCount ?? null,
    quoteCount: view.quoteCount ?? null,
    replyTo: reply ? { parentId: reply.parent.uri, rootId: reply.root.uri } : null,
    embed: readEmbed(view.embed),
    ...readFacets(text, record.facets, record.tags),
    labels: labelValues(view.labels),
  };
}

/** A post view outside a feed (post details, search): not a repost, not pinned. */
export function readPost(view: RawPostView): Post {
  return { ...readPostCore(view), isRepost: false, repostedBy: null, repostedAt: null, isPinned: false };
}

/**
 * A feed item (`app.bsky.feed.defs#feedViewPost`): its post, and why the feed shows it: `reasonRepost` (`author` stays
 * the original author, `repostedBy` is who reposted it) or `reasonPin` (an author feed's pinned post).
 */
export function readFeedItem(item: RawFeedItem): Post {
  const reason = item.reason;
  const repost = reason?.$type === "app.bsky.feed.defs#reasonRepost" && reason.by !== undefined;
  return {
    ...readPostCore(item.post),
    isRepost: repost,
    repostedBy: repost && reason?.by ? readPostAuthor(reason.by) : null,
    repostedAt: repost ? toUtcIso(reason?.indexedAt) : null,
    isPinned: reason?.$type === "app.bsky.feed.defs#reasonPin",
  };
}

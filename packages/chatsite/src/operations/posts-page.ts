import type { ChatPost } from "../readers/post.ts";
import type { PreviewHeader, PreviewPage } from "../readers/preview-page.ts";

/** The channel summary a page of posts carries. */
export interface ChannelSummary {
  username: string | null;
  displayName: string | null;
  verified: boolean;
  avatar: string | null;
  followers: number | null;
  followersText: string | null;
  followersIsApproximate: boolean;
}

/** A page of posts, newest first, as `channel-posts` and `search` answer it. */
export interface PostsPage {
  channel: ChannelSummary;
  totalReturned: number;
  nextCursor: string | null;
  hasMore: boolean;
  posts: ChatPost[];
}

/** The summary of a preview page's header. */
export function summaryOf(header: PreviewHeader): ChannelSummary {
  return {
    username: header.username,
    displayName: header.displayName,
    verified: header.verified,
    avatar: header.avatar,
    followers: header.followers.count,
    followersText: header.followers.text,
    followersIsApproximate: header.followers.isApproximate,
  };
}

/**
 * Cuts a preview page (oldest first) to `limit` posts from the newest, newest first. Posts not older than `before`
 * are dropped (a page answers `before=<id>` with older posts only; nothing is served twice).
 * @returns the page: `nextCursor` is the id of the oldest post returned when older posts exist (with a whole page,
 *   Telegram's `data-before`), null at the end.
 */
export function postsPageOf(page: PreviewPage, limit: number, before: number | undefined): PostsPage {
  const newestFirst = page.posts.filter((post) => before === undefined || Number(post.id) < before).reverse();
  const posts = newestFirst.slice(0, limit);
  const more = newestFirst.length > posts.length || page.before !== null;
  const oldest = posts.at(-1)?.id ?? (page.before === null ? null : String(page.before));
  const nextCursor = more ? oldest : null;
  return {
    channel: summaryOf(page.header),
    totalReturned: posts.length,
    nextCursor,
    hasMore: nextCursor !== null,
    posts,
  };
}

import type { OperationContext } from "@sda/contract";
import type { ServiceError } from "@sda/core";
import { AppView, type XrpcFailure, type XrpcQuery } from "../client/appview.ts";
import { atUriOf } from "../client/identity.ts";
import { fail } from "../errors.ts";
import type { RecordRef } from "../inputs/refs.ts";
import { rawFeedPage } from "../readers/lexicon.ts";
import { type Post, readFeedItem } from "../readers/post.ts";
import type { ListPage } from "./pager.ts";
import { readQueryList } from "./query-list.ts";

/** A feed query (`getAuthorFeed`, `getFeed`, `getListFeed`) to read one page of. */
export interface FeedRequest {
  /** The XRPC method. */
  nsid: string;
  /** Its identity parameters (the actor, feed or list, the filter): also the cursor's binding. */
  query: XrpcQuery;
  limit: number;
  cursor: string | undefined;
  /** The 404 of the feed's subject, for the AppView's "not found" answers. */
  missing: (failure: XrpcFailure) => ServiceError | null;
}

/** A post's identity in a feed: the post, and who reposted it (one post may show as itself and as a repost). */
const feedKey = (post: Post) => `${post.id} ${post.repostedBy?.id ?? ""}`;

/**
 * One page of posts of a feed query, AppView pages followed to fill `limit` (see `readQueryList`).
 * @throws ServiceError 400 `invalid_cursor`, `missing()`'s 404, 502 `upstream_*`.
 */
export function readFeed(ctx: OperationContext, request: FeedRequest): Promise<ListPage<Post>> {
  return readQueryList(ctx, {
    ...request,
    schema: rawFeedPage,
    rows: (page) => page.feed.map(readFeedItem),
    keyOf: feedKey,
  });
}

/** The custom feed (`getFeed`) and list feed (`getListFeed`) queries, by the record kind they read. */
const RECORD_FEEDS = {
  feed: {
    nsid: "app.bsky.feed.getFeed",
    code: "feed_not_found",
    idField: "feedId",
  },
  list: {
    nsid: "app.bsky.feed.getListFeed",
    code: "list_not_found",
    idField: "listId",
  },
} as const;

/**
 * A page of a custom feed or of a list's feed, its owner's handle resolved to a DID first (`at://` URIs the AppView
 * takes are in DID form).
 * @returns the operation's outcome: `{ data: { feedId | listId, posts, … }, source: "appview:<method>", count }`.
 * @throws ServiceError 400 `invalid_cursor`, 404 `feed_not_found` / `list_not_found` / `profile_not_found`, 502
 *   `upstream_*`.
 */
export async function recordFeedOutcome<K extends keyof typeof RECORD_FEEDS>(
  ctx: OperationContext,
  kind: K,
  params: { url: RecordRef; limit: number; cursor?: string | undefined },
) {
  const { nsid, code, idField } = RECORD_FEEDS[kind];
  const uri = await atUriOf(new AppView(ctx), kind, params.url);
  const page = await readFeed(ctx, {
    nsid,
    query: { [kind]: uri },
    limit: params.limit,
    cursor: params.cursor,
    missing: () => fail(code, `${kind} ${uri} does not exist`),
  });
  const { items, nextCursor, hasMore } = page;
  return {
    data: { [idField]: uri, totalReturned: items.length, nextCursor, hasMore, posts: items } as Record<
      (typeof RECORD_FEEDS)[K]["idField"],
      string
    > & { totalReturned: number; nextCursor: string | null; hasMore: boolean; posts: Post[] },
    source: `appview:${nsid.split(".").pop()}`,
    count: items.length,
  };
}

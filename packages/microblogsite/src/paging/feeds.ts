import type { OperationContext, ServiceError } from "@sda/core";
import { AppView, type XrpcFailure, type XrpcQuery } from "../client/appview.ts";
import { rawFeedPage, readAnswer } from "../readers/lexicon.ts";
import { type Post, readFeedItem } from "../readers/post.ts";
import { type ListPage, readList } from "./pager.ts";

/** A feed query (`getAuthorFeed`, `getFeed`, `getListFeed`) to read one page of. */
export interface FeedRequest {
  operationId: string;
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
 * One page of posts of a feed query, AppView pages followed to fill `limit` (see `readList`).
 * @throws ServiceError 400 `invalid_cursor`, `missing()`'s 404, 502 `upstream_*`.
 */
export function readFeed(ctx: OperationContext, request: FeedRequest): Promise<ListPage<Post>> {
  const appview = new AppView(ctx);
  return readList(
    ctx,
    {
      operationId: request.operationId,
      key: JSON.stringify([request.nsid, Object.entries(request.query).filter(([, v]) => v !== undefined)]),
      limit: request.limit,
      cursor: request.cursor,
    },
    async (cursor, size) => {
      const body = await appview.get(
        request.nsid,
        { ...request.query, limit: size, cursor: cursor ?? undefined },
        request.missing,
      );
      const page = readAnswer(rawFeedPage, body, request.nsid);
      return { items: page.feed.map(readFeedItem), next: page.cursor || null };
    },
    feedKey,
  );
}

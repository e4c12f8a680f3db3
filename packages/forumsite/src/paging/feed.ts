import type { OperationContext } from "@sda/contract";
import type { ForumContext } from "../client/client.ts";
import { readFeed } from "../client/feed/feed-client.ts";
import { decodeListingCursor, fillPostPage, type ListingRequest, type PostPage } from "./listing.ts";

/**
 * One page of posts from the listing's Atom feed (see `client/feed/feed-client.ts`), with the same cursor and the same
 * shared pager as the JSON listing (`listing.ts`), so a caller can page on across a switch between the two. A feed
 * page has no `after` marker of its own: it is asked for the entries after the last post read (`after=<fullname>`),
 * and only a short page tells that the feed has ended, so `hasMore` is true while pages come back full.
 * @throws ServiceError 400 `invalid_cursor` for a cursor of another query; the errors of `readFeed`.
 */
export async function readFeedPage(
  ctx: ForumContext & Pick<OperationContext, "cursors">,
  request: ListingRequest,
): Promise<PostPage> {
  const cursor = decodeListingCursor(ctx, request);
  // A JSON cursor in the middle of an upstream page names the last post read there; else the page's own `after`.
  const after = cursor ? (cursor.l ?? cursor.a) : null;
  return fillPostPage(ctx, request, { token: after, index: 0 }, async (token, size) => {
    const rows = await readFeed(
      ctx,
      request.path,
      { ...request.query, ...(token ? { after: token } : {}), limit: size },
      request.resource,
    );
    return { items: rows, next: rows.length >= size ? (rows.at(-1)?.fullname ?? null) : null };
  });
}

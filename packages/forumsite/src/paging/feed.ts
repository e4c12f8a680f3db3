import { type OperationContext, ServiceError } from "@sda/core";
import type { ForumContext } from "../client/client.ts";
import { readFeed } from "../client/feed/feed-client.ts";
import { identityOf, type ListingCursor, type ListingRequest, type PostPage } from "./listing.ts";

/** Most entries one feed page carries. */
const FEED_PAGE_MAX = 100;

/**
 * One page of posts from the listing's Atom feed (see `feed/feed-client.ts`), with the same cursor as the JSON pager
 * (`pager.ts`), so a caller can page on across a switch between the two: the feed is asked for the entries after the
 * last post returned (`after=<fullname>`; a feed page has no `after` marker of its own). The feed gives no signal for
 * its end other than a short page, so `hasMore` is true while pages come back full.
 * @throws ServiceError 400 `invalid_cursor` for a cursor of another query; the errors of `readFeed`.
 */
export async function readFeedPage(
  ctx: ForumContext & Pick<OperationContext, "cursors">,
  request: ListingRequest,
): Promise<PostPage> {
  const identity = identityOf(request);
  let after: string | null = null;
  if (request.cursor) {
    const state = ctx.cursors.decode<ListingCursor>(request.operationId, request.cursor);
    if (state?.k !== identity || typeof state.s !== "number")
      throw new ServiceError("invalid_cursor", "cursor belongs to another query; start without a cursor", {
        details: { param: "cursor" },
      });
    // A JSON cursor in the middle of an upstream page names the last post returned; else the page's own `after`.
    after = state.l ?? state.a;
  }
  const asked = Math.min(FEED_PAGE_MAX, request.limit);
  const rows = await readFeed(
    ctx,
    request.path,
    { ...request.query, ...(after ? { after } : {}), limit: asked },
    request.resource,
  );
  const posts = rows.slice(0, request.limit);
  const last = posts.at(-1)?.fullname;
  const hasMore = rows.length >= asked && last !== undefined;
  const next: ListingCursor = { k: identity, a: last ?? after, s: 0 };
  return {
    posts,
    nextCursor: hasMore ? ctx.cursors.encode(request.operationId, next) : null,
    hasMore,
  };
}

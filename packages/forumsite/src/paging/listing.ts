import { type OperationContext, ServiceError } from "@sda/core";
import type { ForumClient, Query } from "../client/client.ts";
import { type ForumResource, okJson } from "../client/errors.ts";
import { readListing, type Thing } from "../readers/listing.ts";
import { type PostRow, readPostRow } from "../readers/post.ts";

/**
 * Pages of a post listing (subreddit posts, search) with our own opaque cursor.
 *
 * The platform pages a listing with `after` (the fullname of the last item of the previous page) and returns at most
 * 100 items per request. Our page can end inside an upstream page (our `limit` is not its page size), so the cursor
 * holds the upstream `after` of the page being read, the index reached inside it, and the fullname of the last item
 * returned. On resume the same upstream page is asked for again and reading continues after that fullname (or at the
 * index, when the item has left the page), so a page never repeats or skips an item the platform still lists there.
 * A page is filled from several upstream pages when needed (at most {@link maxUpstreamPages}).
 */

/** The cursor payload (inside the signed, opaque `nextCursor`). */
export interface ListingCursor {
  /** Identity of the listing (path + parameters): a cursor of another query is refused. */
  k: string;
  /** Upstream `after` of the page being read; null for the first upstream page. */
  a: string | null;
  /** Items of that upstream page already returned. */
  s: number;
  /** Fullname of the last item returned from it. */
  l?: string;
}

/** One page of posts. */
export interface PostPage {
  posts: PostRow[];
  nextCursor: string | null;
  hasMore: boolean;
}

/** What to read. */
export interface ListingRequest {
  /** The operation id the cursor is bound to. */
  operationId: string;
  /** API path of the listing, e.g. `/r/golang/top` or `/r/all/search`. */
  path: string;
  /** Identity parameters sent with every page (`t`, `q`, `sort`, …). */
  query: Query;
  limit: number;
  cursor: string | undefined;
  /** Named by the errors of a refused answer. */
  resource: ForumResource;
}

const UPSTREAM_PAGE_MAX = 100;
const maxUpstreamPages = (limit: number) => Math.ceil(limit / UPSTREAM_PAGE_MAX) + 2;

/** The identity a cursor is bound to (path + parameters), shared by the JSON and the feed pagers. */
export function identityOf(request: ListingRequest): string {
  const params = Object.entries(request.query)
    .filter(([, v]) => v !== undefined && v !== null)
    .sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify([request.path.toLowerCase(), params]);
}

function fullnameOf(thing: Thing): string | null {
  const name = thing.data.name;
  return typeof name === "string" ? name : null;
}

/**
 * Reads one page of posts.
 * @returns the posts (non-post things are skipped), the next cursor and `hasMore`.
 * @throws ServiceError 400 `invalid_cursor` for a cursor of another operation or query; the platform errors of
 *   `okJson` (404 `subreddit_not_found`, 403 `subreddit_private` / `subreddit_quarantined`); 502 `upstream_*`. When an
 *   upstream page after the first fails with a retryable error, the page ends early instead, with a cursor that
 *   retries that upstream page.
 */
export async function readPostPage(
  client: ForumClient,
  ctx: Pick<OperationContext, "cursors" | "log">,
  request: ListingRequest,
): Promise<PostPage> {
  const identity = identityOf(request);
  let state: ListingCursor = { k: identity, a: null, s: 0 };
  if (request.cursor) {
    state = ctx.cursors.decode<ListingCursor>(request.operationId, request.cursor);
    if (state?.k !== identity || typeof state.s !== "number")
      throw new ServiceError("invalid_cursor", "cursor belongs to another query; start without a cursor", {
        details: { param: "cursor" },
      });
  }
  const posts: PostRow[] = [];
  let skipped = 0;
  let done = false;
  for (let page = 0; posts.length < request.limit && page < maxUpstreamPages(request.limit); page++) {
    const need = request.limit - posts.length;
    let things: Thing[];
    let after: string | null;
    try {
      const answer = await client.get(request.path, {
        ...request.query,
        after: state.a,
        limit: Math.min(UPSTREAM_PAGE_MAX, state.s + need),
      });
      const listing = readListing(okJson(answer, request.resource));
      if (!listing)
        throw new ServiceError("upstream_error", "forumsite answered something that is not a listing", {
          retryAfterSeconds: 5,
          details: { platform: "forumsite" },
        });
      things = listing.things;
      after = listing.after;
    } catch (error) {
      if (posts.length > 0 && error instanceof ServiceError && error.retryable) {
        ctx.log.warn({ code: error.code }, "upstream listing page failed; the page ends early");
        break;
      }
      throw error;
    }
    const anchor = state.l ? things.findIndex((t) => fullnameOf(t) === state.l) : -1;
    let index = anchor >= 0 ? anchor + 1 : state.s;
    let last: string | undefined;
    for (; index < things.length && posts.length < request.limit; index++) {
      const thing = things[index] as Thing;
      const row = thing.kind === "t3" ? readPostRow(thing.data) : null;
      if (row) posts.push(row);
      else skipped++;
      last = fullnameOf(thing) ?? last;
    }
    if (index < things.length) {
      state = { k: identity, a: state.a, s: index, ...(last ? { l: last } : {}) };
      break;
    }
    if (!after) {
      done = true;
      break;
    }
    state = { k: identity, a: after, s: 0 };
  }
  if (skipped > 0) ctx.log.debug({ skipped }, "listing items that are not posts were skipped");
  return {
    posts,
    nextCursor: done ? null : ctx.cursors.encode(request.operationId, state),
    hasMore: !done,
  };
}

import {
  decodeListCursor,
  fillFromPages,
  type ListPosition,
  type OperationContext,
  pageBudget,
  type UpstreamPage,
} from "@sda/contract";
import type { ForumClient, Query } from "../client/client.ts";
import { type ForumResource, okJson } from "../client/errors.ts";
import { fail } from "../errors.ts";
import { readListing } from "../readers/listing.ts";
import { type PostRow, readPostRow } from "../readers/post.ts";

/**
 * Pages of a post listing (subreddit posts, search) with our own opaque cursor, filled by the shared list pager
 * (`fillFromPages` of `@sda/core`).
 *
 * The platform pages a listing with `after` (the fullname of the last item of the previous page) and returns at most
 * 100 items per request, so the pager's token is the listing's `after` (null for its first page). Our page can end
 * inside an upstream page (our `limit` is not its page size), so the cursor holds that page's `after`, the index
 * reached inside it, and the fullname of the last post read from it. On resume the same upstream page is asked for
 * again and reading continues after that fullname (or at the index, when the post has left the page), so a page never
 * repeats or skips a post the platform still lists there. Each request asks for just the posts still wanted (the
 * platform's `limit`, at most 100), so on the platform an upstream page ends where ours does.
 */

/** The cursor payload (inside the signed, opaque `nextCursor`). */
export interface ListingCursor {
  /** Identity of the listing (path + parameters): a cursor of another query is refused. */
  k: string;
  /** Upstream `after` of the page being read; null for the first upstream page. */
  a: string | null;
  /** Posts of that upstream page already read. */
  s: number;
  /** Fullname of the last post read from it (when `s` > 0). */
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
  /** API path of the listing, e.g. `/r/golang/top` or `/r/all/search`. */
  path: string;
  /** Identity parameters sent with every page (`t`, `q`, `sort`, …). */
  query: Query;
  limit: number;
  cursor: string | undefined;
  /** Named by the errors of a refused answer. */
  resource: ForumResource;
}

/**
 * Reads one upstream page of a listing: at most `size` posts after the fullname `after` (null = its first page).
 * @returns the posts in listing order and the `after` of the next upstream page (null at the end).
 */
export type UpstreamPostReader = (after: string | null, size: number) => Promise<UpstreamPage<PostRow>>;

/** Most posts one upstream request returns (the platform's `limit`). */
const UPSTREAM_PAGE_MAX = 100;

/** The identity a cursor is bound to (path + parameters), shared by the JSON and the feed pagers. */
function identityOf(request: ListingRequest): string {
  const params = Object.entries(request.query)
    .filter(([, v]) => v !== undefined && v !== null)
    .sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify([request.path.toLowerCase(), params]);
}

/**
 * The cursor of a request, checked against its operation and query.
 * @returns the payload, or null for the first page.
 * @throws ServiceError 400 `invalid_cursor` for a tampered cursor, or one of another operation or query.
 */
export function decodeListingCursor(
  ctx: Pick<OperationContext, "cursors">,
  request: ListingRequest,
): ListingCursor | null {
  const identity = identityOf(request);
  return decodeListCursor<ListingCursor>(
    ctx.cursors,
    request.cursor,
    (payload) => payload.k === identity && typeof payload.s === "number",
    "query",
  );
}

/**
 * Fills one page of posts from `start` through `readUpstream` with the shared pager and writes the cursor of the rest.
 * Each upstream request is sized to the posts the shared pager still wants. A post repeated across two upstream pages
 * of one call (the listing moved) is returned once.
 * @param anchor the fullname of the last post read from the start page (the cursor's `l`): reading resumes after it
 *   when the page still lists it, else at `start.index`.
 * @throws whatever `readUpstream` throws for the first page; a retryable failure of a later page ends the page early
 *   instead, with a cursor that retries that upstream page.
 */
export async function fillPostPage(
  ctx: Pick<OperationContext, "cursors" | "log">,
  request: ListingRequest,
  start: ListPosition,
  readUpstream: UpstreamPostReader,
  anchor?: string,
): Promise<PostPage> {
  let skip = start.index;
  // A page resumed at `skip` is asked for the posts already read from it plus those still wanted.
  const read = (token: string | null, wanted: number) =>
    readUpstream(token, Math.min(UPSTREAM_PAGE_MAX, skip + wanted));
  let prefetched: UpstreamPage<PostRow> | null = null;
  if (anchor) {
    prefetched = await read(start.token, request.limit);
    const at = prefetched.items.findIndex((post) => post.fullname === anchor);
    if (at >= 0) skip = at + 1;
  }
  let lastPage: readonly PostRow[] = [];
  const fetchPage = async (token: string | null, wanted: number): Promise<UpstreamPage<PostRow>> => {
    const page = prefetched ?? (await read(token, wanted));
    prefetched = null;
    skip = 0;
    lastPage = page.items;
    return page;
  };
  const collected = await fillFromPages(
    { token: start.token, index: skip },
    request.limit,
    fetchPage,
    pageBudget(request.limit, UPSTREAM_PAGE_MAX),
    { keyOf: (post) => post.fullname },
  );
  if (collected.interruptedBy)
    ctx.log.warn({ code: collected.interruptedBy.code }, "upstream listing page failed; the page ends early");
  if (collected.stale) ctx.log.debug({ path: request.path }, "the listing moved while it was read");
  const next = collected.next;
  const last = next && next.index > 0 ? lastPage[next.index - 1]?.fullname : undefined;
  const cursor: ListingCursor | null = next && {
    k: identityOf(request),
    a: next.token,
    s: next.index,
    ...(last ? { l: last } : {}),
  };
  return {
    posts: collected.items,
    nextCursor: cursor ? ctx.cursors.encode(cursor) : null,
    hasMore: cursor !== null,
  };
}

/**
 * Reads one page of posts from the JSON API (`GET <path>?after=…&limit=…`).
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
  const cursor = decodeListingCursor(ctx, request);
  let skipped = 0;
  const readUpstream: UpstreamPostReader = async (after, size) => {
    const answer = await client.get(request.path, { ...request.query, after, limit: size });
    const listing = readListing(okJson(answer, request.resource));
    if (!listing)
      throw fail("upstream_error", "forumsite answered something that is not a listing", {
        retryAfterSeconds: 5,
      });
    const posts: PostRow[] = [];
    for (const thing of listing.things) {
      const row = thing.kind === "t3" ? readPostRow(thing.data) : null;
      if (row) posts.push(row);
      else skipped++;
    }
    return { items: posts, next: listing.after };
  };
  const page = await fillPostPage(
    ctx,
    request,
    { token: cursor?.a ?? null, index: cursor?.s ?? 0 },
    readUpstream,
    cursor?.l,
  );
  if (skipped > 0) ctx.log.debug({ skipped }, "listing items that are not posts were skipped");
  return page;
}

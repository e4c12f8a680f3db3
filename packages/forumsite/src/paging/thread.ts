import { decodeListCursor, type OperationContext } from "@sda/contract";
import { ServiceError } from "@sda/core";
import type { ForumClient } from "../client/client.ts";
import { okJson } from "../client/errors.ts";
import type { CommentSort } from "../inputs/params.ts";
import type { ForumComment } from "../readers/comment.ts";
import type { JsonRecord } from "../readers/json.ts";
import { idOfFullname, readListing } from "../readers/listing.ts";
import type { StubItem, ThreadItem } from "../readers/thread/items.ts";
import { readMoreChildren } from "../readers/thread/more-children.ts";
import { findComment, flattenComments, readThreadAnswer, type SkipCounter } from "../readers/thread/tree.ts";
import { type IdList, packIds, unpackIds } from "./id-store.ts";

/**
 * Pages of a comment thread, flattened in thread order, with `more` and "continue this thread" stubs resolved in place
 * until the page is full.
 *
 * The reading position is a stack of "units", innermost first: the thread answer itself, and above it each stub being
 * resolved (a morechildren request, or the thread rooted at a comment). Each unit records how far its items were read
 * (`s`) and the key of the last item read (`l`). A stub met while reading is pushed and read first, so its comments
 * appear exactly where the stub stood. The next cursor is that stack: resuming re-asks the platform for each unit and
 * continues after its last item (by key; by index when the item is gone), so pages neither repeat nor skip a comment.
 * Long id lists of stubs are stored in Redis (see `id-store.ts`).
 *
 * This is a tree walk, not a listing, so it does not use the shared list pager (`fillFromPages`): its position is a
 * stack of units rather than one upstream token and an index, and a stub's answer is read in place of the stub, in the
 * middle of the page it came from, rather than after it. The cursor check is the shared one (`decodeListCursor`).
 */

type Unit =
  | { t: "thread"; s: number; l?: string }
  | { t: "more"; p: string; d: number; ids: IdList; s: number; l?: string }
  | { t: "cont"; p: string; d: number; s: number; l?: string };

/** The cursor payload. */
interface ThreadCursor {
  post: string;
  sort: CommentSort;
  units: Unit[];
}

/** Comments asked for in the thread request. The same on every page, so the thread's shape does not depend on `limit`. */
const THREAD_LIMIT = 500;
/** Stub resolutions (upstream requests) per page at most; the page ends early, with a cursor, when they run out. */
export const MAX_STUB_REQUESTS = 10;

/** What a page needs from an operation context. */
export type ThreadContext = Pick<OperationContext, "cursors" | "log" | "store">;

/** One page of a thread. */
export interface CommentPage {
  /** The post's `data` (a `t3` object), read from the thread answer. */
  post: JsonRecord;
  comments: ForumComment[];
  nextCursor: string | null;
  hasMore: boolean;
  /** Upstream requests made to resolve stubs on this page. */
  stubRequests: number;
}

/** What to read. */
export interface CommentPageRequest {
  postId: string;
  sort: CommentSort;
  limit: number;
  cursor: string | undefined;
}

function unitKey(unit: Unit, ids?: readonly string[]): string {
  if (unit.t === "thread") return "thread";
  if (unit.t === "cont") return `cont:${unit.p}`;
  return `more:${unit.p}:${ids?.[0] ?? ""}:${ids?.length ?? 0}`;
}

function decodeCursor(ctx: ThreadContext, request: CommentPageRequest): Unit[] {
  const cursor = decodeListCursor<ThreadCursor>(
    ctx.cursors,
    request.cursor,
    (p) => p.post === request.postId && p.sort === request.sort && Array.isArray(p.units),
    "post or sort",
  );
  return cursor?.units ?? [{ t: "thread", s: 0 }];
}

/**
 * Reads one page of comments.
 * @returns the post and up to `limit` comments in thread order, with the cursor of the rest.
 * @throws ServiceError 400 `invalid_cursor`; 404 `post_not_found`, 403 `subreddit_private` / `subreddit_quarantined`
 *   from the thread request; 502 `upstream_*`. When resolving a stub fails with a retryable error after the page has
 *   comments, the page ends there instead, and its cursor retries that stub.
 */
export async function readCommentPage(
  client: ForumClient,
  ctx: ThreadContext,
  request: CommentPageRequest,
): Promise<CommentPage> {
  const units = decodeCursor(ctx, request);
  const counter: SkipCounter = { skipped: 0 };
  const resource = { kind: "post" as const, id: request.postId };
  const linkFullname = `t3_${request.postId}`;
  const thread = readThreadAnswer(
    okJson(
      await client.get(`/comments/${request.postId}`, { sort: request.sort, limit: THREAD_LIMIT }),
      resource,
    ),
  );
  const loaded = new Map<string, ThreadItem[]>([
    ["thread", flattenComments(thread.commentChildren, linkFullname, 0, counter)],
  ]);
  const positioned = new Set<string>();
  /** On a unit's first visit on this page: continue after the last item read before (by key), else at the index. */
  const position = (unit: Unit, key: string, items: readonly ThreadItem[]) => {
    if (positioned.has(key)) return;
    positioned.add(key);
    const anchor = unit.l ? items.findIndex((item) => item.key === unit.l) : -1;
    if (anchor >= 0) unit.s = anchor + 1;
  };

  const load = async (unit: Unit, ids: string[]): Promise<ThreadItem[]> => {
    if (unit.t === "thread") return loaded.get("thread") ?? [];
    if (unit.t === "more") {
      const answer = await client.postForm("/api/morechildren", {
        api_type: "json",
        link_id: linkFullname,
        children: ids.join(","),
        sort: request.sort,
        limit_children: "false",
      });
      return readMoreChildren(
        okJson(answer, resource),
        { parentFullname: unit.p, depth: unit.d, ids },
        counter,
      );
    }
    const answer = await client.get(`/comments/${request.postId}/_/${idOfFullname(unit.p)}`, {
      sort: request.sort,
      limit: THREAD_LIMIT,
    });
    const focal = findComment(readThreadAnswer(okJson(answer, resource)).commentChildren, unit.p);
    return flattenComments(readListing(focal?.replies)?.things ?? [], unit.p, unit.d, counter);
  };

  // Ids and keys of the units met on this page (a spilled id list is read from Redis once).
  const idsOf = new WeakMap<Unit, string[]>();
  const idsFor = async (unit: Unit): Promise<string[]> => {
    if (unit.t !== "more") return [];
    let known = idsOf.get(unit);
    if (!known) {
      known = await unpackIds(ctx, unit.ids);
      idsOf.set(unit, known);
    }
    return known;
  };
  const comments: ForumComment[] = [];
  let stubRequests = 0;
  while (units.length > 0 && comments.length < request.limit) {
    const unit = units[0] as Unit;
    const unitIds = await idsFor(unit);
    const key = unitKey(unit, unitIds);
    let items = loaded.get(key);
    if (!items) {
      if (stubRequests >= MAX_STUB_REQUESTS) break;
      try {
        stubRequests++;
        items = await load(unit, unitIds);
      } catch (error) {
        if (comments.length > 0 && error instanceof ServiceError && error.retryable) {
          ctx.log.warn({ code: error.code }, "resolving a comment stub failed; the page ends early");
          break;
        }
        throw error;
      }
      loaded.set(key, items);
    }
    position(unit, key, items);
    const item = items[unit.s];
    if (!item) {
      units.shift();
      continue;
    }
    unit.s++;
    unit.l = item.key;
    if (item.type === "comment") comments.push(item.comment);
    else units.unshift(stubUnit(item));
  }
  // Units read to their end on this page are dropped, so `hasMore` is false when nothing is left.
  while (units.length > 0) {
    const unit = units[0] as Unit;
    const known = unit.t === "more" ? idsOf.get(unit) : [];
    const key = known ? unitKey(unit, known) : "";
    const items = loaded.get(key);
    if (!items) break;
    position(unit, key, items);
    if (unit.s < items.length) break;
    units.shift();
  }
  if (counter.skipped > 0)
    ctx.log.debug({ skipped: counter.skipped }, "thread items of unknown kinds were skipped");
  // Long id lists are stored only now, for the units the cursor still needs (a list from the cursor stays a reference).
  const packed = await Promise.all(
    units.map(async (unit) =>
      unit.t === "more" && Array.isArray(unit.ids) ? { ...unit, ids: await packIds(ctx, unit.ids) } : unit,
    ),
  );
  const cursor: ThreadCursor = { post: request.postId, sort: request.sort, units: packed };
  return {
    post: thread.post,
    comments,
    nextCursor: units.length > 0 ? ctx.cursors.encode(cursor) : null,
    hasMore: units.length > 0,
    stubRequests,
  };
}

/** The unit that resolves a stub; its ids stay in memory until the cursor is written. */
function stubUnit(item: StubItem): Unit {
  if (item.type === "more") return { t: "more", p: item.parentFullname, d: item.depth, ids: item.ids, s: 0 };
  return { t: "cont", p: item.parentFullname, d: item.depth, s: 0 };
}

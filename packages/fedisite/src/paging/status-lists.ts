import type { OperationContext, UpstreamPage } from "@sda/contract";
import type { FediClient, Query } from "../client/client.ts";
import type { FedisiteErrorCode } from "../errors.ts";
import { nextPageParam } from "../readers/link-header.ts";
import { type FediPost, readStatuses } from "../readers/status.ts";
import { readLinkList } from "./link-pager.ts";

/** Statuses an instance serves per request at most (Mastodon's cap for timelines and account statuses). */
const STATUS_PAGE_SIZE = 40;

/** A timeline of statuses to read (account statuses, a hashtag, a public timeline). */
export interface StatusListRequest {
  path: string;
  /** Filters sent with every page (identity of the list with the path). */
  query: Query;
  limit: number;
  cursor: string | undefined;
  /** The code of the instance's 404 for this list (an unknown account), if any. */
  notFound?: FedisiteErrorCode;
}

/** One page of posts with our list fields. */
export interface PostPage {
  posts: FediPost[];
  totalReturned: number;
  nextCursor: string | null;
  hasMore: boolean;
}

/**
 * Reads one page of a timeline of statuses, its pages chained by the `Link` header's `max_id` (see `readLinkList`).
 * A reblog is keyed by its own id, so a repost of a post already listed is kept.
 * @throws ServiceError 400 `invalid_cursor`, and the client's errors for the first page.
 */
export async function readStatusList(
  client: FediClient,
  ctx: Pick<OperationContext, "cursors" | "log">,
  request: StatusListRequest,
): Promise<PostPage> {
  const fetchPage = async (token: string | null): Promise<UpstreamPage<FediPost>> => {
    const response = await client.get(
      request.path,
      { ...request.query, limit: STATUS_PAGE_SIZE, max_id: token ?? undefined },
      request.notFound,
    );
    return {
      items: readStatuses(response.json(), client.host),
      next: nextPageParam(response.headers.link, "max_id"),
    };
  };
  const page = await readLinkList(ctx, {
    key: JSON.stringify([client.host, request.path, request.query]),
    limit: request.limit,
    cursor: request.cursor,
    pageSize: STATUS_PAGE_SIZE,
    fetchPage,
    keyOf: (post) => post.repostId ?? post.id,
  });
  return {
    posts: page.items,
    totalReturned: page.items.length,
    nextCursor: page.nextCursor,
    hasMore: page.hasMore,
  };
}

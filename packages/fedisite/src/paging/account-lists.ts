import type { OperationContext, UpstreamPage } from "@sda/contract";
import { fetchAccount } from "../client/accounts.ts";
import type { FediClient } from "../client/client.ts";
import type { FedisiteErrorCode } from "../errors.ts";
import type { AccountRef } from "../inputs/links.ts";
import { type FediUser, readUser, readUsers } from "../readers/account.ts";
import { nextPageParam } from "../readers/link-header.ts";
import { readLinkList } from "./link-pager.ts";

/** Accounts an instance serves per request at most (Mastodon's cap for followers, following, favourited_by…). */
const ACCOUNT_PAGE_SIZE = 80;

/** A list of accounts to read. */
interface AccountListRequest {
  path: string;
  limit: number;
  cursor: string | undefined;
  /** The code of the instance's 404 for this list (an unknown account or status). */
  notFound: FedisiteErrorCode;
}

/** One page of accounts with our list fields. */
export interface UserPage {
  totalReturned: number;
  nextCursor: string | null;
  hasMore: boolean;
  users: FediUser[];
}

/**
 * Reads one page of a list of accounts (`/api/v1/accounts/<id>/followers`, `/statuses/<id>/favourited_by`, …), its
 * pages chained by the `Link` header's `max_id` (see `readLinkList`).
 * @throws ServiceError 400 `invalid_cursor`, the `notFound` code, and the client's errors for the first page.
 */
export async function readAccountList(
  client: FediClient,
  ctx: Pick<OperationContext, "cursors" | "log">,
  list: AccountListRequest,
): Promise<UserPage> {
  const fetchPage = async (token: string | null): Promise<UpstreamPage<FediUser>> => {
    const response = await client.get(
      list.path,
      { limit: ACCOUNT_PAGE_SIZE, max_id: token ?? undefined },
      list.notFound,
    );
    return {
      items: readUsers(response.json(), client.host),
      next: nextPageParam(response.headers.link, "max_id"),
    };
  };
  const page = await readLinkList(ctx, {
    key: JSON.stringify([client.host, list.path]),
    limit: list.limit,
    cursor: list.cursor,
    pageSize: ACCOUNT_PAGE_SIZE,
    fetchPage,
    keyOf: (user) => user.id,
  });
  return {
    totalReturned: page.items.length,
    nextCursor: page.nextCursor,
    hasMore: page.hasMore,
    users: page.items,
  };
}

/**
 * The id of the account a link names (`accounts/lookup` for a handle, none for an id link).
 * @throws ServiceError 404 `profile_not_found`, and the client's errors.
 */
export async function accountIdOf(client: FediClient, ref: AccountRef): Promise<string> {
  return ref.id ?? readUser(await fetchAccount(client, ref), client.host).id;
}

/**
 * One page of an account's followers or following: `GET /api/v1/accounts/<id>/<relation>`.
 * @throws ServiceError 404 `profile_not_found`, 400 `invalid_cursor`, and the client's errors.
 */
export async function readRelationList(
  client: FediClient,
  ctx: Pick<OperationContext, "cursors" | "log">,
  relation: "followers" | "following",
  params: { url: AccountRef; limit: number; cursor?: string | undefined },
): Promise<UserPage & { accountId: string }> {
  const accountId = await accountIdOf(client, params.url);
  const page = await readAccountList(client, ctx, {
    path: `/api/v1/accounts/${encodeURIComponent(accountId)}/${relation}`,
    limit: params.limit,
    cursor: params.cursor,
    notFound: "profile_not_found",
  });
  return { accountId, ...page };
}

/**
 * One page of who liked or reposted a post: `GET /api/v1/statuses/<id>/favourited_by` or `/reblogged_by`.
 * @throws ServiceError 404 `post_not_found`, 400 `invalid_cursor`, and the client's errors.
 */
export async function readPostReactions(
  client: FediClient,
  ctx: Pick<OperationContext, "cursors" | "log">,
  relation: "favourited_by" | "reblogged_by",
  params: { url: { id: string }; limit: number; cursor?: string | undefined },
): Promise<UserPage & { postId: string }> {
  const postId = params.url.id;
  const page = await readAccountList(client, ctx, {
    path: `/api/v1/statuses/${encodeURIComponent(postId)}/${relation}`,
    limit: params.limit,
    cursor: params.cursor,
    notFound: "post_not_found",
  });
  return { postId, ...page };
}

import type { OperationContext } from "@sda/contract";
import type { z } from "zod";
import type { UserItemType } from "../inputs/params.ts";
import type { userItemsParams } from "../spec/user-items.ts";
import { type SearchResult, searchList } from "./search.ts";

/** The user items result: a search result plus the user. */
export interface UserItemsResult extends SearchResult {
  handle: string;
}

/** Algolia `tags`: the author tag, AND the type tag unless `all` (`(comment),author_pg`). */
const tagsOf = (handle: string, type: UserItemType) =>
  type === "all" ? `author_${handle}` : `(${type}),author_${handle}`;

/**
 * Stories and/or comments of one user.
 *
 * Upstream: Algolia `GET /api/v1/search_by_date` (newest first, the default) or `/api/v1/search` with
 * `tags=(<type>),author_<handle>` and no query, pages followed to fill `limit`. A user without items (or without an
 * account) gives an empty list.
 * @returns `{ data, source: "algolia:search_by_date" | "algolia:search", count }`.
 * @throws ServiceError 400 `invalid_cursor`, 502 `upstream_*`.
 */
export async function userItemsHandler(
  params: z.output<typeof userItemsParams>,
  ctx: OperationContext,
): Promise<{ data: UserItemsResult; source: string; count: number }> {
  const { list, source, count } = await searchList(ctx, params, {
    tags: tagsOf(params.handle, params.type),
  });
  return {
    data: { handle: params.handle, query: null, type: params.type, sort: params.sort, ...list },
    source,
    count,
  };
}

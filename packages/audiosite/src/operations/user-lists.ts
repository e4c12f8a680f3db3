import type { OperationContext } from "@sda/contract";
import { AudiositeApi } from "../client/api.ts";
import { idOfRef, notFound } from "../client/resolve.ts";
import type { AudioRef } from "../inputs/ref.ts";
import { readHrefList } from "../paging/href-list.ts";

/**
 * The lists api-v2 reads by a user's numeric id (`/users/<id>/tracks`, `/playlists_without_albums`, `/albums`,
 * `/likes`, `/followings`): a urn gives the id at once, a link is resolved first. One upstream page per call.
 */

/** What one user list reads. */
export interface UserListRequest<T> {
  params: { url: AudioRef; limit: number; cursor?: string | undefined };
  /** The list's path under `/users/<id>` (`tracks`, `likes`, …). */
  tab: string;
  read: (row: unknown) => T | null;
}

/** A page of a user list: the user's id and link, and the rows. */
export interface UserListPage<T> {
  url: string | null;
  userId: string;
  items: T[];
  totalReturned: number;
  nextCursor: string | null;
  hasMore: boolean;
}

/**
 * Reads one page of a user's list.
 * @throws ServiceError 404 `not_found` (unknown user), 400 `url_kind_mismatch` (a short link to a track), 400
 *   `invalid_cursor`, `upstream_*`.
 */
export async function readUserList<T>(
  ctx: OperationContext,
  request: UserListRequest<T>,
): Promise<UserListPage<T>> {
  const api = new AudiositeApi(ctx);
  const user = await idOfRef(ctx, api, request.params.url, "user");
  const page = await readHrefList(
    ctx,
    api,
    {
      key: `user:${user.id}:${request.tab}`,
      limit: request.params.limit,
      cursor: request.params.cursor,
      first: {
        path: `/users/${user.id}/${request.tab}`,
        query: { limit: Math.min(request.params.limit, 200), linked_partitioning: 1 },
      },
      missing: () => notFound(`user ${user.id}`),
    },
    request.read,
  );
  const items = page.rows.map((r) => r.item);
  return {
    url: user.url,
    userId: user.id,
    items,
    totalReturned: items.length,
    nextCursor: page.nextCursor,
    hasMore: page.hasMore,
  };
}

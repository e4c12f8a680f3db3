import type { HandlerFor } from "@sda/contract";
import { FediClient } from "../client/client.ts";
import type { FedisiteEnv } from "../env.ts";
import { readContext } from "../readers/context.ts";
import type { postCommentsSpec } from "../spec/post-comments.ts";

/**
 * The thread of a post as one flat list: ancestors (root first), then descendants depth-first.
 *
 * Upstream: `GET /api/v1/statuses/<id>/context` (the whole context in one answer: no further page).
 * @returns `{ data: { postId, ancestorCount, comments, …page }, source: "mastodon:context", count }`.
 * @throws ServiceError 422 `instance_not_allowed`, 404 `post_not_found`, 502 `upstream_*`.
 */
export const postCommentsHandler: HandlerFor<typeof postCommentsSpec, FedisiteEnv> = async (params, ctx) => {
  const client = new FediClient(ctx, params.url.instance);
  const { id } = params.url;
  const response = await client.get(
    `/api/v1/statuses/${encodeURIComponent(id)}/context`,
    {},
    "post_not_found",
  );
  const comments = readContext(response.json(), id, client.host);
  return {
    data: {
      postId: id,
      ancestorCount: comments.filter((c) => c.isAncestor).length,
      totalReturned: comments.length,
      nextCursor: null,
      hasMore: false,
      comments,
    },
    source: "mastodon:context",
    count: comments.length,
  };
};

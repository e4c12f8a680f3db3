import type { UpstreamPage } from "@sda/contract";
import { type Comment, readComment } from "../../readers/comment.ts";
import { toUpstreamPage } from "../../readers/connection.ts";
import { view } from "../../readers/json-view.ts";
import { QUERIES, ROOT_FIELDS } from "../config.ts";
import type { PhotositeContext } from "../context.ts";
import { PlatformNotFound } from "../failures.ts";
import { callGraphql } from "../web.ts";

/**
 * Pages of a post's comments: GraphQL `PolarisPostCommentsContainerQuery` {media_id}, later pages
 * `PolarisPostCommentsPaginationQuery` {media_id, after}; root `xdt_api__v1__media__media_id__comments__connection`.
 * The platform's cursor is itself a JSON text (`{"bifilter_token": "..."}`) and is passed back verbatim.
 * @throws PlatformNotFound when the platform answers no connection (no such media).
 */
export function commentPages(ctx: PhotositeContext, mediaId: string) {
  return async (after: string | null): Promise<UpstreamPage<Comment>> => {
    const answer =
      after === null
        ? await callGraphql(ctx, QUERIES.comments, { media_id: mediaId })
        : await callGraphql(ctx, QUERIES.commentsPage, {
            after,
            before: null,
            first: 10,
            last: null,
            media_id: mediaId,
            sort_order: "popular",
          });
    const connection = view(answer).at("data", ROOT_FIELDS.comments);
    if (!connection.isObject()) throw new PlatformNotFound("no comments connection");
    const rows: Comment[] = [];
    let skipped = 0;
    for (const node of connection.edges()) {
      const comment = readComment(node);
      if (comment) rows.push(comment);
      else skipped++;
    }
    if (skipped > 0) ctx.log.debug({ skipped }, "photosite comment items of an unknown kind skipped");
    return toUpstreamPage({
      rows,
      nextAfter: connection.text("page_info", "end_cursor"),
      hasNext: connection.bool("page_info", "has_next_page") ?? false,
    });
  };
}

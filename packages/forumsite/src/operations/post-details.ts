import type { HandlerFor, OperationContext } from "@sda/contract";
import type { z } from "zod";
import { ForumClient } from "../client/client.ts";
import { okJson } from "../client/errors.ts";
import { resolvePostId } from "../client/resolve-post.ts";
import type { ForumsiteEnv } from "../env.ts";
import { fail } from "../errors.ts";
import { type PostDetails, readPostDetails } from "../readers/post.ts";
import { readThreadAnswer } from "../readers/thread/tree.ts";
import type { postDetailsParams, postDetailsSpec } from "../spec/post-details.ts";

/**
 * One post with body (markdown and plain text), counts, media and crosspost origin.
 *
 * Upstream: `GET /comments/<id>` (the post listing of the thread answer; `limit=1` keeps the comment part small),
 * after resolving a share link when one is given.
 * @returns `{ data: PostDetails, source: "<oauth|public>:comments" }` (`+share-link` when one was resolved).
 * @throws ServiceError 404 `post_not_found`, 403 `subreddit_private` / `subreddit_quarantined`, 502 `upstream_*`.
 */
export async function getPostDetails(
  params: z.output<typeof postDetailsParams>,
  ctx: OperationContext<ForumsiteEnv>,
): Promise<{ data: PostDetails; source: string }> {
  const client = new ForumClient(ctx);
  const { id, viaShareLink } = await resolvePostId(client, params.url);
  const answer = await client.get(`/comments/${id}`, { limit: 1 });
  const thread = readThreadAnswer(okJson(answer, { kind: "post", id }));
  const details = readPostDetails(thread.post);
  if (!details) throw fail("post_not_found", `post ${id} does not exist`, {});
  return { data: details, source: `${client.via}:comments${viaShareLink ? "+share-link" : ""}` };
}

/** The handler of `forumsite.post-details` (its spec: `postDetailsSpec`). */
export const postDetailsHandler: HandlerFor<typeof postDetailsSpec, ForumsiteEnv> = (params, ctx) =>
  getPostDetails(params, ctx);

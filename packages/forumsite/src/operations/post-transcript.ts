import type { HandlerFor, OperationContext } from "@sda/contract";
import type { z } from "zod";
import { ForumClient } from "../client/client.ts";
import { okJson } from "../client/errors.ts";
import { resolvePostId } from "../client/resolve-post.ts";
import type { ForumsiteEnv } from "../env.ts";
import { fail } from "../errors.ts";
import type { CommentSort } from "../inputs/params.ts";
import { readPostDetails } from "../readers/post.ts";
import { flattenComments, readThreadAnswer } from "../readers/thread/tree.ts";
import { buildTranscript, type TranscriptPart } from "../readers/transcript.ts";
import type { postTranscriptParams, postTranscriptSpec } from "../spec/post-transcript.ts";

/** The post transcript result (SPEC §2.11: written text — title, body, top comments). */
export interface PostTranscriptResult {
  url: string | null;
  postId: string;
  title: string;
  subreddit: string | null;
  author: string | null;
  createdAt: string | null;
  sort: CommentSort;
  /** Title, body and top comments as one readable text. */
  text: string;
  parts: TranscriptPart[];
  /** Comments included in `text`. */
  commentCount: number;
}

/**
 * The written text of a post and its top comments.
 *
 * Upstream: `GET /comments/<id>?sort=…&depth=1` (top-level comments only); deleted and removed comments are left out.
 * @returns `{ data, source: "<oauth|public>:comments" }` (`+share-link` when one was resolved).
 * @throws ServiceError 404 `post_not_found`, 403 `subreddit_private` / `subreddit_quarantined`, 502 `upstream_*`.
 */
export async function getPostTranscript(
  params: z.output<typeof postTranscriptParams>,
  ctx: OperationContext<ForumsiteEnv>,
): Promise<{ data: PostTranscriptResult; source: string }> {
  const client = new ForumClient(ctx);
  const { id, viaShareLink } = await resolvePostId(client, params.url);
  const answer = await client.get(`/comments/${id}`, {
    sort: params.sort,
    depth: 1,
    limit: Math.min(500, params.comments * 2 + 10),
  });
  const thread = readThreadAnswer(okJson(answer, { kind: "post", id }));
  const post = readPostDetails(thread.post);
  if (!post) throw fail("post_not_found", `post ${id} does not exist`, {});
  const counter = { skipped: 0 };
  const top = flattenComments(thread.commentChildren, post.fullname, 0, counter)
    .flatMap((item) => (item.type === "comment" ? [item.comment] : []))
    .filter((comment) => comment.depth === 0 && !comment.isDeleted && !comment.isRemoved)
    .slice(0, params.comments);
  const { text, parts } = buildTranscript(post, top);
  return {
    data: {
      url: post.permalink,
      postId: post.id,
      title: post.title,
      subreddit: post.subreddit,
      author: post.author,
      createdAt: post.createdAt,
      sort: params.sort,
      text,
      parts,
      commentCount: parts.filter((p) => p.type === "comment").length,
    },
    source: `${client.via}:comments${viaShareLink ? "+share-link" : ""}`,
  };
}

/** The handler of `forumsite.post-transcript` (its spec: `postTranscriptSpec`). */
export const postTranscriptHandler: HandlerFor<typeof postTranscriptSpec, ForumsiteEnv> = (params, ctx) =>
  getPostTranscript(params, ctx);

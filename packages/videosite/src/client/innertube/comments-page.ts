import { type CommentsAnswer, readCommentsAnswer } from "../../readers/comments/comment-reader.ts";
import type { UpstreamContext } from "../context.ts";
import { postWeb } from "./web-post.ts";

/**
 * One page of the comments section.
 * Source: `POST /youtubei/v1/next` with `{ continuation }` (WEB client): the first-page token built from the video id,
 * a continuation from the previous page, or a thread's replies continuation.
 * @returns the read answer and its `Date` (reference of the relative labels).
 * @throws ServiceError `upstream_*` when the request fails.
 */
export async function fetchCommentsPage(
  ctx: UpstreamContext,
  token: string,
): Promise<{ page: CommentsAnswer; date: Date | null }> {
  const response = await postWeb(ctx, "next", { continuation: token });
  return { page: readCommentsAnswer(response.json<unknown>()), date: response.date };
}

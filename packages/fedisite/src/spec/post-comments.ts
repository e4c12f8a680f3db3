import { cacheParam, defineOperationSpec, fixed, listPage } from "@sda/contract";
import { z } from "zod";
import { statusParam } from "../inputs/links.ts";
import { fediThreadPost } from "./shapes.ts";

/** Query parameters of `GET /v1/fedisite/post-comments`. */
export const postCommentsParams = z.object({ url: statusParam, cache: cacheParam });

/** `fedisite.post-comments`: the post's thread as one flat list (the whole context: no further page). */
export const postCommentsOutput = listPage("comments", fediThreadPost, {
  postId: z.string().describe("The post asked, by its id on the instance asked."),
  ancestorCount: z.int().min(0),
});

/** `GET /v1/fedisite/post-comments`: 2 credits, 0 for a post without context. */
export const postCommentsSpec = defineOperationSpec({
  name: "post-comments",
  summary:
    "The thread of a post (`url`) as one flat list: the posts it replies to (`isAncestor`, root first), then the replies depth-first with `depth` and `parentId`, as far as the instance knows them.",
  params: postCommentsParams,
  output: postCommentsOutput,
  price: fixed(2),
  cache: { mode: "optIn" },
});

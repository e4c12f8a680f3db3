import { cacheParam, count, defineOperationSpec, fixed, intParam, timestamp, url } from "@sda/contract";
import { z } from "zod";
import { topCommentSortParam } from "../inputs/params.ts";
import { postRefParam } from "../inputs/post-url.ts";

/** Query parameters of `GET /v1/forumsite/post-transcript`. */
export const postTranscriptParams = z.object({
  url: postRefParam,
  /** How the top comments are chosen: the platform's comment order, `top` (highest score) by default. */
  sort: topCommentSortParam,
  /** Number of top-level comments to include (0 for the post alone). */
  comments: intParam({ default: 10, min: 0, max: 100 }),
  cache: cacheParam,
});

/** SPEC §2.11: the written text of a post (title, body, top comments) — not a speech transcript. */
export const postTranscriptOutput = z.object({
  url: url.nullable(),
  postId: z.string(),
  title: z.string(),
  subreddit: z.string().nullable(),
  author: z.string().nullable(),
  createdAt: timestamp.nullable(),
  sort: z.string(),
  text: z.string().describe("Title, body and top comments as one readable text."),
  parts: z.array(
    z
      .object({
        type: z.string().describe("`title`, `body`, `link` or `comment`."),
        text: z.string(),
        markdown: z.string().nullable().optional(),
        url: url.optional(),
        id: z.string().optional(),
        author: z.string().nullable().optional(),
        score: z.int().nullable().optional(),
        createdAt: timestamp.nullable().optional(),
      })
      .describe("One part of the text: the title, the body, the link, or a comment."),
  ),
  commentCount: count.describe("Comments included in `text`."),
});

/** `GET /v1/forumsite/post-transcript` (SPEC §4.4): 2 credits. */
export const postTranscriptSpec = defineOperationSpec({
  name: "post-transcript",
  summary:
    "Written text of a post (`url`): title, body and top comments as one readable text plus structured parts; `comments` (0-100, default 10) and `sort` (default top) choose the comments.",
  params: postTranscriptParams,
  output: postTranscriptOutput,
  price: fixed(2),
  cache: { mode: "optIn" },
});

import { cacheParam, defineOperationSpec, fixed } from "@sda/contract";
import { z } from "zod";
import { postRefParam } from "../inputs/post-url.ts";
import { postDetails } from "./shapes.ts";

/** Query parameters of `GET /v1/forumsite/post-details`. */
export const postDetailsParams = z.object({ url: postRefParam, cache: cacheParam });

/** SPEC §2.11: one post (title, body, score, comment count, subreddit, author). */
export const postDetailsOutput = postDetails;

/** `GET /v1/forumsite/post-details` (SPEC §4.4): 1 credit. */
export const postDetailsSpec = defineOperationSpec({
  name: "post-details",
  summary:
    "One post (`url`: post URL, share link, short link or id): title, body as markdown and plain text, score, upvote ratio, comment count, subreddit, author, media, crosspost parent.",
  params: postDetailsParams,
  output: postDetailsOutput,
  price: fixed(1),
  cache: { mode: "optIn" },
});

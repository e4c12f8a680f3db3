import { cacheParam, defineOperationSpec, fixed } from "@sda/core";
import { z } from "zod";
import { postRefParam } from "../inputs/post-url.ts";

/** Query parameters of `GET /v1/forumsite/post-details`. */
export const postDetailsParams = z.object({ url: postRefParam, cache: cacheParam });

/** `GET /v1/forumsite/post-details` (SPEC §4.4): 1 credit. */
export const postDetailsSpec = defineOperationSpec({
  name: "post-details",
  summary:
    "One post (`url`: post URL, share link, short link or id): title, body as markdown and plain text, score, upvote ratio, comment count, subreddit, author, media, crosspost parent.",
  params: postDetailsParams,
  price: fixed(1),
  cache: { mode: "optIn" },
});

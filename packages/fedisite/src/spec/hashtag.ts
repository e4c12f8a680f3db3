import { cacheParam, cursorParam, defineOperationSpec, fixed, limitParam, listPage } from "@sda/contract";
import { z } from "zod";
import { tagParam } from "../inputs/links.ts";
import { fediPost } from "./shapes.ts";

/** Query parameters of `GET /v1/fedisite/hashtag`. */
export const hashtagParams = z.object({
  url: tagParam,
  limit: limitParam(20, 200),
  cursor: cursorParam,
  cache: cacheParam,
});

/** `fedisite.hashtag`: a page of a hashtag's timeline on the instance asked, newest first. */
export const hashtagOutput = listPage("posts", fediPost, {
  tag: z.string(),
  instance: z.string(),
  scope: z
    .enum(["all", "local", "remote"])
    .describe(
      "The posts served: `all`, or only `local` / `remote` ones when the instance serves only those to logged-out readers.",
    ),
});

/** `GET /v1/fedisite/hashtag`: 2 credits per page, 0 for an empty one. */
export const hashtagSpec = defineOperationSpec({
  name: "hashtag",
  summary:
    "Posts with a hashtag (`url`: `https://<instance>/tags/<tag>`) as that instance knows them, newest first, with `limit` and `cursor`; 403 `instance_login_required` where the instance no longer serves hashtag timelines logged out.",
  params: hashtagParams,
  output: hashtagOutput,
  price: fixed(2),
  cache: { mode: "optIn" },
});

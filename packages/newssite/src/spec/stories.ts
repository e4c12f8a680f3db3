import { cacheParam, cursorParam, defineOperationSpec, fixed, limitParam, listPage } from "@sda/contract";
import { z } from "zod";
import { choiceParam, STORY_LISTS } from "../inputs/params.ts";
import { newsItem } from "./shapes.ts";

/** Query parameters of `GET /v1/newssite/stories`. */
export const storiesParams = z.object({
  list: choiceParam(STORY_LISTS, "top"),
  limit: limitParam(30, 500),
  cursor: cursorParam,
  cache: cacheParam,
});

/** `newssite.stories`: a page of a site list, hydrated. */
export const storiesOutput = listPage("stories", newsItem, { list: z.string() });

/** `GET /v1/newssite/stories`: 2 credits per page, 0 for an empty one. */
export const storiesSpec = defineOperationSpec({
  name: "stories",
  summary:
    "Stories of a site list (`list`: top, new, best, ask, show, job), hydrated (title, url, domain, text, author, score, commentCount, createdAt, type), with `limit` and `cursor`.",
  params: storiesParams,
  output: storiesOutput,
  price: fixed(2),
  cache: { mode: "optIn" },
});

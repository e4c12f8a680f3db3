import {
  cacheParam,
  count,
  cursorParam,
  defineOperationSpec,
  fixed,
  limitParam,
  listPage,
} from "@sda/contract";
import { z } from "zod";
import { searchSortParam } from "../inputs/params.ts";
import { actorParam } from "../inputs/refs.ts";
import { languageParam, searchTimeParam, tagParam } from "../inputs/search.ts";
import { post } from "./shapes.ts";

/**
 * Query parameters of `GET /v1/microblogsite/search`: the AppView's post search (`q` in its syntax, e.g. `#rstats`,
 * `from:…`) and its filters.
 */
export const searchParams = z.object({
  q: z.string().trim().min(2).max(512),
  sort: searchSortParam,
  since: searchTimeParam.describe("Posts at or after this time (ISO date or timestamp)."),
  until: searchTimeParam.describe("Posts before this time (ISO date or timestamp)."),
  author: actorParam.optional().describe("Only posts of this account (handle, DID or profile link)."),
  lang: languageParam.describe("Only posts in this language (BCP-47)."),
  domain: z.string().trim().toLowerCase().max(253).optional().describe("Only posts linking to this host."),
  // Not `url`: across the service a `url` parameter names the resource an operation reads (resolve, history and
  // monitors find operations by it); this one filters the search.
  linkUrl: z
    .string()
    .trim()
    .max(2048)
    .optional()
    .describe("Only posts linking to this URL (the AppView's `url` filter)."),
  tag: tagParam.describe("Only posts with this hashtag (with or without `#`)."),
  limit: limitParam(20, 200),
  cursor: cursorParam,
  cache: cacheParam,
});

/** `microblogsite.search`: a page of posts matching a search. */
export const searchOutput = listPage("posts", post, {
  query: z.string(),
  sort: z.string().describe("`latest` (newest first) or `top`."),
  totalHits: count.nullable().describe("The platform's count of all matching posts, when it gives one."),
});

/** `GET /v1/microblogsite/search`: 2 credits per page, 0 for an empty one. */
export const searchSpec = defineOperationSpec({
  name: "search",
  summary:
    "Post search (`q`, newest first or `sort=top`), filtered by `since`, `until`, `author`, `lang`, `domain`, `linkUrl`, `tag`, with `limit` and `cursor`; the public AppView first, the operator's account when it refuses.",
  params: searchParams,
  output: searchOutput,
  price: fixed(2),
  cache: { mode: "optIn" },
});

import { cacheParam, defineOperationSpec, fixed, limitParam } from "@sda/contract";
import { z } from "zod";
import { instanceParam } from "../inputs/links.ts";
import { fediPost, fediTag, fediUser } from "./shapes.ts";

/** Query parameters of `GET /v1/fedisite/search`. */
export const searchParams = z.object({
  q: z.string().trim().min(1).max(512),
  instance: instanceParam,
  type: z.enum(["all", "accounts", "statuses", "hashtags"]).default("all"),
  limit: limitParam(20, 40),
  cache: cacheParam,
});

/** `fedisite.search`: accounts, posts and hashtags an instance finds. */
export const searchOutput = z.object({
  query: z.string(),
  instance: z.string(),
  type: z.string(),
  loggedIn: z
    .boolean()
    .describe(
      "False when no operator token is configured for the instance: a logged-out search finds accounts and hashtags the instance knows and posts only by their exact URL; it resolves no remote account or URL and does no full-text search of posts.",
    ),
  totalReturned: z.int().min(0),
  users: z.array(fediUser),
  posts: z.array(fediPost),
  hashtags: z.array(fediTag),
});

/** `GET /v1/fedisite/search`: 2 credits, 0 when nothing is found. */
export const searchSpec = defineOperationSpec({
  name: "search",
  summary:
    "Search one instance (`instance`) for accounts, posts and hashtags (`type`). Logged out (no operator token for the instance) it finds known accounts and hashtags and posts only by exact URL.",
  params: searchParams,
  output: searchOutput,
  price: fixed(2),
  cache: { mode: "optIn" },
});

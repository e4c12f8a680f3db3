import { defineOperationSpec, definePlatform, fixed } from "@sda/core";
import { newssiteErrorCodes } from "./errors.ts";
import {
  itemCommentsParams,
  itemDetailsParams,
  searchParams,
  storiesParams,
  userDetailsParams,
  userItemsParams,
} from "./inputs/params.ts";
import {
  itemCommentsOutput,
  itemDetailsOutput,
  searchOutput,
  storiesOutput,
  userDetailsOutput,
  userItemsOutput,
} from "./outputs.ts";

/**
 * The newssite platform (Hacker News) as the gateway sees it: hosts, error codes and the six operation specs (params,
 * price, cache). No extraction code is imported here; the handlers are bound in `handlers.ts`.
 * Ids are `newssite.<name>`, paths `/v1/newssite/<name>`, queue and tag `newssite`.
 */
export const newssitePlatform = definePlatform({
  name: "newssite",
  hosts: ["hacker-news.firebaseio.com", "hn.algolia.com"],
  errorCodes: newssiteErrorCodes,
  operations: [
    defineOperationSpec({
      name: "stories",
      summary:
        "Stories of a site list (`list`: top, new, best, ask, show, job), hydrated (title, url, domain, text, author, score, commentCount, createdAt, type), with `limit` and `cursor`.",
      params: storiesParams,
      output: storiesOutput,
      price: fixed(2),
      cache: { mode: "optIn" },
    }),
    defineOperationSpec({
      name: "item-details",
      summary:
        "One item (`url`: item URL or id): story, comment, job or poll (with options and votes), deleted and dead flags.",
      params: itemDetailsParams,
      output: itemDetailsOutput,
      price: fixed(1),
      cache: { mode: "optIn" },
    }),
    defineOperationSpec({
      name: "item-comments",
      summary:
        "Comments below an item (`url`), flat depth-first with `depth` and `parentId`, deleted and dead flags, and the item itself, with `limit` and `cursor`.",
      params: itemCommentsParams,
      output: itemCommentsOutput,
      price: fixed(2),
      cache: { mode: "optIn" },
    }),
    defineOperationSpec({
      name: "user-details",
      summary: "One user (`url` or `handle`): karma, about (HTML and text), createdAt, submittedCount.",
      params: userDetailsParams,
      output: userDetailsOutput,
      price: fixed(1),
      cache: { mode: "optIn" },
    }),
    defineOperationSpec({
      name: "search",
      summary:
        "Full-text search (`q`) of stories, comments or all items (`type`), by relevance or date (`sort`), with `limit` and `cursor`.",
      params: searchParams,
      output: searchOutput,
      price: fixed(2),
      cache: { mode: "optIn" },
    }),
    defineOperationSpec({
      name: "user-items",
      summary:
        "Stories and/or comments (`type`) of one user (`handle`), newest first or by relevance (`sort`), with `limit` and `cursor`.",
      params: userItemsParams,
      output: userItemsOutput,
      price: fixed(2),
      cache: { mode: "optIn" },
    }),
  ],
});

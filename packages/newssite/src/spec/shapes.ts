import { component, count, timestamp, url } from "@sda/contract";
import { z } from "zod";

/**
 * The shapes the newssite operations' outputs share (Hacker News: Firebase items, Algolia search hits), built on
 * core's shared shapes; each operation's output is in its `spec/<op>.ts`. Deleted items keep only id, type, time and
 * parent: every other field is nullable.
 */

const itemFields = {
  id: z.int().describe("The site's integer id (`news.ycombinator.com/item?id=<id>`)."),
  type: z.string().describe("`story`, `comment`, `job`, `poll` or `pollopt`."),
  title: z.string().nullable(),
  url: url.nullable().describe("The link of a story or job; null for text posts and comments."),
  domain: z.string().nullable().describe("Host of `url` without `www.`."),
  text: z.string().nullable().describe("Body as the platform sends it (HTML)."),
  textPlain: z.string().nullable().describe("Body as plain text."),
  author: z.string().nullable(),
  score: z.int().nullable().describe("Points (votes of a poll option); null for comments."),
  commentCount: count
    .nullable()
    .describe("Comments in the whole thread; null where the platform does not count them."),
  createdAt: timestamp.nullable(),
  parentId: z.int().nullable(),
  isDeleted: z.boolean(),
  isDead: z.boolean(),
  kidIds: z.array(z.int()).describe("Ids of the direct replies, in the platform's order."),
  options: z
    .array(z.object({ id: z.int(), text: z.string().nullable(), votes: z.int().nullable() }))
    .optional()
    .describe("Options of a poll, with their votes (item details only)."),
};

/** A story, comment, job, poll or poll option. */
export const newsItem = component(
  "NewssiteItem",
  z.object(itemFields),
  "A story, comment, job, poll or poll option.",
);

export const threadComment = component(
  "NewssiteThreadComment",
  z.object({ ...itemFields, depth: z.int().min(0).describe("0 for a direct reply to the item.") }),
  "A comment of a thread, depth-first, with its depth.",
);

export const searchItem = component(
  "NewssiteSearchItem",
  z.object({
    ...itemFields,
    storyId: z.int().nullable().describe("The story a comment belongs to; null for stories."),
    storyTitle: z.string().nullable(),
  }),
  "A search hit: an item plus the story a comment belongs to.",
);

/** The fields of a search result (search, user items). */
export const searchFields = {
  query: z.string().nullable(),
  type: z.string(),
  sort: z.string(),
  totalHits: count.nullable().describe("The search engine's estimate of all matching items."),
};

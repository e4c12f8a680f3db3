import { z } from "zod";
import { fail } from "../errors.ts";
import { htmlToText } from "./html-text.ts";
import { domainOf, isoTime } from "./time.ts";

/** Kinds of Hacker News items (Ask HN and Show HN posts are stories). */
export const ITEM_TYPES = ["story", "comment", "job", "poll", "pollopt"] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

/** One option of a poll, with its votes (the pollopt item's `score`). */
export interface PollOption {
  id: number;
  /** The option's text as plain text (options are short and written without markup). */
  text: string | null;
  votes: number | null;
}

/**
 * A Hacker News item (story, comment, job, poll or poll option), the same shape from Firebase and Algolia.
 * Fields the source does not give are null (a comment has no title, a deleted item has no author).
 */
export interface NewsItem {
  /** The site's integer id (`news.ycombinator.com/item?id=<id>`). */
  id: number;
  type: ItemType;
  title: string | null;
  /** The link of a story or job; null for text posts and comments. */
  url: string | null;
  /** Host of `url` without `www.`. */
  domain: string | null;
  /** Body as the platform sends it (HTML). */
  text: string | null;
  /** Body as plain text (see `htmlToText`). */
  textPlain: string | null;
  author: string | null;
  /** Points of a story, job or poll; votes of a poll option; null for comments (the platform hides them). */
  score: number | null;
  /** Comments in the whole thread (`descendants`); null where the platform does not count them (comments). */
  commentCount: number | null;
  /** UTC ISO time with milliseconds. */
  createdAt: string | null;
  /** The parent item (comment → comment or story; pollopt → poll); null for top-level items. */
  parentId: number | null;
  /** Deleted by its author or the site: only id, type, time and parent remain. */
  isDeleted: boolean;
  /** Killed by flags or moderators ("[dead]" on the site); its text is still sent. */
  isDead: boolean;
  /** Ids of the direct replies, in the platform's order (Firebase `kids`). */
  kidIds: number[];
  /** Options of a poll (filled by item details); absent for other types. */
  options?: PollOption[];
}

/** Firebase's item (`/v0/item/<id>.json`); every field but `id` is optional. */
const firebaseItem = z.object({
  id: z.number().int(),
  type: z.enum(ITEM_TYPES).optional(),
  by: z.string().optional(),
  time: z.number().optional(),
  text: z.string().optional(),
  title: z.string().optional(),
  url: z.string().optional(),
  score: z.number().optional(),
  descendants: z.number().optional(),
  parent: z.number().optional(),
  poll: z.number().optional(),
  kids: z.array(z.number().int()).optional(),
  parts: z.array(z.number().int()).optional(),
  deleted: z.boolean().optional(),
  dead: z.boolean().optional(),
});

/** Ids of a poll's options (`parts`) in the platform's order; [] for other items. */
export function pollPartIds(raw: unknown): number[] {
  const parsed = firebaseItem.safeParse(raw);
  return parsed.success ? (parsed.data.parts ?? []) : [];
}

/** A string field as we serve it: null when absent or empty. */
export const emptyToNull = (value: string | null | undefined): string | null => (value ? value : null);

/**
 * The link and text fields of an item, in their order in {@link NewsItem}: `url`, its `domain`, `text` (HTML as sent)
 * and `textPlain`; an empty value is null.
 */
export function linkAndText(
  url: string | null | undefined,
  text: string | null | undefined,
): Pick<NewsItem, "url" | "domain" | "text" | "textPlain"> {
  const link = emptyToNull(url);
  const html = emptyToNull(text);
  return {
    url: link,
    domain: domainOf(link),
    text: html,
    textPlain: html === null ? null : htmlToText(html),
  };
}

/**
 * Reads a Firebase item.
 * @param raw the parsed body of `/v0/item/<id>.json`.
 * @returns the item, or null when the platform answered `null` (no such item).
 * @throws ServiceError 502 `upstream_error` when the answer is not an item.
 */
export function readFirebaseItem(raw: unknown): NewsItem | null {
  if (raw === null) return null;
  const parsed = firebaseItem.safeParse(raw);
  if (!parsed.success)
    throw fail("upstream_error", "newssite answered an item in an unknown shape", {
      details: { reason: "unexpected_answer" },
    });
  const item = parsed.data;
  const type = item.type ?? "comment";
  return {
    id: item.id,
    type,
    title: emptyToNull(item.title),
    ...linkAndText(item.url, item.text),
    author: item.by ?? null,
    score: item.score ?? null,
    commentCount: item.descendants ?? null,
    createdAt: isoTime(item.time),
    parentId: item.parent ?? item.poll ?? null,
    isDeleted: item.deleted === true,
    isDead: item.dead === true,
    kidIds: item.kids ?? [],
  };
}

/** A poll option read from its pollopt item: its text and votes (`score`). */
export function pollOptionOf(item: NewsItem): PollOption {
  return { id: item.id, text: item.textPlain, votes: item.score };
}

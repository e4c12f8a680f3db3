import { z } from "zod";
import { fail } from "../errors.ts";
import { emptyToNull, ITEM_TYPES, type ItemType, linkAndText, type NewsItem } from "./item.ts";
import { isoTime } from "./time.ts";

/**
 * Readers of the Algolia search API answers: search hits (`/api/v1/search`, `/search_by_date`) and whole item trees
 * (`/api/v1/items/<id>`). Both the current (2023) and the 2014 answer shapes are read; the older one lacks
 * `updated_at`, `children` in hits and `exhaustive`, which are not used.
 */

const unexpected = (what: string) =>
  fail("upstream_error", `newssite search answered ${what} in an unknown shape`, {
    details: { reason: "unexpected_answer" },
  });

const nullableString = z.string().nullish();
const nullableNumber = z.number().nullish();

const hit = z.object({
  objectID: z.string().regex(/^\d+$/),
  created_at: nullableString,
  created_at_i: nullableNumber,
  title: nullableString,
  url: nullableString,
  author: nullableString,
  points: nullableNumber,
  story_text: nullableString,
  comment_text: nullableString,
  num_comments: nullableNumber,
  story_id: nullableNumber,
  story_title: nullableString,
  parent_id: nullableNumber,
  _tags: z.array(z.string()).default([]),
});

const searchAnswer = z.object({
  hits: z.array(z.unknown()),
  nbHits: z.number().int(),
  page: z.number().int(),
  nbPages: z.number().int(),
  hitsPerPage: z.number().int(),
});

/** A search result: an item plus the story it belongs to (for comments). */
export interface SearchItem extends NewsItem {
  /** The story a comment belongs to (Algolia `story_id`); null for stories. */
  storyId: number | null;
  storyTitle: string | null;
}

/** One answered page of a search. */
interface SearchPage {
  items: SearchItem[];
  /** Hits of the whole query (Algolia's estimate, `nbHits`). */
  totalHits: number;
  /** This page's number (0-based). */
  page: number;
  /** Pages the query has (`nbPages`); a page at or past it is empty. */
  pageCount: number;
  hitsPerPage: number;
}

function typeOfTags(tags: readonly string[]): ItemType {
  return ITEM_TYPES.find((type) => tags.includes(type)) ?? "story";
}

/** Reads one search hit; null when it is not an item hit (no numeric objectID). */
function readSearchHit(raw: unknown): SearchItem | null {
  const parsed = hit.safeParse(raw);
  if (!parsed.success) return null;
  const h = parsed.data;
  return {
    id: Number(h.objectID),
    type: typeOfTags(h._tags),
    title: emptyToNull(h.title),
    ...linkAndText(h.url, emptyToNull(h.story_text) ?? h.comment_text),
    author: emptyToNull(h.author),
    score: h.points ?? null,
    commentCount: h.num_comments ?? null,
    createdAt: isoTime(h.created_at_i ?? h.created_at),
    parentId: h.parent_id ?? null,
    isDeleted: false,
    isDead: false,
    kidIds: [],
    storyId: h.story_id ?? null,
    storyTitle: emptyToNull(h.story_title),
  };
}

/**
 * Reads a search answer.
 * @throws ServiceError 502 `upstream_error` when it is not one.
 */
export function readSearchPage(raw: unknown): SearchPage {
  const parsed = searchAnswer.safeParse(raw);
  if (!parsed.success) throw unexpected("a search page");
  const answer = parsed.data;
  return {
    items: answer.hits.map(readSearchHit).filter((item): item is SearchItem => item !== null),
    totalHits: answer.nbHits,
    page: answer.page,
    pageCount: answer.nbPages,
    hitsPerPage: answer.hitsPerPage,
  };
}

/** A node of an Algolia item tree. */
interface TreeNode {
  id: number;
  created_at?: string | null | undefined;
  created_at_i?: number | null | undefined;
  type?: string | null | undefined;
  author?: string | null | undefined;
  title?: string | null | undefined;
  url?: string | null | undefined;
  text?: string | null | undefined;
  points?: number | null | undefined;
  parent_id?: number | null | undefined;
  children?: TreeNode[] | undefined;
  options?: unknown[] | undefined;
}

const treeNode: z.ZodType<TreeNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    created_at: nullableString,
    created_at_i: nullableNumber,
    type: nullableString,
    author: nullableString,
    title: nullableString,
    url: nullableString,
    text: nullableString,
    points: nullableNumber,
    parent_id: nullableNumber,
    children: z.array(treeNode).optional(),
    options: z.array(z.unknown()).optional(),
  }),
);

/** A comment in thread order, with its depth below the item the thread was asked for (0 = a direct reply). */
export interface ThreadComment extends NewsItem {
  depth: number;
}

/** An item tree read from Algolia: the item itself and every comment below it, flattened depth-first. */
interface ItemTree {
  item: NewsItem;
  comments: ThreadComment[];
}

function countNodes(node: TreeNode): number {
  return (node.children ?? []).reduce((sum, child) => sum + 1 + countNodes(child), 0);
}

function readNode(node: TreeNode): NewsItem {
  const type = ITEM_TYPES.find((t) => t === node.type) ?? "comment";
  const children = node.children ?? [];
  // Algolia keeps a deleted comment as a node without author and text (the 2023 tree has none; see the corpus
  // README); it does not say which comments are dead.
  const isDeleted = type === "comment" && !node.author && !node.text;
  return {
    id: node.id,
    type,
    title: emptyToNull(node.title),
    ...linkAndText(node.url, node.text),
    author: emptyToNull(node.author),
    score: node.points ?? null,
    // Algolia sends no count; the tree itself is the thread, so its size is the count.
    commentCount: type === "comment" ? null : countNodes(node),
    createdAt: isoTime(node.created_at_i ?? node.created_at),
    parentId: node.parent_id ?? null,
    isDeleted,
    isDead: false,
    kidIds: children.map((child) => child.id),
  };
}

/**
 * Reads `/api/v1/items/<id>`: the item and its whole comment tree in one answer (children in Algolia's order, which
 * is by time), flattened depth-first: every comment is followed by its replies.
 * @throws ServiceError 502 `upstream_error` when the answer is not an item tree.
 */
export function readItemTree(raw: unknown): ItemTree {
  const parsed = treeNode.safeParse(raw);
  if (!parsed.success) throw unexpected("an item tree");
  const comments: ThreadComment[] = [];
  // An explicit stack, not recursion: a long reply chain must not exhaust the call stack.
  const stack: { node: TreeNode; depth: number }[] = [...(parsed.data.children ?? [])]
    .reverse()
    .map((node) => ({ node, depth: 0 }));
  for (let next = stack.pop(); next; next = stack.pop()) {
    comments.push({ ...readNode(next.node), depth: next.depth });
    const children = next.node.children ?? [];
    for (let i = children.length - 1; i >= 0; i--)
      stack.push({ node: children[i] as TreeNode, depth: next.depth + 1 });
  }
  return { item: readNode(parsed.data), comments };
}

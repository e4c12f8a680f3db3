import { toUtcIso } from "@sda/text";
import { decodeHTML } from "entities";
import { XMLParser } from "fast-xml-parser";
import { SITE_ORIGIN } from "./listing.ts";
import type { PostRow } from "./post.ts";

/**
 * The platform's Atom feeds (`/r/<sub>/<sort>.rss`, `/r/<sub>/search.rss`, `/search.rss`): what still answers when the
 * anonymous `.json` API is blocked (issue 14). Each `entry` is one post:
 * `id` (`t3_<id>`), `title`, `author` (`name` `/u/<name>`, `uri`), `category@term` (the subreddit), `link@href` (the
 * permalink), `published`, `updated`, `media:thumbnail@url`, and `content` (the post's HTML rendering, whose
 * `[link]` anchor is the post's target URL). The feed has no score, vote ratio, comment count, flair or flags: those
 * row fields are null (counts) or false (flags) — a smaller answer, never an invented one.
 */

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  isArray: (name) => name === "entry" || name === "link" || name === "category",
});

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** A child's text (`<x>text</x>` or `<x type="html">text</x>`), entity-decoded, trimmed; null when empty. */
function textOf(node: unknown, key: string): string | null {
  if (!isNode(node)) return null;
  const value = node[key];
  const raw = typeof value === "string" ? value : isNode(value) ? value["#text"] : undefined;
  return typeof raw === "string" && raw.trim() ? decodeHTML(raw.trim()) : null;
}

function attributeOf(node: unknown, key: string, attribute: string): string | null {
  if (!isNode(node)) return null;
  const value = node[key];
  const first = Array.isArray(value) ? value[0] : value;
  return isNode(first) && typeof first[attribute] === "string"
    ? decodeHTML(first[attribute] as string)
    : null;
}

/** The `[link]` anchor of the content HTML: a link post's target (a self post's points at its own permalink). */
function linkTarget(contentHtml: string | null): string | null {
  if (!contentHtml) return null;
  const match = /<a href="([^"]+)">\[link\]<\/a>/.exec(contentHtml);
  return match?.[1] ? decodeHTML(match[1]) : null;
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return null;
  }
}

const IMAGE = /\.(jpe?g|png|gif|webp)$/i;

/** One post row from a feed entry; null when the entry is not a post (`id` without `t3_`). */
function readEntry(entry: unknown): PostRow | null {
  const fullname = textOf(entry, "id");
  if (!fullname?.startsWith("t3_")) return null;
  const id = fullname.slice(3);
  const permalink = attributeOf(entry, "link", "@href");
  const subreddit = attributeOf(entry, "category", "@term");
  const author = textOf(isNode(entry) ? entry.author : null, "name")?.replace(/^\/?u\//, "") ?? null;
  const target = linkTarget(textOf(entry, "content"));
  const self = !target || target === permalink || hostOf(target) === hostOf(SITE_ORIGIN);
  const url = self ? permalink : target;
  return {
    id,
    fullname,
    title: textOf(entry, "title") ?? "",
    author: author && author !== "[deleted]" ? author : null,
    authorFullname: null,
    subreddit,
    subredditId: null,
    score: null,
    upvoteRatio: null,
    numComments: null,
    flair: null,
    createdAt: toUtcIso(textOf(entry, "published")),
    editedAt: null,
    url,
    permalink,
    domain: self ? (subreddit ? `self.${subreddit}` : null) : url ? hostOf(url) : null,
    mediaKind: self ? "self" : IMAGE.test(new URL(url ?? SITE_ORIGIN).pathname) ? "image" : "link",
    thumbnail: attributeOf(entry, "media:thumbnail", "@url"),
    nsfw: false,
    spoiler: false,
    stickied: false,
    locked: false,
    isDeleted: false,
    isRemoved: false,
    crosspostParentId: null,
  };
}

/**
 * Reads a feed's post entries in feed order.
 * @returns the rows, or null when the text is not an Atom feed (an HTML block page, a login page).
 */
export function readAtomPosts(xml: string): PostRow[] | null {
  let parsed: unknown;
  try {
    parsed = parser.parse(xml);
  } catch {
    return null;
  }
  const feed = isNode(parsed) ? parsed.feed : null;
  if (!isNode(feed)) return null;
  const entries = Array.isArray(feed.entry) ? feed.entry : [];
  return entries.flatMap((entry) => readEntry(entry) ?? []);
}

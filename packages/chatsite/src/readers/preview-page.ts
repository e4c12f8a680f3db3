import { countField } from "@sda/text";
import { type CheerioAPI, load } from "cheerio";
import type { Elements } from "./html-text.ts";
import { type ChatIdentity, descriptionOf } from "./identity.ts";
import { type ChatPost, readMessage } from "./post.ts";
import { absoluteUrl, usernameOfLink } from "./values.ts";

/**
 * The web preview of a channel, `GET /s/<name>` (and `?q=<term>`, `?before=<id>`): the channel header
 * (`tgme_channel_info`) and up to ~20 posts, oldest first, each a `tgme_widget_message` with `data-post`. Search
 * pages are the same page with the term in the search form; a search without hits holds a `tme_no_messages_found`
 * notice in a message wrap without `data-post`, which is no post.
 */

/** A count of the header (`11.1M` subscribers, `102` photos): the integer, the label, whether it was rounded. */
export interface HeaderCount {
  count: number | null;
  text: string | null;
  isApproximate: boolean;
}

/** The channel header of a preview page. */
export interface PreviewHeader extends ChatIdentity {
  /** Subscribers (a channel) or members, as the counter shows them. */
  followers: HeaderCount;
  photos: HeaderCount;
  videos: HeaderCount;
  links: HeaderCount;
  files: HeaderCount;
}

/** A preview page read. */
export interface PreviewPage {
  header: PreviewHeader;
  /** The posts, oldest first (the page's order). */
  posts: ChatPost[];
  /** The chat id of the first post carrying a `data-view` token, else null. */
  chatId: string | null;
  /** `data-before` of `tme_messages_more` (else `rel="prev"`): the next (older) page's `before`; null at the end. */
  before: number | null;
  /** The search form's term (`<input name="q" value>`), null on a channel page. */
  query: string | null;
}

const NONE: HeaderCount = { count: null, text: null, isApproximate: false };

/** True when the body is a channel web preview (its `tgme_channel_info` header). */
export function isPreviewPage($: CheerioAPI): boolean {
  return $(".tgme_channel_info").length > 0;
}

/** The counters of the header by their type's name (`subscribers`, `photos` …; singular forms folded in). */
function readCounters($: CheerioAPI): Map<string, HeaderCount> {
  const counters = new Map<string, HeaderCount>();
  for (const element of $(".tgme_channel_info_counter").toArray()) {
    const counter = $(element);
    const type = counter.find(".counter_type").text().trim().toLowerCase();
    const field = countField(counter.find(".counter_value").text());
    const key = type.endsWith("s") ? type : `${type}s`;
    counters.set(key, { count: field.count, text: field.text, isApproximate: field.isApproximate });
  }
  return counters;
}

function readHeader($: CheerioAPI, firstPostChannel: string | null): PreviewHeader {
  const info = $(".tgme_channel_info").first();
  const description = info.find(".tgme_channel_info_description").first();
  const usernameLink = info.find(".tgme_channel_info_header_username a").first();
  const shown = usernameLink.text().trim().replace(/^@/, "");
  const counters = readCounters($);
  return {
    username: shown || usernameOfLink(usernameLink.attr("href")) || firstPostChannel,
    displayName: info.find(".tgme_channel_info_header_title").first().text().trim() || null,
    verified: info.find(".tgme_channel_info_header .verified-icon").length > 0,
    avatar: absoluteUrl(
      info.find(".tgme_channel_info_header .tgme_page_photo_image img").first().attr("src"),
    ),
    ...descriptionOf(description),
    followers: counters.get("subscribers") ?? counters.get("members") ?? NONE,
    photos: counters.get("photos") ?? NONE,
    videos: counters.get("videos") ?? NONE,
    links: counters.get("links") ?? NONE,
    files: counters.get("files") ?? NONE,
  };
}

/** The older page's `before`: `data-before` of the "more" link, else the `before` of `<link rel="prev">`. */
function readBefore($: CheerioAPI): number | null {
  const more = $("a.tme_messages_more[data-before]").first().attr("data-before");
  const prev = $('link[rel="prev"]').first().attr("href");
  const value = more ?? (prev ? new URL(prev, "https://t.me/").searchParams.get("before") : null);
  return value && /^[1-9]\d*$/.test(value) ? Number(value) : null;
}

/** The posts of the page in its order, with the chat id of the first token found. */
function readPosts($: CheerioAPI, messages: Elements): { posts: ChatPost[]; chatId: string | null } {
  const posts: ChatPost[] = [];
  let chatId: string | null = null;
  for (const element of messages.toArray()) {
    const read = readMessage($, $(element));
    if (!read) continue;
    posts.push(read.post);
    chatId ??= read.chatId;
  }
  return { posts, chatId };
}

/**
 * Reads a preview page.
 * @returns the page, or null when the body is not a channel preview (a landing card, an error page).
 */
export function readPreviewPage(html: string): PreviewPage | null {
  const $ = load(html);
  if (!isPreviewPage($)) return null;
  const { posts, chatId } = readPosts($, $(".tgme_channel_history .tgme_widget_message[data-post]"));
  const input = $('form.tgme_header_search_form input[name="q"]').first();
  return {
    header: readHeader($, posts[0]?.channel ?? null),
    posts,
    chatId,
    before: readBefore($),
    query: input.attr("value")?.trim() || null,
  };
}

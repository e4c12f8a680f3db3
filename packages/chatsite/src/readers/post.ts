import { countField, parseCount, parseDurationText, toUtcIso } from "@sda/text";
import type { CheerioAPI } from "cheerio";
import { type DomNode, type Elements, plainTextOf } from "./html-text.ts";
import { absoluteUrl, backgroundImageOf, postIdOfLink, readViewToken, usernameOfLink } from "./values.ts";

/**
 * One Telegram message (`tgme_widget_message`) as a post: the same markup on `/s/<name>` pages (channel posts, search
 * hits) and in post widgets (`/<name>/<id>?embed=1`), 2023 and 2026 pages alike. Parts nested in a reply quote or a
 * link preview are never read as the post's own.
 */

/** A reaction under a post. */
export interface Reaction {
  /** The emoji character; null for a custom emoji (`tg-emoji` without a character) and for paid stars. */
  emoji: string | null;
  /** The custom emoji's id (`tg-emoji emoji-id`), else null. */
  emojiId: string | null;
  /** True for the paid Telegram Stars reaction (`tgme_reaction_paid`). */
  paid: boolean;
  count: number | null;
  /** The count as shown (`55.2K`). */
  countText: string | null;
}

/** A photo or video of a post (an album gives several). URLs are Telegram's CDN links, which expire. */
export interface Media {
  type: "photo" | "video";
  /** The photo, or the video file (`<video src>`; null when the page only links the player). */
  url: string | null;
  /** A video's poster frame; null for photos. */
  thumbnailUrl: string | null;
  /** `0:19` → 19; null when the page shows no duration. */
  durationSeconds: number | null;
  durationText: string | null;
}

/** The preview card of a link in the post. */
export interface LinkPreview {
  url: string | null;
  siteName: string | null;
  title: string | null;
  description: string | null;
  imageUrl: string | null;
}

/** The message a post replies to, as quoted above it. */
export interface ReplyTo {
  id: string | null;
  url: string | null;
  author: string | null;
  text: string | null;
}

/** Where a forwarded post came from. */
export interface ForwardedFrom {
  name: string | null;
  /** The original post or chat on t.me; null for a hidden sender. */
  url: string | null;
}

/** A post as the chatsite operations return it. */
export interface ChatPost {
  /** The post id within its chat (`"523"`). */
  id: string;
  /** `https://t.me/<name>/<id>`. */
  url: string;
  /** The chat's username. */
  channel: string;
  /** Plain text; "" for media-only and service posts. */
  text: string;
  /** The text's HTML as sent; "" without text. */
  html: string;
  /** UTC ISO-8601 with milliseconds. */
  publishedAt: string | null;
  edited: boolean;
  views: number | null;
  viewsText: string | null;
  viewsIsApproximate: boolean;
  /** The channel's signature on a channel post, the member's name in a group. */
  author: string | null;
  authorUsername: string | null;
  isService: boolean;
  reactions: Reaction[];
  /** The sum of the reactions' counts (0 without reactions). */
  reactionCount: number;
  media: Media[];
  linkPreview: LinkPreview | null;
  replyTo: ReplyTo | null;
  forwardedFrom: ForwardedFrom | null;
  /** When Telegram rendered the page (`data-view` `t`); null when the message carries no token. */
  renderedAt: string | null;
}

/** A post with what its markup says about its chat. */
export interface ReadMessage {
  post: ChatPost;
  /** The chat id of the `data-view` token, sign dropped; null without a token (groups). */
  chatId: string | null;
  /** The chat's name as shown (`tgme_widget_message_owner_name`), or null. */
  chatName: string | null;
  /** True when a member wrote it (`tgme_widget_message_author_name`): a group's message. */
  byMember: boolean;
}

type Node = Elements;

const NESTED = ".tgme_widget_message_reply, .tgme_widget_message_link_preview";

/** Plain text of a node, or null when it is empty or absent. */
function textOrNull(node: Node): string | null {
  if (node.length === 0) return null;
  return plainTextOf(node.first().contents().toArray() as DomNode[]) || null;
}

function readReactions($: CheerioAPI, message: Node): Reaction[] {
  return message
    .find(".tgme_widget_message_reactions .tgme_reaction")
    .toArray()
    .map((element) => {
      const reaction = $(element);
      const custom = reaction.find("tg-emoji").first();
      const countText =
        plainTextOf(
          reaction
            .contents()
            .toArray()
            .filter((n) => n.type === "text") as DomNode[],
        ) || null;
      const paid = reaction.hasClass("tgme_reaction_paid");
      // The emoji is an element child (`<i class="emoji"><b>👍</b></i>`, or a `tg-emoji` holding one); the count is text.
      const emoji = paid ? null : plainTextOf(reaction.children().toArray() as DomNode[]) || null;
      return {
        emoji,
        emojiId: custom.attr("emoji-id") ?? null,
        paid,
        count: parseCount(countText)?.value ?? null,
        countText,
      };
    });
}

function readMedia($: CheerioAPI, message: Node): Media[] {
  return message
    .find(".tgme_widget_message_photo_wrap, .tgme_widget_message_video_player")
    .toArray()
    .filter((element) => $(element).closest(NESTED).length === 0)
    .map((element): Media => {
      const node = $(element);
      if (node.hasClass("tgme_widget_message_photo_wrap"))
        return {
          type: "photo",
          url: backgroundImageOf(node.attr("style")),
          thumbnailUrl: null,
          durationSeconds: null,
          durationText: null,
        };
      const durationText = node.find(".message_video_duration").first().text().trim() || null;
      return {
        type: "video",
        url: absoluteUrl(node.find("video").first().attr("src")),
        thumbnailUrl: backgroundImageOf(node.find(".tgme_widget_message_video_thumb").first().attr("style")),
        durationSeconds: parseDurationText(durationText),
        durationText,
      };
    });
}

function readLinkPreview(message: Node): LinkPreview | null {
  const preview = message.find("a.tgme_widget_message_link_preview").first();
  if (preview.length === 0) return null;
  return {
    url: absoluteUrl(preview.attr("href")),
    siteName: textOrNull(preview.find(".link_preview_site_name")),
    title: textOrNull(preview.find(".link_preview_title")),
    description: textOrNull(preview.find(".link_preview_description")),
    imageUrl: backgroundImageOf(
      preview.find(".link_preview_image, .link_preview_right_image").first().attr("style"),
    ),
  };
}

function readReply(message: Node): ReplyTo | null {
  const reply = message.find(".tgme_widget_message_reply").first();
  if (reply.length === 0) return null;
  const href = reply.attr("href");
  return {
    id: postIdOfLink(href),
    url: absoluteUrl(href),
    author: textOrNull(reply.find(".tgme_widget_message_author_name")),
    text: textOrNull(reply.find(".tgme_widget_message_metatext, .tgme_widget_message_text")),
  };
}

function readForward(message: Node): ForwardedFrom | null {
  const forward = message.find(".tgme_widget_message_forwarded_from").first();
  if (forward.length === 0) return null;
  const name = forward.find(".tgme_widget_message_forwarded_from_name").first();
  return {
    name: textOrNull(name.length > 0 ? name : forward),
    url: absoluteUrl(name.attr("href")),
  };
}

/** True when the message is a service message (a chat event, not a post). */
function isServiceMessage($: CheerioAPI, message: Node): boolean {
  if (message.hasClass("service_message")) return true;
  return message
    .find(".message_media_not_supported_label")
    .toArray()
    .some(
      (label) =>
        $(label).closest(".media_not_supported_cont").length === 0 &&
        /^service message$/i.test($(label).text().trim()),
    );
}

/**
 * Reads one message element.
 * @param message a `.tgme_widget_message` with `data-post="<name>/<id>"`.
 * @returns the post and its chat's traits; null when the element names no post (a "No posts found" notice, an error
 *   widget).
 */
export function readMessage($: CheerioAPI, message: Node): ReadMessage | null {
  const [channel, id] = (message.attr("data-post") ?? "").split("/");
  if (!channel || !id || !/^[1-9]\d*$/.test(id)) return null;
  const own = (selector: string) =>
    message.find(selector).filter((_, element) => $(element).closest(NESTED).length === 0);
  const textNode = own(".tgme_widget_message_text").first();
  const meta = own(".tgme_widget_message_meta").first();
  const memberAuthor = own(".tgme_widget_message_author .tgme_widget_message_author_name").first();
  const signature = own(".tgme_widget_message_from_author").first();
  const views = countField(own(".tgme_widget_message_views").first().text());
  const reactions = readReactions($, message);
  const token = readViewToken(message.attr("data-view"));
  const service = isServiceMessage($, message);
  const metaText = meta
    .contents()
    .toArray()
    .filter((n) => n.type === "text")
    .map((n) => $(n).text())
    .join(" ");
  const author = textOrNull(signature) ?? textOrNull(memberAuthor);
  return {
    post: {
      id,
      url: `https://t.me/${channel}/${id}`,
      channel,
      text: service ? "" : (textOrNull(textNode) ?? ""),
      html: service ? "" : (textNode.html()?.trim() ?? ""),
      publishedAt: toUtcIso(own(".tgme_widget_message_date time").first().attr("datetime")),
      edited: /\bedited\b/i.test(metaText),
      views: views.count,
      viewsText: views.text,
      viewsIsApproximate: views.isApproximate,
      author,
      authorUsername: signature.length > 0 ? null : usernameOfLink(memberAuthor.attr("href")),
      isService: service,
      reactions,
      reactionCount: reactions.reduce((sum, r) => sum + (r.count ?? 0), 0),
      media: readMedia($, message),
      linkPreview: readLinkPreview(message),
      replyTo: readReply(message),
      forwardedFrom: readForward(message),
      renderedAt: token?.renderedAt ?? null,
    },
    chatId: token?.chatId ?? null,
    chatName: textOrNull(own(".tgme_widget_message_author .tgme_widget_message_owner_name")),
    byMember: memberAuthor.length > 0,
  };
}

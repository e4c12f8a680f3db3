import { component, count, countWithLabel, timestamp, url } from "@sda/contract";
import { z } from "zod";

/**
 * The shapes the chatsite operations' outputs share (Telegram public chats read from `t.me`), built on core's shared
 * shapes; each operation's output is in its `spec/<op>.ts`. Counts shown compactly (`9.77M`) are expanded and
 * flagged (`…Text`, `…IsApproximate`, SPEC §2.2); media URLs are Telegram's CDN links, which expire.
 */

const reaction = z.object({
  emoji: z.string().nullable().describe("The emoji character; null for a custom emoji and for paid stars."),
  emojiId: z.string().nullable().describe("The custom emoji's id (`tg-emoji emoji-id`)."),
  paid: z.boolean().describe("The paid Telegram Stars reaction."),
  count: count.nullable(),
  countText: z.string().nullable().describe("The count as shown (`55.2K`)."),
});

const media = z.object({
  type: z.enum(["photo", "video"]),
  url: url.nullable().describe("The photo, or the video file; null when the page only links the player."),
  thumbnailUrl: url.nullable().describe("A video's poster frame; null for photos."),
  durationSeconds: z.int().min(0).nullable(),
  durationText: z.string().nullable().describe("As shown (`0:19`); null when the page shows none."),
});

const linkPreview = z.object({
  url: url.nullable(),
  siteName: z.string().nullable(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  imageUrl: url.nullable(),
});

const postFields = {
  id: z.string().describe('The post id within its chat (`"523"`).'),
  url: url.describe("`https://t.me/<name>/<id>`."),
  channel: z.string().describe("The chat's username."),
  text: z.string().describe('Plain text; `""` for media-only and service posts.'),
  html: z.string().describe("The text's HTML as Telegram sends it."),
  publishedAt: timestamp.nullable(),
  edited: z.boolean(),
  ...countWithLabel("views"),
  author: z.string().nullable().describe("The channel's signature, or the member's name in a group."),
  authorUsername: z.string().nullable().describe("The member's username when the page links it."),
  isService: z.boolean().describe("A service message (a chat event), without text."),
  reactions: z.array(reaction),
  reactionCount: count.describe("The sum of the reactions' counts (0 without reactions)."),
  media: z.array(media).describe("Photos and videos, an album's in its order."),
  linkPreview: linkPreview.nullable(),
  replyTo: z
    .object({
      id: z.string().nullable(),
      url: url.nullable(),
      author: z.string().nullable(),
      text: z.string().nullable(),
    })
    .nullable(),
  forwardedFrom: z.object({ name: z.string().nullable(), url: url.nullable() }).nullable(),
  renderedAt: timestamp.nullable().describe("When Telegram rendered the page (its `data-view` token)."),
};

/** A post of a channel page or a search. */
export const chatPost = component("ChatsitePost", z.object(postFields), "A post of a Telegram public chat.");

/** A post read alone (`post`): the post and its chat. */
export const chatPostDetails = component(
  "ChatsitePostDetails",
  z.object({
    ...postFields,
    chat: z.object({
      username: z.string(),
      displayName: z.string().nullable(),
      type: z.enum(["channel", "group"]),
    }),
  }),
  "One post of a Telegram public chat, with its chat.",
);

/** The channel summary of a posts page or a search. */
export const channelSummary = component(
  "ChatsiteChannelSummary",
  z.object({
    username: z.string().nullable(),
    displayName: z.string().nullable(),
    verified: z.boolean(),
    avatar: url.nullable(),
    ...countWithLabel("followers"),
  }),
  "The channel a page of posts belongs to, from the page's header.",
);

import { component, count, link, timestamp, url } from "@sda/contract";
import { z } from "zod";

/**
 * The shapes the microblogsite outputs share (Bluesky AppView views), built on core's shared shapes; each operation's
 * output is in its `spec/<op>.ts`. Ids are the AppView's: an account's DID, a post's `at://` URI.
 */

/** Label values on an account or post (`!no-unauthenticated`, `porn`, `bridged-from-bridgy-fed-activitypub`). */
const labels = z
  .array(z.string())
  .describe(
    "Values of the moderation labels on it (`!no-unauthenticated`: the account asks not to be shown to logged-out viewers); negated labels left out.",
  );

/** The account fields of a post's author (and of the account that reposted it). */
export const postAuthor = component(
  "MicroblogsitePostAuthor",
  z.object({
    id: z.string().describe("The account's DID (`did:plc:…`)."),
    username: z
      .string()
      .nullable()
      .describe("Handle without `@` (`handle.invalid` when it does not verify)."),
    displayName: z.string().nullable(),
    avatar: url.nullable(),
  }),
  "The author of a post, or the account that reposted it.",
);

/** An account of a list (followers, follows, likers, reposters, search results). */
export const account = component(
  "MicroblogsiteAccount",
  postAuthor.extend({
    url: url.describe("`https://bsky.app/profile/<handle>` (the DID when the handle is invalid)."),
    bio: z.string().nullable().describe("Profile text (absent from the platform's basic views)."),
    createdAt: timestamp.nullable(),
    verified: z
      .boolean()
      .describe("The platform's verification badge (`verification.verifiedStatus` valid)."),
    labels,
  }),
  "An account as the platform's lists show it (no counts: those are on the profile).",
);

const embedImage = component(
  "MicroblogsiteImage",
  z.object({
    url: url.describe("Full-size image."),
    thumbnail: url.nullable(),
    alt: z.string().describe("Alt text (empty when the author wrote none)."),
    width: count.nullable(),
    height: count.nullable(),
  }),
  "An image of a post with its alt text.",
);

const quotedPost = component(
  "MicroblogsiteQuotedPost",
  z.object({
    id: z.string().describe("`at://` URI of the quoted post."),
    cid: z.string().nullable(),
    url: url.nullable(),
    text: z.string().nullable(),
    createdAt: timestamp.nullable(),
    author: postAuthor.nullable(),
    likeCount: count.nullable(),
    repostCount: count.nullable(),
    replyCount: count.nullable(),
    quoteCount: count.nullable(),
    unavailable: z
      .string()
      .nullable()
      .describe(
        "Null, or why the quoted post is not shown: `notFound`, `blocked`, `detached` (its author removed the quote).",
      ),
  }),
  "A quoted post (a record embed).",
);

/** What a post embeds: images, a video, an external link card, a quoted post or another record, or media plus a quote. */
export const embed = component(
  "MicroblogsiteEmbed",
  z.object({
    type: z
      .string()
      .describe("`images`, `video`, `external`, `record` (a quote or another record) or `recordWithMedia`."),
    images: z.array(embedImage),
    video: z
      .object({
        playlist: url.nullable().describe("HLS playlist (`.m3u8`)."),
        thumbnail: url.nullable(),
        alt: z.string().nullable(),
        width: count.nullable(),
        height: count.nullable(),
      })
      .nullable(),
    external: z
      .object({
        url,
        title: z.string().nullable(),
        description: z.string().nullable(),
        thumbnail: url.nullable(),
      })
      .nullable()
      .describe("A link card."),
    quotedPost: quotedPost.nullable(),
    record: z
      .object({
        type: z.string().describe("`feed`, `list`, `starterPack` or `labeler`."),
        id: z.string().describe("`at://` URI."),
        name: z.string().nullable(),
        url: url.nullable(),
      })
      .nullable()
      .describe("An embedded record other than a post: a feed generator, list, starter pack or labeler."),
  }),
  "What a post embeds (each part null or empty when absent).",
);

/** The fields of a post; a thread comment makes them nullable. */
const postFields = {
  id: z.string().describe("The post's `at://` URI (`at://<DID>/app.bsky.feed.post/<rkey>`)."),
  cid: z.string().describe("Content id of this version of the post."),
  url: url.describe("`https://bsky.app/profile/<handle>/post/<rkey>`."),
  text: z.string(),
  createdAt: timestamp
    .nullable()
    .describe("When the author wrote it (the record's `createdAt`, in UTC with milliseconds)."),
  indexedAt: timestamp.nullable().describe("When the AppView indexed it."),
  langs: z.array(z.string()).describe("Languages the author declared (BCP-47)."),
  author: postAuthor,
  likeCount: count.nullable(),
  repostCount: count.nullable(),
  replyCount: count.nullable(),
  quoteCount: count.nullable(),
  replyTo: z
    .object({ parentId: z.string(), rootId: z.string() })
    .nullable()
    .describe("`at://` URIs of the post it replies to and of its thread's root; null for a top-level post."),
  embed: embed.nullable(),
  links: z.array(link).describe("Links of the text (facets), full URLs with the text shown for them."),
  mentions: z
    .array(z.object({ id: z.string(), username: z.string().nullable() }))
    .describe("Accounts mentioned (facets): DID and the handle written."),
  tags: z.array(z.string()).describe("Hashtags (facets and the record's own tags), without `#`."),
  labels,
};

/** A post as every post list and post details show it. */
export const post = component(
  "MicroblogsitePost",
  z.object({
    ...postFields,
    isRepost: z.boolean().describe("True when the list shows it because `repostedBy` reposted it."),
    repostedBy: postAuthor
      .nullable()
      .describe("The account that reposted it (`author` stays the original author)."),
    repostedAt: timestamp.nullable(),
    isPinned: z.boolean().describe("True when an author feed shows it as the pinned post."),
  }),
  "A post; on a repost, `author` is the original author and `repostedBy` who reposted it.",
);

/** A node of a thread: a reply, or a reply the platform no longer shows (not found, blocked). */
export const threadComment = component(
  "MicroblogsiteThreadComment",
  z.object({
    ...postFields,
    cid: postFields.cid.nullable(),
    url: postFields.url.nullable(),
    text: postFields.text.nullable(),
    author: postAuthor.nullable(),
    depth: z.int().min(0).describe("0 for a direct reply to the post."),
    parentId: z.string().describe("`at://` URI of the post it replies to."),
    isNotFound: z.boolean().describe("The reply was deleted or is not visible: only `id` is known."),
    isBlocked: z.boolean().describe("A block hides the reply: only `id` (and the author's DID) are known."),
  }),
  "A reply of a thread, depth-first, with its depth and parent.",
);

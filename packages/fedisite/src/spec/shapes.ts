import { component, count, listPage, profileCore, timestamp, url } from "@sda/contract";
import { z } from "zod";

/**
 * The shapes the fedisite operations' outputs share (Mastodon: accounts, statuses, tags), built on core's shared
 * shapes; each operation's output is in its `spec/<op>.ts`. Ids are strings (the instance's snowflakes); handles are
 * always the full `user@domain`.
 */

const handle = z
  .string()
  .describe("The full `user@domain` handle (a local account qualified with the instance asked).");

/** A post's author. */
export const fediAuthor = component(
  "FedisiteAuthor",
  z.object({
    id: z.string().describe("The account's id on the instance asked."),
    username: handle,
    displayName: z.string().nullable(),
    avatar: url.nullable(),
    url: url.nullable().describe("The profile page on the account's home instance."),
  }),
  "An account as the author (or reposter) of a post.",
);

/** An account of a list (followers, likes, search). */
export const fediUser = component(
  "FedisiteUser",
  z.object({
    ...fediAuthor.shape,
    bot: z.boolean().nullable(),
    locked: z.boolean().nullable().describe("Follow requests are approved by hand."),
    followers: count.nullable(),
    following: count.nullable(),
    postCount: count.nullable(),
  }),
  "An account of a list, with its counts.",
);

const media = z.object({
  type: z.string().describe("`image`, `gifv`, `video`, `audio` or `unknown`."),
  url: url.nullable(),
  previewUrl: url.nullable(),
  description: z.string().nullable().describe("Alt text."),
  width: count.nullable(),
  height: count.nullable(),
  durationSeconds: count.nullable().describe("Audio and video length, whole seconds."),
});

const card = z.object({
  url,
  title: z.string().nullable(),
  description: z.string().nullable(),
  image: url.nullable(),
});

const poll = z.object({
  id: z.string(),
  expiresAt: timestamp.nullable(),
  expired: z.boolean().nullable(),
  multiple: z.boolean().nullable(),
  votesCount: count.nullable(),
  votersCount: count.nullable(),
  options: z.array(z.object({ title: z.string(), votesCount: count.nullable() })),
});

const postCore = {
  id: z.string().describe("The status id on the instance asked (a remote status has its local copy's id)."),
  url: url
    .nullable()
    .describe("The status page on its home instance (remote statuses keep their origin url)."),
  uri: z.string().describe("The ActivityPub id."),
  text: z.string().describe("The content as plain text."),
  html: z.string().describe("The content as the instance sends it (sanitized HTML)."),
  createdAt: timestamp.nullable(),
  editedAt: timestamp.nullable(),
  language: z.string().nullable(),
  author: fediAuthor,
  likeCount: count.nullable(),
  repostCount: count.nullable(),
  replyCount: count.nullable(),
  quoteCount: count.nullable().describe("Null on servers before quotes (Mastodon 4.5)."),
  media: z.array(media),
  card: card.nullable().describe("The link preview card."),
  poll: poll.nullable(),
  tags: z.array(z.string()).describe("Hashtags, without `#`."),
  mentions: z.array(z.object({ id: z.string(), username: handle, url: url.nullable() })),
  sensitive: z.boolean(),
  spoilerText: z.string().nullable().describe("The content warning."),
  visibility: z.string().nullable().describe("`public`, `unlisted`, `private` or `direct`."),
  inReplyToId: z.string().nullable(),
  inReplyToAccountId: z.string().nullable(),
  isRepost: z
    .boolean()
    .describe("A reblog: the post is the reblogged status, `repostedBy` who reblogged it."),
  repostedBy: fediAuthor.nullable(),
  repostId: z.string().nullable().describe("The reblog's own id on the instance asked."),
};

const quoteRef = {
  state: z
    .string()
    .nullable()
    .describe("`accepted`, `pending`, `rejected`, `revoked`, `deleted`, `unauthorized`…"),
  postId: z.string().nullable(),
};

/** A post quoted by another (its own quote as a reference only). */
const quotedPost = component(
  "FedisiteQuotedPost",
  z.object({
    ...postCore,
    quote: z.object({ ...quoteRef, post: z.null() }).nullable(),
  }),
  "A post quoted by another.",
);

/** A post (status). */
export const fediPost = component(
  "FedisitePost",
  z.object({
    ...postCore,
    quote: z
      .object({ ...quoteRef, post: quotedPost.nullable() })
      .nullable()
      .describe("The quoted post (Mastodon 4.5+)."),
  }),
  "A post (status) of an instance.",
);

/** A whole profile: SPEC §2.8's core plus Mastodon's fields and featured tags. */
export const fediProfile = component(
  "FedisiteProfile",
  z.object({
    ...profileCore,
    username: handle,
    createdAt: timestamp.nullable(),
    bioHtml: z.string().nullable(),
    following: count.nullable(),
    lastPostAt: timestamp.nullable(),
    uri: z.string().nullable(),
    instance: z.string().describe("The instance asked."),
    locked: z.boolean().nullable(),
    bot: z.boolean().nullable(),
    group: z.boolean().nullable(),
    discoverable: z.boolean().nullable(),
    movedTo: z.string().nullable().describe("The handle of the account this one moved to."),
    fields: z.array(
      z.object({
        name: z.string(),
        value: z.string(),
        valueHtml: z.string(),
        verifiedAt: timestamp.nullable().describe("When the instance verified the link (rel=me)."),
      }),
    ),
    featuredTags: z
      .array(
        z.object({
          name: z.string(),
          url: url.nullable(),
          postCount: count.nullable(),
          lastPostAt: timestamp.nullable(),
        }),
      )
      .nullable()
      .describe("Hashtags featured on the profile; null when the instance did not answer them."),
  }),
  "A Mastodon account's profile.",
);

const trendDay = z.object({
  day: timestamp.nullable().describe("The day (UTC midnight)."),
  uses: count.nullable(),
  accounts: count.nullable().describe("Accounts that used it that day."),
});

/** A hashtag with its recent use. */
export const fediTag = component(
  "FedisiteTag",
  z.object({
    name: z.string().describe("Without `#`."),
    url: url.nullable(),
    uses: count.nullable().describe("Uses over the days of `history`."),
    history: z.array(trendDay).describe("The last days, newest first."),
  }),
  "A hashtag with its recent use.",
);

/** A trending link. */
export const fediLink = component(
  "FedisiteLink",
  z.object({
    url,
    title: z.string().nullable(),
    description: z.string().nullable(),
    image: url.nullable(),
    provider: z.string().nullable(),
    author: z.string().nullable(),
    language: z.string().nullable(),
    publishedAt: timestamp.nullable(),
    uses: count.nullable().describe("Shares over the days of `history`."),
    history: z.array(trendDay),
  }),
  "A link shared on an instance, with its recent shares.",
);

/** A post of a thread, placed. */
export const fediThreadPost = component(
  "FedisiteThreadPost",
  z.object({
    ...fediPost.shape,
    depth: z
      .int()
      .describe(
        "Relative to the post asked: 0 for a direct reply, 1 for a reply to it…; ancestors -1 (the parent), -2…",
      ),
    parentId: z.string().nullable(),
    isAncestor: z.boolean().describe("A post the post asked replies to (listed first, root first)."),
  }),
  "A post of a thread with its depth and parent.",
);

const feedAccess = z
  .object({ local: z.string().nullable(), remote: z.string().nullable() })
  .nullable()
  .describe("`public`, `authenticated` or `disabled`, for local and for remote posts.");

/** An instance's description. */
export const fediInstance = component(
  "FedisiteInstance",
  z.object({
    domain: z.string(),
    title: z.string().nullable(),
    version: z.string().nullable(),
    description: z.string().nullable(),
    sourceUrl: url.nullable(),
    thumbnail: url.nullable(),
    languages: z.array(z.string()),
    registrations: z.object({
      enabled: z.boolean().nullable(),
      approvalRequired: z.boolean().nullable(),
      message: z.string().nullable(),
    }),
    contact: z.object({ email: z.string().nullable(), account: handle.nullable() }),
    rules: z.array(z.object({ id: z.string(), text: z.string(), hint: z.string().nullable() })),
    stats: z
      .object({ users: count.nullable(), posts: count.nullable(), domains: count.nullable() })
      .nullable()
      .describe("Totals (`/api/v1/instance`): accounts, posts, known domains."),
    activeMonth: count.nullable().describe("Accounts active in the last 30 days."),
    apiVersion: count.nullable().describe("`api_versions.mastodon`."),
    timelinesAccess: z
      .object({ liveFeeds: feedAccess, hashtagFeeds: feedAccess, trendingLinkFeeds: feedAccess })
      .nullable()
      .describe(
        "Who may read the public (live), hashtag and trending-link timelines (Mastodon 4.5+); null on older servers, which serve them to everyone.",
      ),
    api: z.enum(["v2", "v1"]).describe("`v2`, or `v1` for servers before Mastodon 4.0."),
  }),
  "A Mastodon instance: software, registrations, contact, rules, totals and timeline access.",
);

/** `fedisite.followers` / `following`: a page of accounts. */
export const accountListOutput = listPage("users", fediUser, {
  accountId: z.string().describe("The account's id on the instance asked."),
});

/** `fedisite.post-likes` / `post-reposts`: a page of accounts. */
export const postListOutput = listPage("users", fediUser, {
  postId: z.string().describe("The post's id on the instance asked."),
});

import { component, count, mediaItemFields, timestamp, url } from "@sda/contract";
import { z } from "zod";

/**
 * The forum platform's shapes shared by its operations' outputs (SPEC §2.11), built on core's shared ones. Deleted
 * accounts and removed bodies are null; flags the service derives are not.
 */

/** A post of a listing or a search (SPEC §2.11: title, score, upvote ratio, flair, `authorFullname`). */
const postRowFields = {
  id: z.string(),
  fullname: z.string().describe("`t3_<id>`."),
  title: z.string(),
  author: z.string().nullable().describe("Account name; null when the account was deleted."),
  authorFullname: z.string().nullable().describe("`t2_…` fullname of the author."),
  subreddit: z.string().nullable(),
  subredditId: z.string().nullable().describe("`t5_…` fullname of the subreddit."),
  score: z.int().nullable(),
  upvoteRatio: z.number().min(0).max(1).nullable().describe("Share of up-votes among all votes."),
  numComments: count.nullable(),
  flair: z.string().nullable(),
  createdAt: timestamp.nullable(),
  editedAt: timestamp.nullable().describe("Last edit; null when never edited."),
  url: url.nullable().describe("Where the post points (its own permalink for text posts)."),
  permalink: url.nullable().describe("The post's comments page."),
  domain: z.string().nullable(),
  mediaKind: z.string().describe("`self`, `link`, `image`, `gallery` or `video`."),
  thumbnail: url.nullable(),
  nsfw: z.boolean(),
  spoiler: z.boolean(),
  stickied: z.boolean(),
  locked: z.boolean(),
  isDeleted: z.boolean(),
  isRemoved: z.boolean(),
  crosspostParentId: z.string().nullable(),
};

export const postRow = component("ForumsitePost", z.object(postRowFields), "A post of a listing or search.");

/** All media of a post: its pictures, gallery items and video. */
const postMedia = component(
  "ForumsitePostMedia",
  z.object({
    kind: z.string().describe("`self`, `link`, `image`, `gallery` or `video`."),
    images: z.array(z.object({ url, width: count.nullable(), height: count.nullable() })),
    gallery: z.array(
      z.object({
        ...mediaItemFields,
        mediaId: z.string(),
        previewUrl: url.nullable(),
        mimeType: z.string().nullable(),
        caption: z.string().nullable(),
        outboundUrl: url.nullable(),
      }),
    ),
    video: z
      .object({
        provider: z.string(),
        url: url.nullable(),
        hlsUrl: url.nullable(),
        dashUrl: url.nullable(),
        durationSeconds: z.number().min(0).nullable(),
        width: count.nullable(),
        height: count.nullable(),
        hasAudio: z.boolean().nullable(),
        isGif: z.boolean().nullable(),
        thumbnailUrl: url.nullable(),
      })
      .nullable(),
  }),
  "The media of a post: pictures, gallery items in order, and its video (hosted or embedded).",
);

/** SPEC §2.11: one post with its body and media. */
export const postDetails = component(
  "ForumsitePostDetails",
  z.object({
    ...postRowFields,
    bodyMarkdown: z.string().nullable().describe("The body as written; null without text or when removed."),
    bodyText: z.string().nullable(),
    media: postMedia,
    crosspostParent: postRow.nullable(),
    removedBy: z.string().nullable(),
    archived: z.boolean(),
    distinguished: z.string().nullable(),
    isOriginalContent: z.boolean(),
    numCrossposts: count.nullable(),
    subredditSubscribers: count.nullable(),
    suggestedSort: z.string().nullable(),
  }),
  "A post with its body, media and crosspost parent.",
);

/** SPEC §2.11: a comment of the flat thread (`depth`, `parentId`). */
export const forumComment = component(
  "ForumsiteComment",
  z.object({
    id: z.string(),
    fullname: z.string().describe("`t1_<id>`."),
    parentId: z.string().nullable().describe("The parent comment; null for a top-level comment."),
    parentFullname: z.string().describe("`t1_…` for a reply, `t3_…` (the post) for a top-level comment."),
    depth: z.int().min(0),
    author: z.string().nullable(),
    authorFullname: z.string().nullable(),
    body: z.string().nullable(),
    bodyText: z.string().nullable(),
    score: z.int().nullable().describe("Null while the subreddit hides recent scores."),
    createdAt: timestamp.nullable(),
    editedAt: timestamp.nullable(),
    permalink: url.nullable(),
    isSubmitter: z.boolean(),
    stickied: z.boolean(),
    distinguished: z.string().nullable(),
    isDeleted: z.boolean(),
    isRemoved: z.boolean(),
  }),
  "A comment of a thread, in thread order with its depth and parent.",
);

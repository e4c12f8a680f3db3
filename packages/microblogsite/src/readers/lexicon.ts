import { z } from "zod";
import { fail } from "../errors.ts";

/**
 * Zod schemas of the AppView's answers (the `app.bsky.*` lexicons), as loose as the platform's own: only what the
 * readers use is named, unknown fields pass, optional fields are optional. One place for the raw shapes, so a reader
 * never guesses at an `unknown`.
 */

/** A moderation label (`com.atproto.label.defs#label`). */
export const rawLabel = z.looseObject({ val: z.string(), neg: z.boolean().optional() });

/** `app.bsky.actor.defs#profileViewBasic` / `#profileView` (the AppView's account views in lists). */
export const rawProfileView = z.looseObject({
  did: z.string(),
  handle: z.string(),
  displayName: z.string().optional(),
  description: z.string().optional(),
  avatar: z.string().optional(),
  createdAt: z.string().optional(),
  labels: z.array(rawLabel).optional(),
  verification: z.looseObject({ verifiedStatus: z.string().optional() }).optional(),
});
export type RawProfileView = z.infer<typeof rawProfileView>;

/** `app.bsky.actor.defs#profileViewDetailed` (`getProfile`): a profile view plus counts. */
export const rawProfileDetailed = rawProfileView.extend({
  banner: z.string().optional(),
  followersCount: z.number().optional(),
  followsCount: z.number().optional(),
  postsCount: z.number().optional(),
  indexedAt: z.string().optional(),
  pinnedPost: z.looseObject({ uri: z.string(), cid: z.string().optional() }).optional(),
  associated: z
    .looseObject({
      lists: z.number().optional(),
      feedgens: z.number().optional(),
      starterPacks: z.number().optional(),
      labeler: z.boolean().optional(),
    })
    .optional(),
});
export type RawProfileDetailed = z.infer<typeof rawProfileDetailed>;

/** A rich-text facet (`app.bsky.richtext.facet`): a UTF-8 byte range and its features. */
export const rawFacet = z.looseObject({
  index: z.looseObject({ byteStart: z.number(), byteEnd: z.number() }),
  features: z.array(z.looseObject({ $type: z.string().optional() })),
});
export type RawFacet = z.infer<typeof rawFacet>;

/** A `strongRef` (`com.atproto.repo.strongRef`): uri and cid. */
const rawRef = z.looseObject({ uri: z.string(), cid: z.string().optional() });

/** The post record (`app.bsky.feed.post`) as the AppView hands it back. */
export const rawPostRecord = z.looseObject({
  text: z.string().optional(),
  createdAt: z.string().optional(),
  langs: z.array(z.string()).optional(),
  tags: z.array(z.string()).optional(),
  facets: z.array(rawFacet).optional(),
  reply: z.looseObject({ parent: rawRef, root: rawRef }).optional(),
  embed: z.looseObject({ $type: z.string().optional() }).optional(),
});

/** `app.bsky.feed.defs#postView`. */
export const rawPostView = z.looseObject({
  uri: z.string(),
  cid: z.string(),
  author: rawProfileView,
  record: z.unknown(),
  embed: z.unknown().optional(),
  replyCount: z.number().optional(),
  repostCount: z.number().optional(),
  likeCount: z.number().optional(),
  quoteCount: z.number().optional(),
  indexedAt: z.string().optional(),
  labels: z.array(rawLabel).optional(),
});
export type RawPostView = z.infer<typeof rawPostView>;

/** `app.bsky.feed.defs#feedViewPost`: a post of a feed, with why it is there (`reason`) and its reply refs. */
export const rawFeedItem = z.looseObject({
  post: rawPostView,
  reason: z
    .looseObject({
      $type: z.string().optional(),
      by: rawProfileView.optional(),
      indexedAt: z.string().optional(),
    })
    .optional(),
});
export type RawFeedItem = z.infer<typeof rawFeedItem>;

/** A page of posts: `getAuthorFeed`, `getFeed`, `getListFeed` (`feed`). */
export const rawFeedPage = z.looseObject({ feed: z.array(rawFeedItem), cursor: z.string().optional() });

/** A page of `searchPosts` (`posts`, post views without reasons). */
export const rawSearchPostsPage = z.looseObject({
  posts: z.array(rawPostView),
  cursor: z.string().optional(),
  hitsTotal: z.number().optional(),
});

/**
 * Parses an AppView answer with `schema`.
 * @throws ServiceError 502 `upstream_error` (retryable) naming the first mismatch, when the answer is not of that
 *   shape (a changed API, a broken origin).
 */
export function readAnswer<S extends z.ZodType>(schema: S, body: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw fail("upstream_error", `microblogsite answered ${what} in an unexpected shape`, {
    details: {
      reason: "unexpected_shape",
      at: issue?.path.join(".") ?? "",
      problem: issue?.message ?? "",
    },
  });
}

/** A page of accounts under `key` (`actors`, `followers`, `follows`, …) with the AppView's cursor. */
export const rawActorsPage = <const K extends string>(key: K) =>
  z.looseObject({ [key]: z.array(rawProfileView), cursor: z.string().optional() } as {
    [P in K]: z.ZodArray<typeof rawProfileView>;
  } & { cursor: z.ZodOptional<z.ZodString> });

/** A page of `getFollowers` / `getFollows`: the accounts under `key` and the looked-up account (`subject`). */
export const rawGraphPage = <const K extends string>(key: K) =>
  rawActorsPage(key).extend({ subject: rawProfileView.optional() });

/** A page of `getLikes`: each like's account and times. */
export const rawLikesPage = z.looseObject({
  likes: z.array(
    z.looseObject({
      actor: rawProfileView,
      createdAt: z.string().optional(),
      indexedAt: z.string().optional(),
    }),
  ),
  cursor: z.string().optional(),
});

import { definePlatform, itemsAt, withHandler } from "@sda/contract";
import { microblogsiteEnv } from "./env.ts";
import { microblogsiteErrorCodes } from "./errors.ts";
import { microblogsiteHistory } from "./history.ts";
import { feedSpec } from "./spec/feed.ts";
import { followersSpec } from "./spec/followers.ts";
import { followingSpec } from "./spec/following.ts";
import { listFeedSpec } from "./spec/list-feed.ts";
import { postCommentsSpec } from "./spec/post-comments.ts";
import { postDetailsSpec } from "./spec/post-details.ts";
import { postLikesSpec } from "./spec/post-likes.ts";
import { postRepostsSpec } from "./spec/post-reposts.ts";
import { postsSpec } from "./spec/posts.ts";
import { profileSpec } from "./spec/profile.ts";
import { searchSpec } from "./spec/search.ts";
import { userSearchSpec } from "./spec/user-search.ts";

/**
 * The microblogsite platform (Bluesky) as the gateway sees it (`@sda/microblogsite`): hosts, env, error codes,
 * recording rule, monitor rules, history, canary and the operations (params, price, cache), each with the lazy import
 * of its handler. No extraction code is imported here: a worker imports an operation's handler on its first call. Ids
 * are `microblogsite.<name>`, paths `/v1/microblogsite/<name>`, queue and tag `microblogsite`.
 */
export const microblogsitePlatform = definePlatform({
  name: "microblogsite",
  title: "Bluesky",
  // Reads go to the public AppView; the operator session and its logged-in queries to the PDS entryway.
  hosts: ["public.api.bsky.app", "api.bsky.app", "bsky.social"],
  env: microblogsiteEnv,
  errorCodes: microblogsiteErrorCodes,
  recording: {
    // getPostThread's reply depth and parent height shape the answer's size, not which post it is (corpus README).
    volatileQuery: ["depth", "parentHeight"],
    // The operator session's tokens (createSession / refreshSession answers).
    secretFields: ["accessJwt", "refreshJwt"],
  },
  // The documented limit of the API for one client address, over all its hosts together.
  politeness: [
    {
      name: "api",
      hosts: ["public.api.bsky.app", "api.bsky.app", "bsky.social"],
      rate: { requests: 3000, perSeconds: 300 },
      source: "Bluesky rate limits: 3,000 requests per 5 minutes per IP address",
    },
  ],
  history: microblogsiteHistory,
  // Every list row is a post or an account with the platform's stable id (`at://` URI, DID).
  monitors: {
    posts: itemsAt("posts"),
    search: itemsAt("posts"),
    feed: itemsAt("posts"),
    "list-feed": itemsAt("posts"),
    "post-comments": itemsAt("comments"),
    followers: itemsAt("users"),
  },
  // A long-lived public account: the getProfile read a live change breaks first.
  canaries: [{ operation: "profile", params: { url: "jbgruber.bsky.social" } }],
  operations: [
    withHandler(profileSpec, () => import("./operations/profile.ts").then((m) => m.profileHandler)),
    withHandler(postsSpec, () => import("./operations/posts.ts").then((m) => m.postsHandler)),
    withHandler(postDetailsSpec, () =>
      import("./operations/post-details.ts").then((m) => m.postDetailsHandler),
    ),
    withHandler(postCommentsSpec, () =>
      import("./operations/post-comments.ts").then((m) => m.postCommentsHandler),
    ),
    withHandler(searchSpec, () => import("./operations/search.ts").then((m) => m.searchHandler)),
    withHandler(userSearchSpec, () => import("./operations/user-search.ts").then((m) => m.userSearchHandler)),
    withHandler(followersSpec, () => import("./operations/followers.ts").then((m) => m.followersHandler)),
    withHandler(followingSpec, () => import("./operations/following.ts").then((m) => m.followingHandler)),
    withHandler(postLikesSpec, () => import("./operations/post-likes.ts").then((m) => m.postLikesHandler)),
    withHandler(postRepostsSpec, () =>
      import("./operations/post-reposts.ts").then((m) => m.postRepostsHandler),
    ),
    withHandler(feedSpec, () => import("./operations/feed.ts").then((m) => m.feedHandler)),
    withHandler(listFeedSpec, () => import("./operations/list-feed.ts").then((m) => m.listFeedHandler)),
  ],
});

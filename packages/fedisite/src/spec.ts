import { definePlatform, itemsAt, withHandler } from "@sda/contract";
import { fedisiteEnv } from "./env.ts";
import { fedisiteErrorCodes } from "./errors.ts";
import { fedisiteHistory } from "./history.ts";
import { followersSpec } from "./spec/followers.ts";
import { followingSpec } from "./spec/following.ts";
import { hashtagSpec } from "./spec/hashtag.ts";
import { instanceSpec } from "./spec/instance.ts";
import { postCommentsSpec } from "./spec/post-comments.ts";
import { postDetailsSpec } from "./spec/post-details.ts";
import { postLikesSpec } from "./spec/post-likes.ts";
import { postRepostsSpec } from "./spec/post-reposts.ts";
import { postsSpec } from "./spec/posts.ts";
import { profileSpec } from "./spec/profile.ts";
import { searchSpec } from "./spec/search.ts";
import { trendsSpec } from "./spec/trends.ts";

/**
 * The fedisite platform (Mastodon) as the gateway sees it (`@sda/fedisite`). Its hosts are the caller's: any
 * instance a link names (`callerHosts`), so `hosts` lists none; the upstream client guards every live request (https
 * on port 443, public addresses only after DNS, every redirect hop) and answers a refused host with 422
 * `instance_not_allowed`, as the handlers do for the checks by name. No extraction code is imported here: each operation
 * carries the lazy import of its handler, which a worker runs on its first call. Ids are `fedisite.<name>`, paths
 * `/v1/fedisite/<name>`, queue and tag `fedisite`.
 */
export const fedisitePlatform = definePlatform({
  name: "fedisite",
  title: "Mastodon",
  hosts: [],
  callerHosts: { refusedCode: "instance_not_allowed" },
  env: fedisiteEnv,
  errorCodes: fedisiteErrorCodes,
  history: fedisiteHistory,
  // New posts of an account or a hashtag; a repost is a new item of the account's list under its own id.
  monitors: { posts: itemsAt("posts", ["repostId", "id"]), hashtag: itemsAt("posts", "id") },
  // A long-lived account and post of a public instance: the account, featured-tag and status reads a change of
  // Mastodon's API breaks first.
  canaries: [
    { operation: "profile", params: { url: "https://fosstodon.org/web/accounts/109302436954721982" } },
    { operation: "post-details", params: { url: "https://fosstodon.org/@schochastics/114620457512351116" } },
  ],
  operations: [
    withHandler(profileSpec, () => import("./operations/profile.ts").then((m) => m.profileHandler)),
    withHandler(postsSpec, () => import("./operations/posts.ts").then((m) => m.postsHandler)),
    withHandler(postDetailsSpec, () =>
      import("./operations/post-details.ts").then((m) => m.postDetailsHandler),
    ),
    withHandler(postCommentsSpec, () =>
      import("./operations/post-comments.ts").then((m) => m.postCommentsHandler),
    ),
    withHandler(hashtagSpec, () => import("./operations/hashtag.ts").then((m) => m.hashtagHandler)),
    withHandler(searchSpec, () => import("./operations/search.ts").then((m) => m.searchHandler)),
    withHandler(instanceSpec, () => import("./operations/instance.ts").then((m) => m.instanceHandler)),
    withHandler(trendsSpec, () => import("./operations/trends.ts").then((m) => m.trendsHandler)),
    withHandler(followersSpec, () => import("./operations/followers.ts").then((m) => m.followersHandler)),
    withHandler(followingSpec, () => import("./operations/following.ts").then((m) => m.followingHandler)),
    withHandler(postLikesSpec, () => import("./operations/post-likes.ts").then((m) => m.postLikesHandler)),
    withHandler(postRepostsSpec, () =>
      import("./operations/post-reposts.ts").then((m) => m.postRepostsHandler),
    ),
  ],
});

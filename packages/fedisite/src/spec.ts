import { definePlatform, itemsAt } from "@sda/core";
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
 * The fedisite platform (Mastodon) as the gateway sees it (`@sda/fedisite/spec`). Its hosts are the caller's: any
 * instance a link names (`callerHosts`), so `hosts` lists none; the upstream client guards every live request (https
 * on port 443, public addresses only after DNS, every redirect hop) and answers a refused host with 422
 * `instance_not_allowed`, as the handlers do for the checks by name. No extraction code is imported here; the handlers
 * are bound in `handlers.ts`. Ids are `fedisite.<name>`, paths `/v1/fedisite/<name>`, queue and tag `fedisite`.
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
    profileSpec,
    postsSpec,
    postDetailsSpec,
    postCommentsSpec,
    hashtagSpec,
    searchSpec,
    instanceSpec,
    trendsSpec,
    followersSpec,
    followingSpec,
    postLikesSpec,
    postRepostsSpec,
  ],
});

import { definePlatform, itemsAt, withHandler } from "@sda/contract";
import { forumsiteEnv } from "./env.ts";
import { forumsiteErrorCodes } from "./errors.ts";
import { forumsiteHistory } from "./history.ts";
import { postCommentsSpec } from "./spec/post-comments.ts";
import { postDetailsSpec } from "./spec/post-details.ts";
import { postTranscriptSpec } from "./spec/post-transcript.ts";
import { searchSpec } from "./spec/search.ts";
import { subredditDetailsSpec } from "./spec/subreddit-details.ts";
import { subredditPostsSpec } from "./spec/subreddit-posts.ts";
import { subredditSearchSpec } from "./spec/subreddit-search.ts";

/**
 * The forumsite declaration (`@sda/forumsite`): its hosts, env, error codes, queues and operation specs, each with
 * the lazy import of its handler. Imports only params schemas, price rules and cache policies, so the gateway can
 * load it without extraction code; a worker imports an operation's handler on its first call.
 */
export const forumsitePlatform = definePlatform({
  name: "forumsite",
  title: "Reddit",
  hosts: ["reddit.com", "*.reddit.com", "redd.it", "*.redd.it", "*.redditmedia.com"],
  env: forumsiteEnv,
  errorCodes: forumsiteErrorCodes,
  // Reddit's own path rule (README §2): `/x/`, `/x` and `/x.json` are one resource, names ignore case; `raw_json`
  // and `api_type` only shape the answer.
  recording: {
    path: { stripTrailingSlash: true, stripSuffix: ".json", caseInsensitive: true },
    volatileQuery: ["raw_json"],
    volatileBody: [/^(api_type|raw_json)$/],
  },
  history: forumsiteHistory,
  // Posts and comments by their `fullname` (`t3_…`, `t1_…`, unique across the whole platform).
  monitors: {
    "subreddit-posts": itemsAt("posts", "fullname"),
    search: itemsAt("posts", "fullname"),
    "subreddit-search": itemsAt("posts", "fullname"),
    "post-comments": itemsAt("comments", "fullname"),
  },
  // The Data API's documented limit for OAuth clients; the public `.json` pages have no documented figure (their own
  // x-ratelimit headers pause the credential, client/rate-limit.ts).
  politeness: [
    {
      name: "oauth",
      hosts: ["oauth.reddit.com"],
      rate: { requests: 100, perSeconds: 60 },
      source: "Reddit Data API terms: 100 queries per minute per OAuth client id",
    },
  ],
  canaries: [
    { operation: "subreddit-details", params: { url: "golang" } },
    { operation: "subreddit-posts", params: { url: "popular", limit: "5" } },
  ],
  operations: [
    withHandler(subredditPostsSpec, () =>
      import("./operations/subreddit-posts.ts").then((m) => m.subredditPostsHandler),
    ),
    withHandler(postDetailsSpec, () =>
      import("./operations/post-details.ts").then((m) => m.postDetailsHandler),
    ),
    withHandler(postCommentsSpec, () =>
      import("./operations/post-comments.ts").then((m) => m.postCommentsHandler),
    ),
    withHandler(postTranscriptSpec, () =>
      import("./operations/post-transcript.ts").then((m) => m.postTranscriptHandler),
    ),
    withHandler(searchSpec, () => import("./operations/search.ts").then((m) => m.searchHandler)),
    withHandler(subredditDetailsSpec, () =>
      import("./operations/subreddit-details.ts").then((m) => m.subredditDetailsHandler),
    ),
    withHandler(subredditSearchSpec, () =>
      import("./operations/subreddit-search.ts").then((m) => m.subredditSearchHandler),
    ),
  ],
});

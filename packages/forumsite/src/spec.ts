import { definePlatform } from "@sda/core";
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
 * The forumsite declaration (`@sda/forumsite/spec`): its hosts, env, error codes, queues and operation specs. Imports only
 * params schemas, price rules and cache policies, so the gateway can load it without extraction code.
 */
export const forumsitePlatform = definePlatform({
  name: "forumsite",
  hosts: ["reddit.com", "*.reddit.com", "redd.it", "*.redd.it", "*.redditmedia.com"],
  env: forumsiteEnv,
  errorCodes: forumsiteErrorCodes,
  replay: { stripTrailingSlash: true, stripSuffix: ".json", caseInsensitive: true },
  history: forumsiteHistory,
  operations: [
    subredditPostsSpec,
    postDetailsSpec,
    postCommentsSpec,
    postTranscriptSpec,
    searchSpec,
    subredditDetailsSpec,
    subredditSearchSpec,
  ],
});

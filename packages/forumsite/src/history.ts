import { defineHistory, type HistorySources } from "@sda/contract";
import type { z } from "zod";
import type { SubredditDetailsResult } from "./operations/subreddit-details.ts";
import { SITE_ORIGIN } from "./readers/listing.ts";
import type { PostDetails } from "./readers/post.ts";
import type { postDetailsParams } from "./spec/post-details.ts";
import type { subredditDetailsParams } from "./spec/subreddit-details.ts";

/**
 * History (SPEC §1) of the forumsite: subreddit and post details append metric snapshots (`packages/history`).
 * Metric names are the result fields. Subreddit names never change and compare case-insensitively, so the lower-cased
 * name is the subreddit's id; a post's id is its base-36 id.
 */

/** The forumsite operations whose successes are recorded, keyed by operation id (composed in `packages/catalog`). */
export const forumsiteHistory: HistorySources = {
  // Post first: a post URL (`/r/<sub>/comments/<id>/…`) also reads as its subreddit; the post is what it names.
  "forumsite.post-details": defineHistory({
    kind: "post",
    metricNames: ["score", "upvoteRatio", "numComments", "numCrossposts"],
    resource: (data: PostDetails) => ({
      id: data.id,
      url: data.permalink ?? `${SITE_ORIGIN}/comments/${data.id}/`,
    }),
    metrics: (data) => ({
      score: data.score,
      upvoteRatio: data.upvoteRatio,
      numComments: data.numComments,
      numCrossposts: data.numCrossposts,
    }),
    // A share link (`/r/<sub>/s/<token>`) names a post only the platform can resolve: an alias.
    locate: (params: z.output<typeof postDetailsParams>) =>
      params.url.kind === "id"
        ? { id: params.url.id, url: `${SITE_ORIGIN}/comments/${params.url.id}/` }
        : { alias: `share:${params.url.path}`, url: `${SITE_ORIGIN}${params.url.path}` },
  }),
  "forumsite.subreddit-details": defineHistory({
    kind: "subreddit",
    metricNames: ["members", "activeUsers"],
    resource: (data: SubredditDetailsResult) => ({
      id: data.name.toLowerCase(),
      url: `${SITE_ORIGIN}/r/${data.name}/`,
    }),
    metrics: (data) => ({ members: data.members, activeUsers: data.activeUsers }),
    locate: (params: z.output<typeof subredditDetailsParams>) => ({
      id: params.url.toLowerCase(),
      url: `${SITE_ORIGIN}/r/${params.url}/`,
    }),
  }),
};

import { defineHistory, type HistorySources } from "@sda/contract";
import type { z } from "zod";
import { type Actor, RECORD_KINDS } from "./inputs/refs.ts";
import type { postDetailsOutput, postDetailsParams } from "./spec/post-details.ts";
import type { profileOutput, profileParams } from "./spec/profile.ts";

/**
 * History (SPEC §1) of the microblogsite: profiles (followers, following, posts) and posts (likes, reposts, replies,
 * quotes) append metric snapshots (`packages/history`). Metric names are the result fields. An account's id is its
 * DID (a handle can change hands), a post's its `at://` URI in DID form; a handle, or a post link by handle, is an
 * alias until a recorded call maps it.
 */

/** The `bsky.app` link of an account. */
const profileLink = (actor: Actor) => `https://bsky.app/profile/${actor}`;

/** The microblogsite operations whose successes are recorded, keyed by operation id (composed in `packages/catalog`). */
export const microblogsiteHistory: HistorySources = {
  "microblogsite.profile": defineHistory({
    kind: "profile",
    metricNames: ["followers", "following", "postCount"],
    resource: (data: z.output<typeof profileOutput>) => ({
      id: data.id,
      url: data.url ?? profileLink(data.id),
      ...(data.username ? { aliases: [data.username.toLowerCase()] } : {}),
    }),
    metrics: (data) => ({ followers: data.followers, following: data.following, postCount: data.postCount }),
    locate: (params: z.output<typeof profileParams>) =>
      params.url.startsWith("did:")
        ? { id: params.url, url: profileLink(params.url) }
        : { alias: params.url, url: profileLink(params.url) },
  }),
  "microblogsite.post-details": defineHistory({
    kind: "post",
    metricNames: ["likeCount", "repostCount", "replyCount", "quoteCount"],
    resource: (data: z.output<typeof postDetailsOutput>) => ({ id: data.id, url: data.url }),
    metrics: (data) => ({
      likeCount: data.likeCount,
      repostCount: data.repostCount,
      replyCount: data.replyCount,
      quoteCount: data.quoteCount,
    }),
    locate: (params: z.output<typeof postDetailsParams>) => {
      const { actor, rkey } = params.url;
      const uri = `at://${actor}/${RECORD_KINDS.post.collection}/${rkey}`;
      const url = `${profileLink(actor)}/post/${rkey}`;
      return actor.startsWith("did:") ? { id: uri, url } : { alias: uri, url };
    },
  }),
};

import { defineHistory, type HistorySources } from "@sda/contract";
import type { z } from "zod";
import { postUrl, profileUrl } from "./inputs/params.ts";
import type { BasicProfile } from "./operations/basic-profile.ts";
import type { ChannelDetails } from "./operations/channel-details.ts";
import type { PostDetails } from "./operations/details.ts";
import type { channelDetailsParams } from "./spec/channel-details.ts";
import type { detailsParams } from "./spec/details.ts";

/**
 * History (SPEC §1) of the photosite: profile details, the basic profile and post details append metric snapshots
 * (`packages/history`). Metric names are the result fields. A profile is keyed by its lower-cased username (what
 * every profile URL holds; a renamed account starts a new series), a post by its shortcode.
 */

const PROFILE_METRICS = ["followers", "following", "postCount"] as const;

/** The photosite operations whose successes are recorded, keyed by operation id (composed in `packages/catalog`). */
export const photositeHistory: HistorySources = {
  "photosite.details": defineHistory({
    kind: "post",
    metricNames: ["likeCount", "commentCount", "viewCount", "playCount"],
    resource: (data: PostDetails) =>
      data.shortcode ? { id: data.shortcode, url: postUrl(data.shortcode) } : null,
    metrics: (data) => ({
      likeCount: data.likeCount,
      commentCount: data.commentCount,
      viewCount: data.viewCount,
      playCount: data.playCount,
    }),
    locate: (params: z.output<typeof detailsParams>) => ({ id: params.url.shortcode, url: params.url.url }),
  }),
  "photosite.channel-details": defineHistory({
    kind: "profile",
    metricNames: [...PROFILE_METRICS, "highlightCount"],
    resource: (data: ChannelDetails) => {
      const username = data.username.toLowerCase();
      return { id: username, url: profileUrl(username) };
    },
    metrics: (data) => ({
      followers: data.followers,
      following: data.following,
      postCount: data.postCount,
      highlightCount: data.highlightCount,
    }),
    locate: (params: z.output<typeof channelDetailsParams>) => ({
      id: params.url.username,
      url: params.url.url,
    }),
  }),
  // Looked up by the profile URL through photosite.channel-details (this operation takes `userId` or `handle`).
  "photosite.basic-profile": defineHistory({
    kind: "profile",
    metricNames: PROFILE_METRICS,
    resource: (data: BasicProfile) => {
      const username = data.username?.toLowerCase();
      return username ? { id: username, url: profileUrl(username) } : null;
    },
    metrics: (data) => ({ followers: data.followers, following: data.following, postCount: data.postCount }),
  }),
};

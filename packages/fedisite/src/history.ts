import { defineHistory, type HistorySources } from "@sda/contract";
import type { z } from "zod";
import type { FediProfile } from "./readers/account.ts";
import type { FediPost } from "./readers/status.ts";
import type { postDetailsParams } from "./spec/post-details.ts";
import type { profileParams } from "./spec/profile.ts";

/**
 * History (SPEC §1) of fedisite: profiles and post details append metric snapshots (`packages/history`). Metric names
 * are the result fields.
 *
 * Ids are instance-independent, so one resource is one series whichever instance is asked: an account is its full
 * handle in lower case (`schochastics@fosstodon.org`), a post its ActivityPub `uri`. What a link names before any call
 * is an id for a handle and an alias otherwise (`<instance>:<local id>`, recorded by each call). A profile link
 * `https://<host>/@user` is not located: other platforms use the same form (`youtube.com/@handle`), so a caller passes
 * `@user@instance` instead.
 */

/** The instance's host name of a link's origin. */
const hostOf = (instance: string): string => new URL(instance).hostname;

/** The fedisite operations whose successes are recorded, keyed by operation id (composed in `packages/catalog`). */
export const fedisiteHistory: HistorySources = {
  "fedisite.profile": defineHistory({
    kind: "profile",
    metricNames: ["followers", "following", "postCount"],
    resource: (data: FediProfile) => ({
      id: data.username.toLowerCase(),
      url: data.url ?? `https://${data.instance}/@${data.username}`,
      aliases: [`${data.instance}:${data.id}`],
    }),
    metrics: (data) => ({
      followers: data.followers,
      following: data.following,
      postCount: data.postCount,
    }),
    locate: ({ url }: z.output<typeof profileParams>) => {
      const host = hostOf(url.instance);
      if (url.id) return { alias: `${host}:${url.id}`, url: `https://${host}/web/accounts/${url.id}` };
      if (!url.acct || url.sharedForm) return null;
      const handle = url.acct.includes("@") ? url.acct : `${url.acct}@${host}`;
      return { id: handle.toLowerCase(), url: `https://${host}/@${url.acct}` };
    },
  }),
  "fedisite.post-details": defineHistory({
    kind: "post",
    metricNames: ["likeCount", "repostCount", "replyCount", "quoteCount"],
    resource: (data: FediPost & { instance: string }) => ({
      id: data.uri,
      url: data.url ?? data.uri,
      aliases: [`${data.instance}:${data.id}`],
    }),
    metrics: (data) => ({
      likeCount: data.likeCount,
      repostCount: data.repostCount,
      replyCount: data.replyCount,
      quoteCount: data.quoteCount,
    }),
    locate: ({ url }: z.output<typeof postDetailsParams>) => {
      const host = hostOf(url.instance);
      return { alias: `${host}:${url.id}`, url: `https://${host}/web/statuses/${url.id}` };
    },
  }),
};

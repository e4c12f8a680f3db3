import { toUtcIso } from "@sda/text";
import type { z } from "zod";
import type { profileOutput } from "../spec/profile.ts";
import type { account, postAuthor } from "../spec/shapes.ts";
import type { RawProfileDetailed, RawProfileView } from "./lexicon.ts";
import { appUrl, labelValues, recordUrl } from "./urls.ts";

/** The author of a post (or who reposted it). */
export type PostAuthor = z.output<typeof postAuthor>;
/** An account row of a list. */
export type Account = z.output<typeof account>;
/** The profile operation's result. */
export type Profile = z.output<typeof profileOutput>;

/** A post author from a profile view: DID, handle, display name (null when empty), avatar. */
export function readPostAuthor(view: RawProfileView): PostAuthor {
  return {
    id: view.did,
    username: view.handle,
    displayName: view.displayName || null,
    avatar: view.avatar ?? null,
  };
}

/** An account row from a profile view (`profileView` has the bio, `profileViewBasic` has not). */
export function readAccount(view: RawProfileView): Account {
  return {
    ...readPostAuthor(view),
    url: appUrl(view.handle, view.did),
    bio: view.description ?? null,
    createdAt: toUtcIso(view.createdAt),
    verified: view.verification?.verifiedStatus === "valid",
    labels: labelValues(view.labels),
  };
}

/**
 * The profile result from `getProfile`'s detailed view; counts the AppView leaves out are null.
 * @param platform the platform it is on (`ctx.platform`).
 */
export function readProfile(view: RawProfileDetailed, platform: string): Profile {
  const row = readAccount(view);
  const pinned = view.pinnedPost;
  return {
    platform,
    id: row.id,
    username: row.username,
    url: row.url,
    displayName: row.displayName,
    bio: row.bio,
    avatar: row.avatar,
    banner: view.banner ?? null,
    followers: view.followersCount ?? null,
    following: view.followsCount ?? null,
    postCount: view.postsCount ?? null,
    verified: row.verified,
    createdAt: row.createdAt,
    labels: row.labels,
    pinnedPost: pinned
      ? { id: pinned.uri, cid: pinned.cid ?? null, url: recordUrl(pinned.uri, view.handle) }
      : null,
    listCount: view.associated?.lists ?? null,
    feedCount: view.associated?.feedgens ?? null,
    starterPackCount: view.associated?.starterPacks ?? null,
    isLabeler: view.associated?.labeler === true,
    indexedAt: toUtcIso(view.indexedAt),
  };
}

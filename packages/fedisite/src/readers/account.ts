import { toUtcIso } from "@sda/text";
import { z } from "zod";
import { htmlToText } from "./html-text.ts";
import { countOf, fullHandle, parseAnswer, textOrNull } from "./values.ts";

/**
 * Readers of Mastodon's Account entity (`/api/v1/accounts/:id`, `accounts/lookup`, the `account` of a status, the
 * rows of followers, following, favourited_by, reblogged_by, search and directory) and of featured tags.
 */

/** The Account fields read (every one optional but `id`, `acct`: servers differ by version). */
export const rawAccount = z.object({
  id: z.string(),
  username: z.string().optional(),
  acct: z.string(),
  display_name: z.string().nullish(),
  locked: z.boolean().nullish(),
  bot: z.boolean().nullish(),
  group: z.boolean().nullish(),
  discoverable: z.boolean().nullish(),
  created_at: z.string().nullish(),
  note: z.string().nullish(),
  url: z.string().nullish(),
  uri: z.string().nullish(),
  avatar: z.string().nullish(),
  avatar_static: z.string().nullish(),
  header: z.string().nullish(),
  followers_count: z.number().nullish(),
  following_count: z.number().nullish(),
  statuses_count: z.number().nullish(),
  last_status_at: z.string().nullish(),
  fields: z
    .array(z.object({ name: z.string(), value: z.string(), verified_at: z.string().nullish() }))
    .nullish(),
  moved: z.object({ acct: z.string(), url: z.string().nullish() }).nullish(),
});

/** An account as lists and posts show it. */
export interface FediUser {
  /** The account's id on the instance asked. */
  id: string;
  /** The full `user@domain` handle (a local account qualified with the instance asked). */
  username: string;
  displayName: string | null;
  avatar: string | null;
  /** The account's profile page on its home instance. */
  url: string | null;
  bot: boolean | null;
  locked: boolean | null;
  followers: number | null;
  following: number | null;
  postCount: number | null;
}

/** The author of a post: the account's identity only. */
export type FediAuthor = Pick<FediUser, "id" | "username" | "displayName" | "avatar" | "url">;

/** A profile's link field (`fields[]`): its name, its value as plain text and HTML, and when the link was verified. */
export interface ProfileField {
  name: string;
  value: string;
  valueHtml: string;
  verifiedAt: string | null;
}

/** A whole profile (`/api/v1/accounts/:id`), SPEC §2.8's core plus Mastodon's own fields. */
export interface FediProfile {
  /** The platform the profile is on (`ctx.platform`). */
  platform: string;
  id: string;
  username: string;
  url: string | null;
  displayName: string | null;
  bio: string | null;
  bioHtml: string | null;
  avatar: string | null;
  banner: string | null;
  followers: number | null;
  following: number | null;
  postCount: number | null;
  verified: boolean | null;
  createdAt: string | null;
  lastPostAt: string | null;
  uri: string | null;
  instance: string;
  locked: boolean | null;
  bot: boolean | null;
  group: boolean | null;
  discoverable: boolean | null;
  movedTo: string | null;
  fields: ProfileField[];
  featuredTags: FeaturedTag[] | null;
}

/** A hashtag the account features on its profile. */
export interface FeaturedTag {
  name: string;
  url: string | null;
  postCount: number | null;
  lastPostAt: string | null;
}

/** Mastodon's placeholder when an account has no header image (`/headers/original/missing.png`). */
const MISSING_IMAGE = /\/(?:headers|avatars)\/original\/missing\.png$/;

const imageOrNull = (value: string | null | undefined): string | null =>
  value && !MISSING_IMAGE.test(value) ? value : null;

/**
 * Reads an account of a list or post.
 * @param instanceHost the instance asked (qualifies local handles).
 * @throws ServiceError 502 `upstream_error` when the value is not an Account (no `id` or `acct`).
 */
export function readUser(raw: unknown, instanceHost: string): FediUser {
  const a = parseAnswer(rawAccount, raw, "an account");
  return {
    id: a.id,
    username: fullHandle(a.acct, instanceHost),
    displayName: textOrNull(a.display_name),
    avatar: imageOrNull(a.avatar),
    url: textOrNull(a.url),
    bot: a.bot ?? null,
    locked: a.locked ?? null,
    followers: countOf(a.followers_count),
    following: countOf(a.following_count),
    postCount: countOf(a.statuses_count),
  };
}

/** Reads a post's author (see {@link readUser}). */
export function readAuthor(raw: unknown, instanceHost: string): FediAuthor {
  const { id, username, displayName, avatar, url } = readUser(raw, instanceHost);
  return { id, username, displayName, avatar, url };
}

/** Reads a list of accounts (see {@link readUser}). */
export function readUsers(raw: unknown, instanceHost: string): FediUser[] {
  return parseAnswer(z.array(z.unknown()), raw, "a list of accounts").map((a) => readUser(a, instanceHost));
}

/**
 * Reads a whole profile; `featuredTags` stays null until read separately.
 * @param platform the platform it is on (`ctx.platform`).
 * @throws ServiceError 502 `upstream_error` when the value is not an Account.
 */
export function readProfile(raw: unknown, instanceHost: string, platform: string): FediProfile {
  const a = parseAnswer(rawAccount, raw, "an account");
  const user = readUser(raw, instanceHost);
  return {
    platform,
    id: a.id,
    username: user.username,
    url: user.url,
    displayName: user.displayName,
    bio: a.note ? htmlToText(a.note) : null,
    bioHtml: textOrNull(a.note),
    avatar: user.avatar,
    banner: imageOrNull(a.header),
    followers: user.followers,
    following: user.following,
    postCount: user.postCount,
    verified: null,
    createdAt: toUtcIso(a.created_at),
    lastPostAt: toUtcIso(a.last_status_at),
    uri: textOrNull(a.uri),
    instance: instanceHost,
    locked: user.locked,
    bot: user.bot,
    group: a.group ?? null,
    discoverable: a.discoverable ?? null,
    movedTo: a.moved ? fullHandle(a.moved.acct, instanceHost) : null,
    fields: (a.fields ?? []).map((f) => ({
      name: f.name,
      value: htmlToText(f.value),
      valueHtml: f.value,
      verifiedAt: toUtcIso(f.verified_at),
    })),
    featuredTags: null,
  };
}

const rawFeaturedTag = z.object({
  name: z.string(),
  url: z.string().nullish(),
  statuses_count: z.union([z.number(), z.string()]).nullish(),
  last_status_at: z.string().nullish(),
});

/**
 * Reads `/api/v1/accounts/:id/featured_tags` (`statuses_count` is a string on some versions).
 * @throws ServiceError 502 `upstream_error` when the answer is not a list of tags.
 */
export function readFeaturedTags(raw: unknown): FeaturedTag[] {
  return parseAnswer(z.array(rawFeaturedTag), raw, "featured tags").map((t) => ({
    name: t.name,
    url: textOrNull(t.url),
    postCount: countOf(t.statuses_count),
    lastPostAt: toUtcIso(t.last_status_at),
  }));
}

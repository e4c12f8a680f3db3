import type { ServiceError } from "@sda/core";
import { fail } from "../errors.ts";
import { type JsonView, view } from "../readers/json-view.ts";
import { readProfilePage } from "../readers/pages.ts";
import { type Profile, readProfile } from "../readers/profile.ts";
import { API_ORIGIN, WEB_ORIGIN } from "./config.ts";
import type { PhotositeContext } from "./context.ts";
import { PlatformNotFound } from "./failures.ts";
import { callJson, callWeb } from "./web.ts";

/** 404 `profile_not_found` for a username or user id. */
export function profileNotFound(who: string): ServiceError {
  return fail("profile_not_found", `no public profile ${who}`, { details: { profile: who } });
}

/** 403 `profile_private` (the profile exists; its posts, reels, tags and highlights are not public). */
export function profilePrivate(who: string): ServiceError {
  return fail("profile_private", `profile ${who} is private`, { details: { profile: who } });
}

/** A fetched profile answer: the read profile plus the raw user object (for its embedded grid). */
export interface ProfileAnswer {
  profile: Profile;
  user: JsonView;
}

/**
 * `GET /api/v1/users/web_profile_info/?username=` (web host, web app id): the profile as the web client reads it.
 * @throws ServiceError 404 `profile_not_found` (HTTP 404 or `data.user: null`); `upstream_*` as the web client maps.
 */
export async function fetchWebProfileInfo(ctx: PhotositeContext, username: string): Promise<ProfileAnswer> {
  let answer: unknown;
  try {
    answer = await callJson(ctx, {
      url: `${WEB_ORIGIN}/api/v1/users/web_profile_info/?username=${encodeURIComponent(username)}`,
    });
  } catch (error) {
    if (error instanceof PlatformNotFound) throw profileNotFound(`@${username}`);
    throw error;
  }
  const user = view(answer).at("data", "user");
  const profile = readProfile(user);
  if (!profile) throw profileNotFound(`@${username}`);
  return { profile, user };
}

/**
 * `GET /api/v1/users/<pk>/info/` (API host): the v1 profile of a user id (`user` with `follower_count`, …).
 * @throws ServiceError 404 `profile_not_found`; `upstream_*` as the web client maps.
 */
export async function fetchUserInfo(ctx: PhotositeContext, userId: string): Promise<ProfileAnswer> {
  let answer: unknown;
  try {
    answer = await callJson(ctx, { url: `${API_ORIGIN}/api/v1/users/${userId}/info/` });
  } catch (error) {
    if (error instanceof PlatformNotFound) throw profileNotFound(`with id ${userId}`);
    throw error;
  }
  const user = view(answer).at("user");
  const profile = readProfile(user);
  if (!profile) throw profileNotFound(`with id ${userId}`);
  return { profile, user };
}

/**
 * The logged-out profile page `GET /<username>/`, whose meta tags are the only logged-out source of counts (labels,
 * possibly compact: approximate).
 * @throws ServiceError 404 `profile_not_found` (HTTP 404); 502 `upstream_error` when the page has no profile data.
 */
export async function fetchProfilePage(ctx: PhotositeContext, username: string): Promise<Profile> {
  let html: string;
  try {
    html = (
      await callWeb(ctx, { url: `${WEB_ORIGIN}/${encodeURIComponent(username)}/`, kind: "page" })
    ).text();
  } catch (error) {
    if (error instanceof PlatformNotFound) throw profileNotFound(`@${username}`);
    throw error;
  }
  const profile = readProfilePage(html);
  if (!profile)
    throw fail("upstream_error", "photosite profile page without profile data", {
      details: { reason: "page_without_data" },
    });
  return profile;
}

/**
 * The user id of a profile given by username, through `web_profile_info`, refusing private profiles (whose lists are
 * not public).
 * @throws ServiceError 404 `profile_not_found`, 403 `profile_private`, `upstream_*`.
 */
export async function resolvePublicProfile(
  ctx: PhotositeContext,
  username: string,
): Promise<ProfileAnswer & { id: string }> {
  const answer = await fetchWebProfileInfo(ctx, username);
  if (answer.profile.isPrivate === true) throw profilePrivate(`@${username}`);
  if (!answer.profile.id) throw profileNotFound(`@${username}`);
  return { ...answer, id: answer.profile.id };
}

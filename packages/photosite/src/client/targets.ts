import type { ProfileRef } from "../inputs/params.ts";
import type { PhotositeContext } from "./context.ts";
import { resolvePublicProfile } from "./profile.ts";

/** A resolved profile target. */
export interface ProfileTarget {
  userId: string;
  username: string | null;
  /** True when `web_profile_info` was called to resolve it. */
  resolved: boolean;
}

/** How errors name a target: `@username`, else `with id <user id>`. */
export function targetName(target: ProfileTarget): string {
  return target.username ? `@${target.username}` : `with id ${target.userId}`;
}

/**
 * The user id of `{url, userId}`: `userId` as given, else resolved from the handle through `web_profile_info`
 * (refusing private profiles).
 * @throws ServiceError 404 `profile_not_found`, 403 `profile_private`, `upstream_*`.
 */
export async function resolveTarget(
  ctx: PhotositeContext,
  params: { url?: ProfileRef | undefined; userId?: string | undefined },
): Promise<ProfileTarget> {
  if (params.userId)
    return { userId: params.userId, username: params.url?.username ?? null, resolved: false };
  const username = params.url?.username ?? "";
  const { id } = await resolvePublicProfile(ctx, username);
  return { userId: id, username, resolved: true };
}

/**
 * The target of a list page: on a later page of a handle, the user id the cursor carries (no second
 * `web_profile_info` call); otherwise {@link resolveTarget}.
 * @param cursorUserId the user id stored in the cursor, when there is one.
 */
export async function listTarget(
  ctx: PhotositeContext,
  params: { url?: ProfileRef | undefined; userId?: string | undefined },
  cursorUserId: string | undefined,
): Promise<ProfileTarget> {
  if (cursorUserId && params.userId === undefined)
    return { userId: cursorUserId, username: params.url?.username ?? null, resolved: false };
  return resolveTarget(ctx, params);
}

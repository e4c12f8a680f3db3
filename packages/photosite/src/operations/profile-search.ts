import type { HandlerFor } from "@sda/contract";
import type { PhotositeContext } from "../client/context.ts";
import { profileNotFound } from "../client/profile.ts";
import { searchUsers } from "../client/search.ts";
import type { PhotositeEnv } from "../env.ts";
import { profileUrl } from "../inputs/params.ts";
import type { SearchUser } from "../readers/search.ts";
import type { PhotositeServices } from "../services.ts";
import type { profileSearchSpec } from "../spec/profile-search.ts";

/** Why the chosen profile matched. */
export type MatchReason = "exact_username" | "exact_name" | "username_without_separators" | "top_result";

/** `data` of profile-search. */
export interface ProfileSearch {
  query: string;
  profile: SearchUser & { url: string };
  matchReason: MatchReason;
  /** `top_search` or `non_profiled_search`: which search found it. */
  matchedFrom: string;
  /** The other public candidates, in the platform's order (at most 5). */
  alternatives: { username: string | null; fullName: string | null; verified: boolean | null }[];
}

const squash = (text: string) => text.toLowerCase().replace(/[\s._\-'’&]+/g, "");

/**
 * The best public profile for a query, among the platform's user hits (private ones are skipped): a username equal
 * to the query (case-insensitive), else a display name equal to it (verified first), else a username equal to the
 * query without spaces and separators ("Time Out Shanghai" → `timeoutshanghai`), else the platform's top-ranked hit.
 */
export function bestMatch(
  users: SearchUser[],
  query: string,
): { user: SearchUser; reason: MatchReason } | null {
  const candidates = users.filter((u) => u.isPrivate !== true);
  const q = query.toLowerCase();
  const byVerified = (list: SearchUser[]) =>
    [...list].sort((a, b) => Number(b.verified) - Number(a.verified));
  const exact = candidates.find((u) => u.username?.toLowerCase() === q);
  if (exact) return { user: exact, reason: "exact_username" };
  const name = byVerified(candidates.filter((u) => u.fullName?.trim().toLowerCase() === q))[0];
  if (name) return { user: name, reason: "exact_name" };
  const squashed = candidates.find((u) => u.username && squash(u.username) === squash(query));
  if (squashed) return { user: squashed, reason: "username_without_separators" };
  const top = candidates[0];
  return top ? { user: top, reason: "top_result" } : null;
}

/**
 * Resolves a brand or handle to one public profile through the platform's search (see `searchUsers`).
 * @returns source `top_search` or `non_profiled_search`.
 * @throws ServiceError 404 `profile_not_found` when no public profile matches; 502 `upstream_*`.
 */
export async function getProfileSearch(ctx: PhotositeContext, params: { q: string }) {
  const { users, via } = await searchUsers(ctx, params.q);
  const match = bestMatch(users, params.q);
  if (!match) throw profileNotFound(`matching "${params.q}"`);
  const data: ProfileSearch = {
    query: params.q,
    profile: { ...match.user, url: profileUrl(match.user.username ?? "") },
    matchReason: match.reason,
    matchedFrom: via,
    alternatives: users
      .filter((u) => u !== match.user && u.isPrivate !== true)
      .slice(0, 5)
      .map((u) => ({ username: u.username, fullName: u.fullName, verified: u.verified })),
  };
  return { data, source: via };
}

/** The handler of `photosite.profile-search` (its spec: `profileSearchSpec`). */
export const profileSearchHandler: HandlerFor<typeof profileSearchSpec, PhotositeEnv, PhotositeServices> = (
  params,
  ctx,
) => getProfileSearch(ctx, params);

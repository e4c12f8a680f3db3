import { parseCount } from "@sda/text";
import type { JsonView } from "./json-view.ts";
import type { UserRef } from "./model.ts";
import { readUser } from "./parts.ts";

/** A user hit of the platform's search. */
export interface SearchUser extends UserRef {
  /** The platform's rank of the hit (`position` in the blended top search; list order otherwise). */
  position: number;
  /** Followers read from the hit's label ("194K followers"): approximate when compact. */
  followers: number | null;
  followersIsApproximate: boolean;
  /** The hit's social-context label as shown ("194K followers"). */
  followersText: string | null;
}

function searchUser(user: JsonView, position: number): SearchUser | null {
  const ref = readUser(user);
  if (!ref?.username) return null;
  const label = user.text("search_social_context");
  const count = label && /follower/i.test(label) ? parseCount(label) : null;
  return {
    ...ref,
    position,
    followers: count?.value ?? null,
    followersIsApproximate: count?.approximate ?? false,
    followersText: label,
  };
}

/**
 * Users of a search answer, in the platform's rank order: `xdt_api__v1__fbsearch__topsearch_connection.users[]`
 * (`{position, user}`) or `xdt_api__v1__fbsearch__non_profiled_serp.users[]` (the user objects themselves).
 */
export function readSearchUsers(root: JsonView): SearchUser[] {
  const users: SearchUser[] = [];
  root.list("users").forEach((entry, index) => {
    const wrapped = entry.at("user").isObject();
    const hit = searchUser(wrapped ? entry.at("user") : entry, entry.int("position") ?? index);
    if (hit) users.push(hit);
  });
  return users.sort((a, b) => a.position - b.position);
}

import { view } from "../readers/json-view.ts";
import { readSearchUsers, type SearchUser } from "../readers/search.ts";
import { QUERIES, ROOT_FIELDS } from "./config.ts";
import type { PhotositeContext } from "./context.ts";
import { canFallBack } from "./fallback.ts";
import { callGraphql } from "./web.ts";

/** Users found for a query, and which search answered. */
export interface UserSearch {
  users: SearchUser[];
  /** `top_search` (the blended search box) or `non_profiled_search` (the non-personalised account search). */
  via: "top_search" | "non_profiled_search";
}

/**
 * Searches accounts: the search box (GraphQL `PolarisSearchBoxRefetchableQuery`, blended top search), and when it
 * fails or finds no user, the non-personalised account search (`PolarisSearchBoxNonProfiledRefetchableQuery`).
 * @throws the search box's error when both fail; a rate limit at once.
 */
export async function searchUsers(ctx: PhotositeContext, query: string): Promise<UserSearch> {
  let firstError: unknown = null;
  try {
    const answer = await callGraphql(ctx, QUERIES.topSearch, {
      data: {
        context: "blended",
        include_reel: "true",
        query,
        rank_token: "",
        search_surface: "web_top_search",
      },
      hasQuery: true,
    });
    const users = readSearchUsers(view(answer).at("data", ROOT_FIELDS.topSearch));
    if (users.length > 0) return { users, via: "top_search" };
  } catch (error) {
    if (!canFallBack(error)) throw error;
    firstError = error;
  }
  try {
    const answer = await callGraphql(ctx, QUERIES.nonProfiledSearch, { hasQuery: true, query });
    return {
      users: readSearchUsers(view(answer).at("data", ROOT_FIELDS.nonProfiledSearch)),
      via: "non_profiled_search",
    };
  } catch (error) {
    throw firstError ?? error;
  }
}

import type { OperationContext } from "@sda/contract";
import { defineStrategy, runChainFor, type StrategyRunInfo } from "@sda/strategy";
import type { ForumsiteEnv } from "../env.ts";
import { readFeedPage } from "../paging/feed.ts";
import { type ListingRequest, type PostPage, readPostPage } from "../paging/listing.ts";
import type { ForumsiteServices } from "../services.ts";
import type { ForumClient } from "./client.ts";

/** The forumsite operations whose post lists run as a strategy chain (their chain names in the identities config). */
export type ListingOperation = "subreddit-posts" | "search" | "subreddit-search";

/**
 * The Atom feed runs when the `.json` API is unavailable to this service: an earlier strategy was blocked or met a
 * login wall, or was skipped because its source circuit is open — or when the configured order puts it first. It is
 * not a way around a rate limit of a working API.
 */
function feedApplies(_ctx: unknown, info: StrategyRunInfo): boolean {
  return (
    info.attempts.length === 0 ||
    info.attempts.some(
      (a) => a.class === "blocked" || a.class === "login_wall" || a.reason === "circuit_open",
    )
  );
}

/**
 * One page of a post list through the chain `json` (the API, OAuth or public `.json`; source `forumsite:<via>`) →
 * `atom` (the listing's feed; source `forumsite:atom`), in the order of `forumsite.chains.<operation>` of the
 * identities document when set. Health and circuits as `runChain` keeps them.
 * @returns the page and the path that served it (`oauth`, `public` or `atom`: the first word of `X-Service-Source`).
 * @throws the chain's error (the JSON pager's errors, with `details.strategies`).
 */
export async function readListingPage(
  ctx: OperationContext<ForumsiteEnv, ForumsiteServices>,
  client: ForumClient,
  operation: ListingOperation,
  request: ListingRequest,
): Promise<{ page: PostPage; via: string }> {
  const strategies = [
    defineStrategy<OperationContext<ForumsiteEnv, ForumsiteServices>, PostPage>({
      id: "json",
      source: `forumsite:${client.via}`,
      run: () => readPostPage(client, ctx, request),
    }),
    defineStrategy<OperationContext<ForumsiteEnv, ForumsiteServices>, PostPage>({
      id: "atom",
      source: "forumsite:atom",
      applies: feedApplies,
      run: () => readFeedPage(ctx, request),
    }),
  ];
  const result = await runChainFor(ctx, operation, strategies);
  return { page: result.value, via: result.strategy === "atom" ? "atom" : client.via };
}

import type { OperationContext } from "@sda/contract";
import type { z } from "zod";
import { AppView } from "../client/appview.ts";
import { atUriOf, profileMissing } from "../client/identity.ts";
import { fail } from "../errors.ts";
import type { Actor, RecordRef } from "../inputs/refs.ts";
import { type Account, readAccount } from "../readers/actor.ts";
import { rawGraphPage } from "../readers/lexicon.ts";
import type { ListPage } from "./pager.ts";
import { readQueryList } from "./query-list.ts";

/**
 * The account list operations (`getFollowers`, `getFollows`, `getLikes`, `getRepostedBy`): AppView pages followed to
 * fill `limit` (see `readQueryList`), an account repeated on a later page dropped.
 */

/** The list fields of an outcome, and its count. */
function listOf<T>(page: ListPage<T>) {
  const { items, nextCursor, hasMore } = page;
  return { totalReturned: items.length, nextCursor, hasMore, users: items };
}

/** Paging parameters of an account list operation. */
interface Paging {
  limit: number;
  cursor?: string | undefined;
}

/**
 * The followers (`getFollowers`) or follows (`getFollows`) of an account, with the account itself (`subject`).
 * @returns the operation's outcome (`source` `appview:<method>`).
 * @throws ServiceError 400 `invalid_cursor`, 404 `profile_not_found`, 502 `upstream_*`.
 */
export async function graphOutcome(
  ctx: OperationContext,
  relation: "followers" | "follows",
  params: Paging & { url: Actor },
) {
  const nsid = relation === "followers" ? "app.bsky.graph.getFollowers" : "app.bsky.graph.getFollows";
  let subject: Account | null = null;
  const page = await readQueryList(ctx, {
    nsid,
    query: { actor: params.url },
    schema: rawGraphPage(relation),
    rows: (answer) => {
      if (answer.subject) subject = readAccount(answer.subject);
      return (answer[relation] as Parameters<typeof readAccount>[0][]).map(readAccount);
    },
    limit: params.limit,
    cursor: params.cursor,
    keyOf: (row) => row.id,
    missing: () => profileMissing(params.url),
  });
  return {
    data: { subject, ...listOf(page) },
    source: `appview:${nsid.split(".").pop()}`,
    count: page.items.length,
  };
}

/**
 * Accounts of a post's list (`getLikes`, `getRepostedBy`), its handle resolved to a DID first.
 * @returns the operation's outcome with `postId` (`source` `appview:<method>`).
 * @throws ServiceError 400 `invalid_cursor`, 404 `profile_not_found` / `post_not_found`, 502 `upstream_*`.
 */
export async function postAccountsOutcome<S extends z.ZodType, T extends { id: string }>(
  ctx: OperationContext,
  params: Paging & { url: RecordRef },
  list: { nsid: string; schema: S; rows: (answer: z.output<S>) => T[] },
) {
  const uri = await atUriOf(new AppView(ctx), "post", params.url);
  const page = await readQueryList(ctx, {
    ...list,
    query: { uri },
    limit: params.limit,
    cursor: params.cursor,
    keyOf: (row) => row.id,
    missing: () => fail("post_not_found", `post ${uri} does not exist`),
  });
  return {
    data: { postId: uri, ...listOf(page) },
    source: `appview:${list.nsid.split(".").pop()}`,
    count: page.items.length,
  };
}

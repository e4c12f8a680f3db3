import type { OperationContext } from "@sda/contract";
import type { z } from "zod";
import { mapBounded } from "../client/bounded.ts";
import { ITEM_CONCURRENCY, NewsClient } from "../client/client.ts";
import type { StoryList } from "../inputs/params.ts";
import { decodeCursor, encodeCursor, isIndex } from "../paging/cursor.ts";
import { fillFromIdList, nextOffset } from "../paging/id-list-pager.ts";
import { readIdList } from "../readers/id-list.ts";
import { type NewsItem, readFirebaseItem } from "../readers/item.ts";
import type { storiesParams } from "../spec/stories.ts";

/** The stories result. */
export interface StoriesResult {
  list: StoryList;
  totalReturned: number;
  nextCursor: string | null;
  hasMore: boolean;
  stories: NewsItem[];
}

const isOffset = (v: Record<string, unknown>): v is Record<string, unknown> & { o: number } => isIndex(v.o);

/**
 * Stories of one of the site's lists, in the site's order, hydrated.
 *
 * Upstream: `GET /v0/<list>stories.json` (ids: top and best up to 500, new 500, ask/show 200, job 60), then
 * `GET /v0/item/<id>.json` for each id, {@link ITEM_CONCURRENCY} at a time. Items are hydrated only as many as still
 * needed to fill `limit` (`fillFromIdList`); an id whose item Firebase answers `null` is skipped (any other failure is
 * an upstream error, never a gap) and another id is read in its place. The cursor is the offset reached in the id list; the list is read
 * again on every page, so a page reflects the list's order at that time. When a later batch fails with a retryable
 * error, the call returns the stories read and the cursor retries that batch.
 * @returns `{ data, source: "firebase:list+items", count }`.
 * @throws ServiceError 400 `invalid_cursor`, 502 `upstream_*`.
 */
export async function storiesHandler(
  params: z.output<typeof storiesParams>,
  ctx: OperationContext,
): Promise<{ data: StoriesResult; source: string; count: number }> {
  const client = new NewsClient(ctx);
  const cursor = decodeCursor(ctx, params.list, params.cursor, isOffset, "list");
  const ids = readIdList(await client.firebase(`/v0/${params.list}stories.json`));
  const collected = await fillFromIdList(ids, cursor?.o ?? 0, params.limit, (batch) =>
    mapBounded(batch, ITEM_CONCURRENCY, async (id) => readFirebaseItem(await client.item(id))),
  );
  if (collected.interruptedBy)
    ctx.log.info({ err: collected.interruptedBy, list: params.list }, "newssite: stories page ended early");
  const stories = collected.items;
  const offset = nextOffset(collected);
  return {
    data: {
      list: params.list,
      totalReturned: stories.length,
      nextCursor: offset === null ? null : encodeCursor(ctx, params.list, { o: offset }),
      hasMore: offset !== null,
      stories,
    },
    source: "firebase:list+items",
    count: stories.length,
  };
}

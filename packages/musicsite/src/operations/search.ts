import type { HandlerFor } from "@sda/contract";
import { BandcampClient } from "../client/client.ts";
import { fail } from "../errors.ts";
import { readSearchPage } from "../readers/search.ts";
import type { searchSpec } from "../spec/search.ts";

/** What a search `nextCursor` carries: the query and the page it continues with. */
interface SearchCursor {
  q: string;
  page: number;
}

/**
 * One page of Bandcamp's search (artists and labels, albums, tracks), in Bandcamp's order.
 *
 * Upstream: `GET https://bandcamp.com/search?q=&page=` (HTML). `hasMore` is the pager's next link; `nextCursor`
 * names the next page (`page` + 1) of the same query.
 * @returns `{ data, source: "search", count }` (an empty page is free).
 * @throws ServiceError 400 `invalid_cursor` (a cursor of another query or operation), 502 `upstream_*`.
 */
export const searchHandler: HandlerFor<typeof searchSpec> = async (params, ctx) => {
  let page = params.page;
  if (params.cursor) {
    const cursor = ctx.cursors.decode<SearchCursor>(params.cursor);
    if (cursor?.q !== params.q || !Number.isInteger(cursor.page) || cursor.page < 1)
      throw fail("invalid_cursor", "cursor is not a nextCursor of this query; start without a cursor", {
        details: { param: "cursor" },
      });
    page = cursor.page;
  }
  const { results, hasNext } = readSearchPage(await new BandcampClient(ctx).search(params.q, page));
  const hasMore = hasNext && results.length > 0;
  return {
    data: {
      query: params.q,
      page,
      results,
      totalReturned: results.length,
      hasMore,
      nextCursor: hasMore ? ctx.cursors.encode({ q: params.q, page: page + 1 }) : null,
    },
    source: "search",
    count: results.length,
  };
};

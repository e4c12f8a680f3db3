import type { KeysetPage } from "@sda/contract";
import type { Request } from "express";

/** The query object of a listing (`cursor`, `limit`), empty values dropped. */
export function listingQuery(req: Request): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(req.query))
    if (value !== "" && value !== undefined) raw[key] = value;
  return raw;
}

/** The `data` of a listing route: `{ totalReturned, nextCursor, hasMore, [name]: the page's items }`. */
export function listingData<T>(name: string, page: KeysetPage<T>): Record<string, unknown> {
  return {
    totalReturned: page.data.length,
    nextCursor: page.nextCursor,
    hasMore: page.hasMore,
    [name]: page.data,
  };
}

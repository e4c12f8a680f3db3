import { ServiceError } from "@sda/core";
import type { CursorCodec } from "./cursor.ts";

/**
 * Keyset paging of newest-first database listings (monitors, runs, webhook deliveries): the cursor carries the
 * `(at, id)` of the last row served, and the next page reads the rows before it.
 */

/** Keyset page of a newest-first listing. */
export interface KeysetPage<T> {
  data: T[];
  nextCursor: string | null;
  hasMore: boolean;
}

/** The `(at, id)` position a listing cursor carries. @throws ServiceError 400 `invalid_cursor`. */
export function decodeKeysetCursor(cursors: CursorCodec, scope: string, cursor: string | undefined) {
  if (!cursor) return undefined;
  const decoded = cursors.decode<{ at?: unknown; id?: unknown }>(scope, cursor);
  if (
    typeof decoded?.at !== "string" ||
    typeof decoded.id !== "string" ||
    Number.isNaN(Date.parse(decoded.at))
  )
    throw new ServiceError("invalid_cursor", "cursor is not a nextCursor of this listing", {
      details: { param: "cursor" },
    });
  return { at: new Date(decoded.at), id: decoded.id };
}

/** The page of `limit` rows out of `limit + 1` read (the extra one says there is more); `cursorOf` encodes the last. */
export function keysetPage<T>(rows: T[], limit: number, cursorOf: (last: T) => string): KeysetPage<T> {
  const hasMore = rows.length > limit;
  const data = rows.slice(0, limit);
  const last = data.at(-1);
  return { data, hasMore, nextCursor: hasMore && last ? cursorOf(last) : null };
}

import { decodeListCursor, type ListPosition, type OperationContext } from "@sda/contract";

/**
 * The newssite cursors: the core's signed `CursorCodec` payload, bound to the operation (by the codec) and to the
 * query it was issued for (`k`, the identity of the query), checked by `@sda/core`'s `decodeListCursor`, so a
 * tampered cursor or one of another operation, list, item or search is refused with 400 `invalid_cursor`.
 */

/** Encodes `payload` for the context's operation (`ctx.cursors`), bound to the query identity `key`. */
export function encodeCursor(ctx: OperationContext, key: string, payload: object): string {
  return ctx.cursors.encode({ k: key, ...payload });
}

/**
 * Decodes a cursor of the context's operation issued for the query `key`, and checks its payload with `isPayload`.
 * @param what names the query in the error message ("query", "list", "item").
 * @returns the payload, or null when no cursor was given (the first page).
 * @throws ServiceError 400 `invalid_cursor` when the cursor is tampered, of another operation or query, or malformed.
 */
export function decodeCursor<T extends object>(
  ctx: OperationContext,
  key: string,
  cursor: string | undefined,
  isPayload: (value: Record<string, unknown>) => value is Record<string, unknown> & T,
  what: string,
): T | null {
  return decodeListCursor<T>(
    ctx.cursors,
    cursor,
    (payload) => {
      const record = payload as Record<string, unknown>;
      return record.k === key && isPayload(record);
    },
    what,
  );
}

/** True for a non-negative safe integer (offsets, indexes, page numbers in cursors). */
export const isIndex = (value: unknown): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= 0;

/**
 * A page number or list offset as a `fillFromPages` token: `null` for 0 (the list's first request has no token),
 * else the number as a decimal string.
 */
export const tokenOf = (n: number): string | null => (n === 0 ? null : String(n));

/** The number a {@link tokenOf} token stands for (0 for `null`). */
export const numberOf = (token: ListPosition["token"]): number => (token === null ? 0 : Number(token));

import { type OperationContext, ServiceError } from "@sda/core";

/**
 * The newssite cursors: the core's signed `CursorCodec` payload, bound to the operation (by the codec) and to the
 * query it was issued for (`k`, the identity of the query), so a cursor of another list, item or search is refused.
 */

const invalid = (why: string) =>
  new ServiceError("invalid_cursor", `cursor ${why}; start without a cursor`, {
    details: { param: "cursor" },
  });

/** Encodes `payload` for `operationId`, bound to the query identity `key`. */
export function encodeCursor(
  ctx: OperationContext,
  operationId: string,
  key: string,
  payload: object,
): string {
  return ctx.cursors.encode(operationId, { k: key, ...payload });
}

/**
 * Decodes a cursor of `operationId` issued for the query `key`, and checks its payload with `isPayload`.
 * @returns the payload, or null when no cursor was given (the first page).
 * @throws ServiceError 400 `invalid_cursor` when the cursor is tampered, of another operation or query, or malformed.
 */
export function decodeCursor<T extends object>(
  ctx: OperationContext,
  operationId: string,
  key: string,
  cursor: string | undefined,
  isPayload: (value: Record<string, unknown>) => value is Record<string, unknown> & T,
): T | null {
  if (cursor === undefined) return null;
  const payload = ctx.cursors.decode<unknown>(operationId, cursor);
  if (typeof payload !== "object" || payload === null) throw invalid("is malformed");
  const record = payload as Record<string, unknown>;
  if (record.k !== key) throw invalid("belongs to another query");
  if (!isPayload(record)) throw invalid("is malformed");
  return record;
}

/** True for a non-negative safe integer (offsets, indexes, page numbers in cursors). */
export const isIndex = (value: unknown): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= 0;

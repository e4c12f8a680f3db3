import { type CursorCodec, ServiceError } from "@sda/core";

/**
 * Decodes our cursor of a list (see `collectPages`) and checks that it belongs to the list this call asks for, so a
 * cursor of another video, channel, playlist, query or thread is refused instead of silently listing something else.
 * @param belongs true when the decoded payload is for this call's list (its video id, channel, filter…).
 * @param what names the list in the error message ("video", "channel or tab", …).
 * @returns the payload, or null when no cursor was given (the first page).
 * @throws ServiceError 400 `invalid_cursor` when the cursor is tampered, from another operation, or for another list.
 */
export function decodeListCursor<T>(
  cursors: CursorCodec,
  operationId: string,
  cursor: string | undefined,
  belongs: (payload: Partial<T>) => boolean,
  what: string,
): T | null {
  if (!cursor) return null;
  const payload = cursors.decode<Partial<T> | null>(operationId, cursor);
  if (!payload || typeof payload !== "object" || !belongs(payload))
    throw new ServiceError("invalid_cursor", `cursor belongs to another ${what}; start without a cursor`, {
      details: { param: "cursor" },
    });
  return payload as T;
}

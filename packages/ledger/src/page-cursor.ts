import type { CursorCodec } from "@sda/contract";
import { ServiceError } from "@sda/core";
import type { PagePosition } from "./usage.ts";

/**
 * Cursors of the Account group's lists: the `(createdAt, id)` of the last row of a page, signed with the service's
 * {@link CursorCodec} and bound to the list (`listId`) and its filters (`filters`), so a cursor reused with other
 * filters is refused instead of silently skipping rows.
 */
interface PagePayload {
  t: number;
  i: string;
  f: string;
}

/** A `nextCursor` for the page after `position`. */
export function encodePageCursor(
  codec: CursorCodec,
  listId: string,
  position: PagePosition,
  filters: unknown = {},
): string {
  const payload: PagePayload = {
    t: position.createdAt.getTime(),
    i: position.id,
    f: JSON.stringify(filters),
  };
  return codec.encode(listId, payload);
}

/**
 * Reads a cursor made by {@link encodePageCursor}.
 * @throws ServiceError 400 `invalid_cursor` when it is tampered, from another list, or the filters changed.
 */
export function decodePageCursor(
  codec: CursorCodec,
  listId: string,
  cursor: string,
  filters: unknown = {},
): PagePosition {
  const payload = codec.decode<Partial<PagePayload>>(listId, cursor);
  if (
    typeof payload?.t !== "number" ||
    !Number.isFinite(payload.t) ||
    typeof payload.i !== "string" ||
    payload.f !== JSON.stringify(filters)
  )
    throw new ServiceError("invalid_cursor", "this cursor belongs to other filters; start without a cursor", {
      details: { param: "cursor" },
    });
  return { createdAt: new Date(payload.t), id: payload.i };
}

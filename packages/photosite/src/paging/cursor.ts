import { type Collected, decodeListCursor, type ListPosition, type OperationContext } from "@sda/contract";

/**
 * The photosite list cursors: the core's signed cursor payload (`CursorCodec`, bound to the operation) holding the
 * shared pager's position as `{after, skip}` (the platform cursor of the page to read, null for the first page, and
 * the rows of that page already returned) plus the target the list belongs to. The payload is the one photosite
 * issued before it used the shared pager (`fillFromPages`), so cursors handed out earlier still continue.
 */
interface ListCursor {
  /** The platform's cursor of the page to read (`end_cursor`, `max_id`), or null for the first page. */
  after: string | null;
  /** Rows of that page already returned. */
  skip: number;
  /** The target (username, user id, media id, audio id) the cursor was issued for. */
  target: string;
  /** Which upstream path issued it, when an operation has several (e.g. `graphql:<user id>` / `v1:<user id>`). */
  via?: string;
}

/** Where a list call starts: the shared pager's position and the upstream path of the cursor, if it named one. */
export interface ListStart {
  position: ListPosition;
  via: string | undefined;
}

/** True for a payload of this target whose position is well-formed. */
const belongsTo =
  (target: string) =>
  (payload: Partial<ListCursor>): boolean =>
    payload.target === target &&
    (payload.after === null || typeof payload.after === "string") &&
    Number.isInteger(payload.skip) &&
    (payload.skip ?? -1) >= 0;

/**
 * Decodes a `cursor` parameter of the context's operation for `target`.
 * @returns the first page's position when `cursor` is absent.
 * @throws ServiceError 400 `invalid_cursor` when the cursor is tampered, from another operation, or for another target.
 */
export function decodeListStart(
  ctx: Pick<OperationContext, "cursors">,
  cursor: string | undefined,
  target: string,
): ListStart {
  const payload = decodeListCursor<ListCursor>(ctx.cursors, cursor, belongsTo(target), "list");
  if (!payload) return { position: { token: null, index: 0 }, via: undefined };
  return { position: { token: payload.after, index: payload.skip }, via: payload.via };
}

/** The SPEC §2.2 list fields of what the pager read: `totalReturned`, `nextCursor` (our opaque cursor), `hasMore`. */
export function listFields(
  ctx: Pick<OperationContext, "cursors">,
  collected: Collected<unknown>,
  target: string,
  via?: string,
): { totalReturned: number; nextCursor: string | null; hasMore: boolean } {
  const next = collected.next;
  const payload: ListCursor | null = next
    ? { after: next.token, skip: next.index, target, ...(via === undefined ? {} : { via }) }
    : null;
  return {
    totalReturned: collected.items.length,
    nextCursor: payload ? ctx.cursors.encode(payload) : null,
    hasMore: payload !== null,
  };
}

import type { UpstreamPage } from "@sda/contract";
import type { PhotositeContext } from "../client/context.ts";
import { PlatformNotFound } from "../client/failures.ts";
import type { JsonView } from "./json-view.ts";
import { readMedia } from "./media.ts";
import type { Media } from "./model.ts";

/** One page of the platform as it answers it: its rows and its own paging fields, as sent. */
export interface PlatformPage<T> {
  rows: T[];
  /** The platform's cursor of the next page (`page_info.end_cursor`, `paging_info.max_id`), as sent. */
  nextAfter: string | null;
  /** `has_next_page` / `more_available`. */
  hasNext: boolean;
  /** The platform marked this page as served from a cached feed (e.g. a non-final GraphQL answer). */
  stale?: boolean;
}

/**
 * A platform page as the shared pager (`fillFromPages`) reads it: `next` is the platform cursor while the page says
 * there is a next one; the last page's cursor (`"None"` or `""` with `has_next_page: false`, corpus README: stop on
 * `has_next_page`) becomes null.
 */
export function toUpstreamPage<T>(page: PlatformPage<T>): UpstreamPage<T> {
  const next = page.hasNext && page.nextAfter && page.nextAfter !== "None" ? page.nextAfter : null;
  return { items: page.rows, next, ...(page.stale ? { stale: true } : {}) };
}

/**
 * Reads media rows out of a list of items, skipping (and counting in a debug log) items of an unknown kind.
 * @param pick the media object of an item (e.g. `node.media` on the reels tab, `node` on the tagged tab).
 */
export function readMediaRows(
  ctx: Pick<PhotositeContext, "log">,
  items: JsonView[],
  pick: (item: JsonView) => JsonView,
  list: string,
): Media[] {
  const rows: Media[] = [];
  let skipped = 0;
  for (const item of items) {
    const media = readMedia(pick(item));
    if (media) rows.push(media);
    else skipped++;
  }
  if (skipped > 0) ctx.log.debug({ list, skipped }, "photosite items of an unknown kind skipped");
  return rows;
}

/**
 * A Relay connection (`{edges: [{node}], page_info: {end_cursor, has_next_page}}`) as a platform page of media.
 * @throws PlatformNotFound when the connection is absent (the platform answered `null` for the target).
 */
export function connectionPage(
  ctx: Pick<PhotositeContext, "log">,
  connection: JsonView,
  pick: (node: JsonView) => JsonView,
  list: string,
): PlatformPage<Media> {
  if (!connection.isObject()) throw new PlatformNotFound(`${list}: no connection in the answer`);
  return {
    rows: readMediaRows(ctx, connection.edges(), pick, list),
    nextAfter: connection.text("page_info", "end_cursor"),
    hasNext: connection.bool("page_info", "has_next_page") ?? false,
  };
}

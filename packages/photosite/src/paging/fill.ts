import {
  type Collected,
  fillFromPages,
  type ListPosition,
  pageBudget,
  type UpstreamPage,
} from "@sda/contract";
import type { ServiceError } from "@sda/core";
import type { PhotositeContext } from "../client/context.ts";
import { PlatformNotFound } from "../client/failures.ts";
import type { Media } from "../readers/model.ts";

/** How one photosite list call fills `limit` (see {@link fillList}). */
export interface FillList<T> {
  limit: number;
  /** Where the call starts (from `decodeListStart`). */
  start: ListPosition;
  /** Rows per platform page, for the page budget (`pageBudget`). */
  pageSize: number;
  /** Reads the page at a platform cursor (null: the first page), as the shared pager reads it. */
  fetchPage: (after: string | null) => Promise<UpstreamPage<T>>;
  /** The identity of a row (media id, comment id): a row repeated across the pages of one call is dropped. */
  keyOf: (row: T) => string | null;
}

/**
 * Fills `limit` rows from the platform's pages with the shared pager (`fillFromPages` of `@sda/core`): the platform's
 * order kept, a row repeated across pages dropped and a page that did not move ending the list (both mark the result
 * `stale`), at most `pageBudget(limit, pageSize)` pages per call.
 *
 * A retryable failure of a later page, when rows were already read, ends the call early with those rows and a cursor
 * at the failed page (logged). When no row was read yet the failure is thrown, as a failure of the first page is.
 * @throws whatever the first page read throws, a non-retryable error, or a retryable one before any row was read.
 */
async function fillList<T>(ctx: Pick<PhotositeContext, "log">, options: FillList<T>): Promise<Collected<T>> {
  const collected = await fillFromPages(
    options.start,
    options.limit,
    options.fetchPage,
    pageBudget(options.limit, options.pageSize),
    { keyOf: options.keyOf },
  );
  const failure = collected.interruptedBy;
  if (failure) {
    if (collected.items.length === 0) throw failure;
    ctx.log.info(
      { code: failure.code, after: collected.next?.token },
      "photosite page failed; returning rows so far",
    );
  }
  return collected;
}

/**
 * {@link fillList} of one target's list (a profile's posts, reels or tagged posts, a post's comments, a sound's
 * reels): the platform's "no such target" (`PlatformNotFound`: a missing connection, HTTP 404) becomes the
 * operation's 404, `notFound()` (`profile_not_found`, `post_not_found`, `audio_not_found`).
 * @throws ServiceError `notFound()`; what {@link fillList} throws otherwise.
 */
export async function fillTargetList<T>(
  ctx: Pick<PhotositeContext, "log">,
  notFound: () => ServiceError,
  options: FillList<T>,
): Promise<Collected<T>> {
  try {
    return await fillList(ctx, options);
  } catch (error) {
    if (error instanceof PlatformNotFound) throw notFound();
    throw error;
  }
}

/** The de-duplication key of a media row. */
export const mediaKey = (media: Media): string | null => media.id ?? media.shortcode;

import { type Collected, fillFromPages, type UpstreamPage } from "@sda/contract";
import { numberOf, tokenOf } from "./cursor.ts";

/**
 * Pages of a list of ids hydrated in batches (the Firebase story lists: `GET /v0/<list>stories.json`, then one item
 * request per id), filled by `@sda/core`'s `fillFromPages`.
 *
 * One upstream "page" is one batch of ids hydrated; its token is the offset of the batch in the id list (`null` for
 * offset 0). A batch asks for as many ids as the call still needs, so a page is always returned whole and the position
 * is always an offset with index 0. An id whose item is absent (`hydrate` gives null) is skipped and another id is read
 * in its place. Every page reads at least one id, so the page budget is the rest of the id list: a list of absent items
 * is read to its end, never cut short. The id list is read once per call (one snapshot), so an id cannot repeat within
 * a call and no `keyOf` is needed.
 */

/**
 * Reads up to `limit` hydrated items of `ids`, from `offset`.
 * @param hydrate reads the items of a batch of ids, in order (null for an absent one).
 * @returns the collected items; `next.token` is the offset to continue from (see {@link nextOffset}).
 * @throws whatever `hydrate` throws for the first batch, or a non-retryable error of a later one.
 */
export async function fillFromIdList<T>(
  ids: readonly number[],
  offset: number,
  limit: number,
  hydrate: (batch: readonly number[]) => Promise<(T | null)[]>,
): Promise<Collected<T>> {
  const fetchPage = async (token: string | null, wanted: number): Promise<UpstreamPage<T>> => {
    const from = numberOf(token);
    const batch = ids.slice(from, from + wanted);
    const items = (await hydrate(batch)).filter((item): item is T => item !== null);
    const end = from + batch.length;
    return { items, next: end < ids.length ? String(end) : null };
  };
  return fillFromPages(
    { token: tokenOf(offset), index: 0 },
    limit,
    fetchPage,
    Math.max(1, ids.length - offset),
  );
}

/** The id-list offset a {@link fillFromIdList} result continues from, or null at the end of the list. */
export const nextOffset = (collected: Collected<unknown>): number | null =>
  collected.next ? numberOf(collected.next.token) : null;

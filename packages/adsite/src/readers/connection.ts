import { type LibraryAd, readAd } from "./ad.ts";
import { arrayOf, intOf, isObject, type JsonObject, textOf } from "./json-walk.ts";

/** One batch of a search: the ads of a `search_results_connection`, in the order served. */
export interface AdBatch {
  /** The library's own count of matching ads (pages only; the scroll batches have none). */
  count: number | null;
  /** The batch's ads, repeats within the batch dropped (first kept); `position` is 1-based within the batch. */
  ads: LibraryAd[];
  /** `page_info.end_cursor` when `has_next_page` is true, else null (the end). */
  next: string | null;
}

/**
 * Reads a `search_results_connection`: `edges[].node.collated_results[]` in order (each entry one ad), `count` and
 * `page_info`. Positions here are 1-based within the batch; lists renumber them.
 */
export function readConnection(connection: JsonObject | null): AdBatch {
  if (connection === null) return { count: 0, ads: [], next: null };
  const ads: LibraryAd[] = [];
  const seen = new Set<string>();
  for (const edge of arrayOf(connection.edges)) {
    const node = isObject(edge) && isObject(edge.node) ? edge.node : null;
    for (const entry of arrayOf(node?.collated_results)) {
      const ad = readAd(entry, ads.length + 1);
      if (ad === null || seen.has(ad.id)) continue;
      seen.add(ad.id);
      ads.push(ad);
    }
  }
  const info = isObject(connection.page_info) ? connection.page_info : {};
  const cursor = textOf(info.end_cursor);
  return {
    count: intOf(connection.count),
    ads,
    next: info.has_next_page === true && cursor !== null ? cursor : null,
  };
}

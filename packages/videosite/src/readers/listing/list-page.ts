import { continuationItems, type SplitItems, splitContinuation } from "../innertube/continuation.ts";
import { arrayAt, isObject, type JsonObject, objectAt } from "../innertube/json.ts";

/**
 * Where the items of a list answer live. A first page nests them in its page layout (channel tab grid, playlist
 * video list, search section list); a continuation answer appends them through `onResponseReceived…` actions. Both
 * may wrap items in sections (`itemSectionRenderer`, `gridRenderer`, `playlistVideoListRenderer`), which are
 * flattened so the caller sees one list of cards plus the continuation token.
 */

/** The selected tab of a browse answer (`contents.twoColumnBrowseResultsRenderer.tabs[].tabRenderer`). */
export function selectedTab(answer: unknown): JsonObject | undefined {
  const tabs = arrayAt(answer, "contents", "twoColumnBrowseResultsRenderer", "tabs");
  const renderers = tabs.flatMap((tab) => {
    const renderer = objectAt(tab, "tabRenderer") ?? objectAt(tab, "expandableTabRenderer");
    return renderer ? [renderer] : [];
  });
  return (
    renderers.find((renderer) => renderer.selected === true) ?? renderers.find((r) => isObject(r.content))
  );
}

const SECTION_KEYS: readonly (readonly [string, string])[] = [
  ["itemSectionRenderer", "contents"],
  ["sectionListRenderer", "contents"],
  ["gridRenderer", "items"],
  ["playlistVideoListRenderer", "contents"],
  ["richGridRenderer", "contents"],
];

/** Flattens section wrappers into their items (depth-first, order kept). */
export function flattenSections(items: readonly unknown[], depth = 0): unknown[] {
  return items.flatMap((item) => {
    if (depth < 4)
      for (const [key, listKey] of SECTION_KEYS) {
        const section = objectAt(item, key);
        if (section) return flattenSections(arrayAt(section, listKey), depth + 1);
      }
    return [item];
  });
}

/** The raw items of a first page: the selected tab's grid or list, or the search results' section list. */
function firstPageItems(answer: unknown): unknown[] {
  const tab = selectedTab(answer);
  if (tab) return flattenSections([objectAt(tab, "content")]);
  const search = objectAt(answer, "contents", "twoColumnSearchResultsRenderer", "primaryContents");
  if (search) return flattenSections([search]);
  return [];
}

/**
 * The items and next continuation of any list answer (first page or continuation).
 * @returns items without wrappers and without the continuation item; `next` null at the end of the list.
 */
export function readListPage(answer: unknown): SplitItems {
  const appended = continuationItems(answer);
  const raw = appended.length > 0 ? flattenSections(appended) : firstPageItems(answer);
  return splitContinuation(raw);
}

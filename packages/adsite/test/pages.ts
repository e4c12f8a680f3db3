import { load } from "cheerio";
import { findKey } from "../src/readers/json-walk.ts";
import { recordedBody } from "./corpus.ts";

/**
 * Library pages built for tests from recorded ads: the recorded shell (title and `AdLibraryFoundationRoot.react`
 * module) and one results block marked `_synthetic`, for answers no recording has (a monitor's list as it reads on a
 * later run). Served as replay faults.
 */

type Entry = Record<string, unknown>;

/** The `collated_results` entries of a recorded page, in order (deep copies). */
export function recordedEntries(caseId: string): Entry[] {
  const $ = load(recordedBody(caseId));
  const entries: Entry[] = [];
  $('script[type="application/json"]').each((_, element) => {
    const connection = findKey(JSON.parse($(element).text()), "search_results_connection") as
      | { edges: { node: { collated_results: Entry[] } }[] }
      | undefined;
    for (const edge of connection?.edges ?? []) entries.push(...edge.node.collated_results);
  });
  return structuredClone(entries);
}

/** A library page (HTML, as the library serves it with 403) holding `entries`, marked `_synthetic`. */
export function syntheticPage(entries: readonly Entry[], count = entries.length): string {
  const connection = {
    count,
    edges: [{ node: { collated_results: entries, __typename: "CollatedSearchResults" }, cursor: null }],
    page_info: { end_cursor: "", has_next_page: false },
  };
  const block = {
    _synthetic: true,
    require: [
      [[{ __bbox: { result: { data: { ad_library_main: { search_results_connection: connection } } } } }]],
    ],
  };
  const shell = {
    require: [
      ["ScheduledServerJS", "handle", null, [{ __bbox: { define: [["AdLibraryFoundationRoot.react"]] } }]],
    ],
  };
  return [
    "<!DOCTYPE html><html><head><title>Ad Library</title></head><body>",
    `<script type="application/json" data-sjs>${JSON.stringify(shell)}</script>`,
    `<script type="application/json" data-sjs>${JSON.stringify(block)}</script>`,
    "</body></html>",
  ].join("\n");
}

/** A copy of a recorded entry with `changes` over its keys (and `snapshot` keys under `snapshot`). */
export function withChanges(entry: Entry, changes: Entry, snapshot: Entry = {}): Entry {
  const copy = structuredClone(entry);
  Object.assign(copy, changes);
  copy.snapshot = { ...(copy.snapshot as Entry), ...snapshot };
  return copy;
}

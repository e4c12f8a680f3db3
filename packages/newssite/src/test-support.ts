import { entryBody, type HarEntry, type ReplayServer, recordedCase } from "@sda/replay";

/**
 * Test support (imported by `*.test.ts` only): the recorded newssite cases read straight from the HAR files, and
 * Firebase's `null` answer as a replay fault. Handler tests use `replayTest` of `@sda/testing/fixtures`.
 */

/** The entries of a newssite case. */
export function newsEntries(caseId: string): HarEntry[] {
  return recordedCase("newssite", caseId);
}

/** The recorded answer of entry `index` of a case, parsed as JSON. */
export function recordedJson(caseId: string, index = 0): unknown {
  const entry = newsEntries(caseId)[index];
  if (!entry) throw new Error(`${caseId} has no entry ${index}`);
  return JSON.parse(entryBody(entry).toString("utf8"));
}

/** Firebase's answer for a missing item or user (HTTP 200, body `null`, as recorded in item-not-found-null). */
export function answerNullAt(replay: ReplayServer, path: string): () => void {
  return replay.addFault({
    when: (r) => r.path === path,
    status: 200,
    body: "null",
    headers: { "content-type": "application/json" },
  });
}

import { entryBody, type HarEntry, recordedCase } from "@sda/replay";

/**
 * Test support (imported by `*.test.ts` only): the recorded forumsite cases, read straight from the HAR files so the
 * readers are tested on the platform's real answers.
 */

/** The entries of a forumsite case. */
export function forumEntries(caseId: string): HarEntry[] {
  return recordedCase("forumsite", caseId);
}

/** The recorded answer of entry `index` of a case, parsed as JSON (as the platform sent it, escaping included). */
export function recordedJson(caseId: string, index = 0): unknown {
  const entry = forumEntries(caseId)[index];
  if (!entry) throw new Error(`${caseId} has no entry ${index}`);
  return JSON.parse(entryBody(entry).toString("utf8"));
}

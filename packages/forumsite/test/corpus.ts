import { type HarEntry, recordedCase, recordedJson as recordedJsonOf } from "@sda/replay";

/**
 * Test support (imported by `*.test.ts` only): the recorded forumsite cases, read straight from the HAR files so the
 * readers are tested on the platform's real answers.
 */

/** The entries of a forumsite case. */
export const forumEntries = (caseId: string): HarEntry[] => recordedCase("forumsite", caseId);

/** The recorded answer of entry `index` of a case, parsed as JSON (as the platform sent it, escaping included). */
export const recordedJson = (caseId: string, index = 0): unknown =>
  recordedJsonOf("forumsite", caseId, index);

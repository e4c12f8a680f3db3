import { entryBody, type HarEntry, recordedCase } from "@sda/replay";

/**
 * Test support (imported by `*.test.ts` only): the recorded photosite cases straight from the HAR files, so the
 * readers are tested on the real recorded bodies.
 */

/** The entries of one photosite case (`web_profile_info-nasa-business`, `reels-anasaiaofficial`, …). */
export function caseEntries(caseId: string): HarEntry[] {
  return recordedCase("photosite", caseId);
}

/** The body of entry `index` of a case, as text. */
export function caseText(caseId: string, index = 0): string {
  const entry = caseEntries(caseId)[index];
  if (!entry) throw new Error(`${caseId} has no entry ${index}`);
  return entryBody(entry).toString("utf8");
}

/** The body of entry `index` of a case, parsed as JSON. */
export function caseJson(caseId: string, index = 0): unknown {
  return JSON.parse(caseText(caseId, index));
}

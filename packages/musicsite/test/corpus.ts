import { entryBody, type HarEntry, recordedCase } from "@sda/replay";

/** The recorded musicsite cases read straight from the HAR files, so the readers are tested on the real answers. */

/** The entries of a musicsite case. */
export const musicEntries = (caseId: string): HarEntry[] => recordedCase("musicsite", caseId);

/** The recorded body of entry `index` of a case, as text. */
export function recordedText(caseId: string, index = 0): string {
  const entry = musicEntries(caseId)[index];
  if (!entry) throw new Error(`musicsite case ${caseId} has no entry ${index}`);
  return entryBody(entry).toString("utf8");
}

/** The recorded body of entry `index` of a case, parsed as JSON. */
export const recordedJson = (caseId: string, index = 0): unknown => JSON.parse(recordedText(caseId, index));

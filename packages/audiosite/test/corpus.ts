import { type HarEntry, recordedCase, recordedJson as recordedJsonOf } from "@sda/replay";

/** The recorded audiosite cases read straight from the HAR files, so the readers are tested on the real answers. */

/** The entries of an audiosite case. */
export const audioEntries = (caseId: string): HarEntry[] => recordedCase("audiosite", caseId);

/** The recorded answer of entry `index` of a case, parsed as JSON. */
export const recordedJson = (caseId: string, index = 0): unknown =>
  recordedJsonOf("audiosite", caseId, index);

/** The recorded body of entry `index` of a case, as text. */
export function recordedText(caseId: string, index = 0): string {
  const entry = audioEntries(caseId)[index];
  if (!entry) throw new Error(`audiosite/${caseId} has no entry ${index}`);
  return entry.response.content.text ?? "";
}

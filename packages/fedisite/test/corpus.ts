import { type HarEntry, recordedCase, recordedJson as recordedJsonOf } from "@sda/replay";

/** The recorded fedisite cases read straight from the HAR files, so the readers are tested on the real answers. */

/** The entries of a fedisite case. */
export const fediEntries = (caseId: string): HarEntry[] => recordedCase("fedisite", caseId);

/** The recorded answer of entry `index` of a case, parsed as JSON. */
export const recordedJson = (caseId: string, index = 0): unknown => recordedJsonOf("fedisite", caseId, index);

/** The recorded response header `name` of entry `index` of a case (lower-case name), or undefined. */
export function recordedHeader(caseId: string, index: number, name: string): string | undefined {
  return fediEntries(caseId)[index]?.response.headers.find((h) => h.name.toLowerCase() === name)?.value;
}

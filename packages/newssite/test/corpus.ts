import { type HarEntry, recordedCase, recordedJson as recordedJsonOf } from "@sda/replay";

/** The recorded newssite cases read straight from the HAR files, so the readers are tested on the real answers. */

/** The entries of a newssite case. */
export const newsEntries = (caseId: string): HarEntry[] => recordedCase("newssite", caseId);

/** The recorded answer of entry `index` of a case, parsed as JSON. */
export const recordedJson = (caseId: string, index = 0): unknown => recordedJsonOf("newssite", caseId, index);

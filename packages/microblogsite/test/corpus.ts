import { recordedJson as recordedJsonOf } from "@sda/replay";

/** The recorded microblogsite cases read straight from the HAR files, so the readers are tested on the real answers. */

/** The recorded answer of entry `index` of a case, parsed as JSON. */
export const recordedAnswer = (caseId: string, index = 0): unknown =>
  recordedJsonOf("microblogsite", caseId, index);

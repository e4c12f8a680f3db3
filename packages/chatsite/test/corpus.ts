import { entryBody, recordedCase } from "@sda/replay";

/** The recorded chatsite pages read straight from the HAR files, so the readers are tested on the real answers. */

/** The body of entry `index` of a chatsite case, as text (every chatsite answer is HTML). */
export function recordedHtml(caseId: string, index = 0): string {
  const entry = recordedCase("chatsite", caseId)[index];
  if (!entry) throw new Error(`chatsite case ${caseId} has no entry ${index}`);
  return entryBody(entry).toString("utf8");
}

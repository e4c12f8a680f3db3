import { readFileSync } from "node:fs";
import path from "node:path";
import { recordedCase } from "@sda/replay";

/**
 * The adsite cases read straight from the HAR files: the recorded corpus (`recordedCase`), and the package's own
 * test-only cases in `test/synthetic/` (every entry marked `_synthetic`), so the readers are tested on the real
 * answers and, where the recordings cannot show a case, on marked synthetic ones.
 */

/** The folder of the synthetic cases (served by the replay beside the corpus: `replayDirs`). */
export const SYNTHETIC_DIR = path.join(import.meta.dirname, "synthetic");

/** The recorded body of entry `index` of a corpus case, as text. */
export function recordedBody(caseId: string, index = 0): string {
  const entry = recordedCase("adsite", caseId)[index];
  const text = entry?.response.content.text;
  if (typeof text !== "string") throw new Error(`adsite case ${caseId} has no entry ${index} with a body`);
  return text;
}

interface SyntheticEntry {
  _synthetic: boolean;
  response: { content: { text: string } };
}

/** The body of entry `index` of a synthetic case (`test/synthetic/<caseId>.har`); throws unless it is `_synthetic`. */
export function syntheticBody(caseId: string, index = 0): string {
  const har = JSON.parse(readFileSync(path.join(SYNTHETIC_DIR, `${caseId}.har`), "utf8")) as {
    log: { entries: SyntheticEntry[] };
  };
  const entry = har.log.entries[index];
  if (!entry?._synthetic) throw new Error(`${caseId} #${index} is not a synthetic entry`);
  return entry.response.content.text;
}

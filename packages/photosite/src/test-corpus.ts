import { readFileSync } from "node:fs";
import path from "node:path";
import { defaultCorpusDir, entryBody, type HarEntry } from "@sda/replay";

/**
 * Test support (imported by `*.test.ts` only): the recorded photosite cases straight from the HAR files, so the
 * readers are tested on the real recorded bodies.
 */

const cache = new Map<string, HarEntry[]>();

/** The entries of one photosite case (`web_profile_info-nasa-business`, `reels-anasaiaofficial`, …). */
export function caseEntries(caseId: string): HarEntry[] {
  let entries = cache.get(caseId);
  if (!entries) {
    const file = path.join(defaultCorpusDir(process.env.CORPUS_DIR), "photosite", `${caseId}.har`);
    entries = (JSON.parse(readFileSync(file, "utf8")) as { log: { entries: HarEntry[] } }).log.entries;
    cache.set(caseId, entries);
  }
  return entries;
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

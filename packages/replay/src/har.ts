import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { findUpwards, rawEnv } from "@sda/core";

/** The `_match` of a corpus entry (corpus README §2). Null values mean "must be absent". */
export interface MatchSpec {
  method: string;
  path: string;
  /**
   * The host the request must be sent to (lower case, as requested): set only where the host names the resource
   * (musicsite artist hosts, corpus README §2 rule 2); absent, the host is not compared.
   */
  host?: string;
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
}

/** One HAR entry as the corpus stores it (only the fields the replay and the tests read). */
export interface HarEntry {
  _match: MatchSpec;
  _synthetic?: boolean;
  _source?: string;
  _recordedAt?: string | null;
  startedDateTime?: string;
  request: { method: string; url: string; postData?: { mimeType?: string; text?: string } };
  response: {
    status: number;
    statusText?: string;
    headers: { name: string; value: string }[];
    content: { mimeType?: string; text?: string; encoding?: string; size?: number };
    redirectURL?: string;
  };
}

/** A corpus entry with the case and platform it belongs to. */
export interface CorpusEntry {
  platform: string;
  caseId: string;
  file: string;
  index: number;
  entry: HarEntry;
}

/** A loaded case file (`log` of the HAR plus its entries). */
interface CorpusCase {
  platform: string;
  caseId: string;
  file: string;
  log: Record<string, unknown> & { entries: HarEntry[] };
}

/**
 * Finds the recorded corpus: `CORPUS_DIR` when given, else `../shared/corpus` beside the repository, else
 * `/work/shared/corpus`.
 * @throws Error when none exists.
 */
export function defaultCorpusDir(explicit?: string): string {
  const candidates = [
    explicit,
    findUpwards(import.meta.url, "../shared/corpus"),
    "/work/shared/corpus",
  ].filter((c): c is string => Boolean(c));
  for (const candidate of candidates) if (existsSync(candidate)) return candidate;
  throw new Error(
    `recorded corpus not found (tried ${candidates.join(", ")}); set CORPUS_DIR or REPLAY_DIRS`,
  );
}

/**
 * Lists the case files under a corpus directory: either a corpus root (with platform folders) or one platform folder.
 * The platform is the folder name, or `log._case.platform` when given.
 */
export function loadCases(dir: string): CorpusCase[] {
  const cases: CorpusCase[] = [];
  const walk = (current: string) => {
    for (const name of readdirSync(current).sort()) {
      const full = path.join(current, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith(".har")) {
        const log = JSON.parse(readFileSync(full, "utf8")).log as CorpusCase["log"];
        const declared = (log._case as { platform?: string } | undefined)?.platform;
        cases.push({
          platform: declared ?? path.basename(path.dirname(full)),
          caseId: name.slice(0, -4),
          file: full,
          log,
        });
      }
    }
  };
  walk(dir);
  return cases;
}

/** Every entry of every case under the given directories. */
export function loadEntries(dirs: readonly string[]): CorpusEntry[] {
  return dirs.flatMap((dir) =>
    loadCases(dir).flatMap((c) =>
      c.log.entries.map((entry, index) => ({
        platform: c.platform,
        caseId: c.caseId,
        file: c.file,
        index,
        entry,
      })),
    ),
  );
}

/** The decoded body of a recorded response (base64 bodies decoded to bytes). */
export function entryBody(entry: HarEntry): Buffer {
  const { text = "", encoding } = entry.response.content;
  return encoding === "base64" ? Buffer.from(text, "base64") : Buffer.from(text, "utf8");
}

const recordedCases = new Map<string, HarEntry[]>();

/**
 * The entries of one recorded case of the corpus (`CORPUS_DIR` or the default corpus), read once and cached: how the
 * platform packages' reader tests get the real recorded bodies.
 * @param platform the platform folder (a catalog platform's name).
 * @param caseId the case file name without `.har` (e.g. `video-M4gD1WSo5mA`).
 * @throws Error when the case file does not exist.
 */
export function recordedCase(platform: string, caseId: string): HarEntry[] {
  const key = `${platform}/${caseId}`;
  let entries = recordedCases.get(key);
  if (!entries) {
    const file = path.join(defaultCorpusDir(rawEnv().CORPUS_DIR), platform, `${caseId}.har`);
    if (!existsSync(file)) throw new Error(`no ${platform} case ${caseId} in the corpus`);
    entries = (JSON.parse(readFileSync(file, "utf8")) as { log: { entries: HarEntry[] } }).log.entries;
    recordedCases.set(key, entries);
  }
  return entries;
}

/**
 * The recorded answer of entry `index` of a case ({@link recordedCase}), parsed as JSON, as the platform sent it.
 * @throws Error when the case or the entry does not exist, or the body is not JSON.
 */
export function recordedJson(platform: string, caseId: string, index = 0): unknown {
  const entry = recordedCase(platform, caseId)[index];
  if (!entry) throw new Error(`${platform} case ${caseId} has no entry ${index}`);
  return JSON.parse(entryBody(entry).toString("utf8"));
}

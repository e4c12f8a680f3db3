import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { MatchSpec } from "@sda/replay";

/** One synthetic answer: what it matches (corpus README §2) and what it answers. */
export interface SyntheticAnswer {
  /** The `_match` of the entry (identity fields only; `null` values must be absent). */
  match: MatchSpec;
  status: number;
  /** The body as text (JSON as its string, HTML, an Atom feed). */
  body: string;
  /** `Content-Type` of the answer (default `application/json; charset=utf-8`). */
  mimeType?: string;
  headers?: Record<string, string>;
}

/**
 * Writes a test-only replay case (a new temp dir, never the corpus) in the corpus README's HAR format: every entry
 * marked `_synthetic: true` with `_syntheticWhy`, so no test ever mistakes it for a recording.
 * @returns the corpus root to pass to `startReplay([...dirs])` / `startStack({ replayDirs })` (one platform folder).
 */
export async function writeSyntheticCase(options: {
  platform: string;
  caseId: string;
  why: string;
  answers: readonly SyntheticAnswer[];
  /** Write into this directory instead of a new temp dir (several cases in one root). */
  dir?: string;
}): Promise<string> {
  const dir = options.dir ?? (await mkdtemp(path.join(tmpdir(), "synthetic-case-")));
  const entries = options.answers.map((answer) => {
    const mimeType = answer.mimeType ?? "application/json; charset=utf-8";
    return {
      startedDateTime: new Date(0).toISOString(),
      time: 0,
      request: {
        method: answer.match.method,
        url: answer.match.path,
        httpVersion: "HTTP/1.1",
        headers: [],
        queryString: [],
        cookies: [],
        headersSize: -1,
        bodySize: -1,
      },
      response: {
        status: answer.status,
        statusText: "",
        httpVersion: "HTTP/1.1",
        headers: [
          { name: "Content-Type", value: mimeType },
          ...Object.entries(answer.headers ?? {}).map(([name, value]) => ({ name, value })),
        ],
        cookies: [],
        content: { size: Buffer.byteLength(answer.body), mimeType, text: answer.body },
        redirectURL: "",
        headersSize: -1,
        bodySize: -1,
      },
      cache: {},
      timings: { send: 0, wait: 0, receive: 0 },
      _match: answer.match,
      _source: `synthetic (${options.caseId})`,
      _recordedAt: null,
      _synthetic: true,
      _syntheticWhy: options.why,
    };
  });
  const log = {
    version: "1.2",
    creator: { name: "sda-tests", version: "1.0" },
    comment: options.why,
    _case: { id: options.caseId, platform: options.platform, covers: options.why },
    entries,
  };
  await mkdir(path.join(dir, options.platform), { recursive: true });
  await writeFile(path.join(dir, options.platform, `${options.caseId}.har`), JSON.stringify({ log }));
  return dir;
}

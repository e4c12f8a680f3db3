import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

/** One answer of a synthetic case: what it matches (corpus README §2) and what it answers. */
export interface SyntheticAnswer {
  match: {
    method: "GET" | "POST";
    path: string;
    query?: Record<string, string | null>;
    body?: Record<string, unknown>;
  };
  status?: number;
  /** A JSON body (serialised), or `text` as is. */
  json?: unknown;
  text?: string;
  mimeType?: string;
}

/**
 * Test support (imported by `*.test.ts` only): writes a videosite case of made-up answers in a new temp dir (never in
 * the corpus), each entry marked `_synthetic` with `why`, for `startReplay([corpus, dir])`.
 * @returns the corpus root to add to the replay's dirs.
 */
export async function writeSyntheticCase(
  caseId: string,
  why: string,
  answers: readonly SyntheticAnswer[],
): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "videosite-synthetic-"));
  const entries = answers.map((a) => {
    const text = a.text ?? JSON.stringify(a.json ?? {});
    const mimeType = a.mimeType ?? (a.text === undefined ? "application/json" : "text/plain");
    return {
      startedDateTime: new Date(0).toISOString(),
      time: 0,
      request: {
        method: a.match.method,
        url: a.match.path,
        httpVersion: "HTTP/1.1",
        headers: [],
        queryString: [],
        cookies: [],
      },
      response: {
        status: a.status ?? 200,
        statusText: "",
        httpVersion: "HTTP/1.1",
        headers: [{ name: "Content-Type", value: mimeType }],
        cookies: [],
        content: { size: text.length, mimeType, text },
        redirectURL: "",
      },
      cache: {},
      timings: { send: 0, wait: 0, receive: 0 },
      _match: a.match,
      _source: `synthetic (${why})`,
      _synthetic: true,
      _syntheticWhy: why,
    };
  });
  const log = {
    version: "1.2",
    creator: { name: "sda-tests", version: "1.0" },
    _case: { id: caseId, platform: "videosite", covers: why },
    entries,
  };
  await mkdir(path.join(dir, "videosite"), { recursive: true });
  await writeFile(path.join(dir, "videosite", `${caseId}.har`), JSON.stringify({ log }));
  return dir;
}

/** A minimal playable player answer with one English caption track at `captionUrl` (made up, for synthetic cases). */
export function syntheticPlayer(videoId: string, captionUrl?: string): unknown {
  return {
    playabilityStatus: { status: "OK" },
    videoDetails: {
      videoId,
      title: `Synthetic ${videoId}`,
      lengthSeconds: "60",
      author: "Synthetic",
      channelId: "UCsynthetic00000000000",
    },
    ...(captionUrl
      ? {
          captions: {
            playerCaptionsTracklistRenderer: {
              captionTracks: [
                {
                  baseUrl: captionUrl,
                  name: { runs: [{ text: "English" }] },
                  vssId: ".en",
                  languageCode: "en",
                  isTranslatable: true,
                },
              ],
              audioTracks: [{ captionTrackIndices: [0], defaultCaptionTrackIndex: 0 }],
              translationLanguages: [],
            },
          },
        }
      : {}),
  };
}

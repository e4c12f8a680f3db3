import { entryBody, type HarEntry, recordedCase } from "@sda/replay";

/**
 * Test support (imported by `*.test.ts` only): reads recorded videosite cases straight from the HAR files, so the
 * readers and parsers are tested on the real recorded bodies.
 */

/** The entries of one videosite case (`video-M4gD1WSo5mA`, `placeholder-blocked-pages`, …). */
export function caseEntries(caseId: string): HarEntry[] {
  return recordedCase("videosite", caseId);
}

/** The one entry of a case whose `_match` satisfies `predicate`. @throws Error when none or several match. */
export function caseEntry(caseId: string, predicate: (match: HarEntry["_match"]) => boolean): HarEntry {
  const found = caseEntries(caseId).filter((entry) => predicate(entry._match));
  if (found.length !== 1) throw new Error(`${caseId}: ${found.length} entries match`);
  return found[0] as HarEntry;
}

/** The recorded body as text. */
export function bodyText(entry: HarEntry): string {
  return entryBody(entry).toString("utf8");
}

/** The recorded body parsed as JSON. */
export function bodyJson(entry: HarEntry): unknown {
  return JSON.parse(bodyText(entry));
}

const body = (match: HarEntry["_match"]) => match.body ?? {};

/** The player answer matched on `{videoId}` alone (the most complete one: ANDROID where recorded). */
export function recordedPlayer(caseId: string): unknown {
  return bodyJson(
    caseEntry(
      caseId,
      (m) => m.path === "/youtubei/v1/player" && body(m)["context.client.clientName"] === undefined,
    ),
  );
}

/** The player answer of another client (`WEB` for the `$fields=microformat` request, `VISIONOS`). */
export function recordedClientPlayer(caseId: string, clientName: string): unknown {
  return bodyJson(
    caseEntry(
      caseId,
      (m) => m.path === "/youtubei/v1/player" && body(m)["context.client.clientName"] === clientName,
    ),
  );
}

/** The `/next` answer without continuation. */
export function recordedNext(caseId: string): unknown {
  return bodyJson(caseEntry(caseId, (m) => m.path === "/youtubei/v1/next" && body(m).continuation === null));
}

/** The watch page HTML (of video `v` when the case holds several pages). */
export function recordedWatchPage(caseId: string, v?: string): string {
  return bodyText(caseEntry(caseId, (m) => m.path === "/watch" && (v === undefined || m.query?.v === v)));
}

/** A `/api/timedtext` body: `kind` "asr" or null, `fmt` "json3" | "srv3" | null (classic), `tlang` or null. */
export function recordedTimedtext(
  caseId: string,
  query: { lang: string; kind?: string | null; fmt?: string | null; tlang?: string | null },
): string {
  return bodyText(
    caseEntry(caseId, (m) => {
      const q = m.query ?? {};
      return (
        m.path === "/api/timedtext" &&
        q.lang === query.lang &&
        q.kind === (query.kind ?? null) &&
        q.fmt === (query.fmt ?? null) &&
        q.tlang === (query.tlang ?? null)
      );
    }),
  );
}

/** The recorded response's `Date` header (the reference of its relative labels). @throws Error when absent. */
export function recordedDate(entry: HarEntry): Date {
  const header = entry.response.headers.find((h) => h.name.toLowerCase() === "date");
  if (!header) throw new Error("entry has no Date header");
  return new Date(header.value);
}

/** The entries of a case in recording order, with their parsed JSON bodies and `Date`s. */
export function recordedAnswers(caseId: string): { entry: HarEntry; json: unknown; date: Date }[] {
  return caseEntries(caseId).map((entry) => ({ entry, json: bodyJson(entry), date: recordedDate(entry) }));
}

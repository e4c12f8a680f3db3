import type { HarEntry } from "@sda/replay";
import { describe, expect, it } from "vitest";
import { bodyText, caseEntries, recordedTimedtext } from "../../../test/corpus.ts";
import { parseClassic } from "./classic.ts";
import { parseJson3 } from "./json3.ts";
import { joinSegments, type Segment, toSegments } from "./segments.ts";
import { parseSrv3 } from "./srv3.ts";

/** Every recorded caption track (corpus README §5.1): case, lang, kind, tlang. */
const CASES_WITH_BODIES = [
  "video-M4gD1WSo5mA",
  "video-kX3nB4PpJko",
  "video-rCAS2eD-mcw",
  "video-7PIMiDcwNvc",
  "video-ud9d5cMDP_0",
];

interface TrackKey {
  caseId: string;
  lang: string;
  kind: string | null;
  tlang: string | null;
}

function recordedTracks(): TrackKey[] {
  const keys = new Map<string, TrackKey>();
  for (const caseId of CASES_WITH_BODIES)
    for (const entry of caseEntries(caseId) as HarEntry[]) {
      const q = entry._match.query;
      if (entry._match.path !== "/api/timedtext" || !q) continue;
      const key = {
        caseId,
        lang: String(q.lang),
        kind: (q.kind as string) ?? null,
        tlang: (q.tlang as string) ?? null,
      };
      keys.set(JSON.stringify(key), key);
    }
  return [...keys.values()];
}

const segmentsOf = (parse: (body: string) => ReturnType<typeof parseJson3>, body: string): Segment[] => {
  const cues = parse(body);
  if (cues === null) throw new Error("unusable body");
  return toSegments(cues);
};

describe("caption body parsers on every recorded track", () => {
  const tracks = recordedTracks();

  it("finds the 37 recorded tracks", () => {
    // M4gD1WSo5mA: en, en asr, en→de; kX3nB4PpJko: 19; rCAS2eD-mcw: 13; 7PIMiDcwNvc: en asr; ud9d5cMDP_0: de.
    expect(tracks).toHaveLength(3 + 19 + 13 + 1 + 1);
  });

  it.each(
    tracks.map((t) => [`${t.caseId} ${t.lang}${t.kind ? "/asr" : ""}${t.tlang ? `→${t.tlang}` : ""}`, t]),
  )("json3, srv3 and classic give the same clean segments: %s", (_name, track) => {
    const { caseId, lang, kind, tlang } = track as TrackKey;
    const json3 = segmentsOf(parseJson3, recordedTimedtext(caseId, { lang, kind, tlang, fmt: "json3" }));
    const srv3 = segmentsOf(parseSrv3, recordedTimedtext(caseId, { lang, kind, tlang, fmt: "srv3" }));
    const classic = segmentsOf(parseClassic, recordedTimedtext(caseId, { lang, kind, tlang, fmt: null }));
    // README §5.1: 20–29 cues per track, identical text and timing across the three formats.
    expect(json3.length).toBeGreaterThanOrEqual(20);
    expect(json3.length).toBeLessThanOrEqual(29);
    expect(srv3).toEqual(json3);
    expect(classic).toEqual(json3);
    for (const segment of json3) {
      expect(Number.isInteger(segment.startMs) && Number.isInteger(segment.endMs)).toBe(true);
      expect(segment.endMs).toBeGreaterThan(segment.startMs);
      expect(segment.text).toBe(segment.text.trim());
      expect(segment.text).not.toMatch(/\s{2}|\n|&(amp|quot|#39|lt|gt);/);
    }
  });
});

describe("json3", () => {
  const body = recordedTimedtext("video-7PIMiDcwNvc", { lang: "en", kind: "asr", fmt: "json3" });

  it("skips the window event and the newline append events, and joins word segments", () => {
    const raw = JSON.parse(body) as { events: { segs?: unknown[]; aAppend?: number }[] };
    const withText = raw.events.filter((e) => e.segs && !e.aAppend).length;
    const segments = segmentsOf(parseJson3, body);
    expect(segments).toHaveLength(withText);
    expect(segments[0]).toEqual({ text: "[Music]", startMs: 200, endMs: 2430 });
    expect(segments[1]).toEqual({ text: "welcome everyone we are so happy", startMs: 23950, endMs: 26780 });
  });

  it("answers null for a body that is not json3", () => {
    expect(parseJson3("<transcript/>")).toBeNull();
    expect(parseJson3('{"wireMagic":"pb3"}')).toBeNull();
  });
});

describe("srv3", () => {
  it("reads manual cues with line breaks as one line", () => {
    const body = recordedTimedtext("video-M4gD1WSo5mA", { lang: "en", fmt: "srv3", tlang: "de" });
    const segments = segmentsOf(parseSrv3, body);
    expect(segments[1]).toEqual({
      text: "die das Urheberrecht vor besondere Probleme stellen.",
      startMs: 3960,
      endMs: 5940,
    });
    // `&amp;` is escaped once in srv3.
    expect(joinSegments(segments)).toContain("einfache Abläufe & Gesellschaftstänze");
  });

  it("answers null for a body of another format", () => {
    expect(parseSrv3(recordedTimedtext("video-M4gD1WSo5mA", { lang: "en" }))).toBeNull();
    expect(parseSrv3("not xml")).toBeNull();
  });
});

describe("classic", () => {
  it("decodes the double escaping (&amp;#39; → ')", () => {
    const body = recordedTimedtext("video-M4gD1WSo5mA", { lang: "en", kind: "asr" });
    expect(body).toContain("it&amp;#39;s no longer protected");
    const text = joinSegments(segmentsOf(parseClassic, body));
    expect(text).toContain("that it's no longer protected");
    expect(text).toContain("choreography wasn't expressly protected");
  });

  it("converts decimal seconds to integer milliseconds", () => {
    const body = recordedTimedtext("video-M4gD1WSo5mA", { lang: "en", kind: "asr" });
    expect(segmentsOf(parseClassic, body)[0]).toEqual({
      text: "in this segment we turn to two kinds of works",
      startMs: 290,
      endMs: 2120,
    });
  });

  it("answers null for a body of another format", () => {
    expect(parseClassic(recordedTimedtext("video-M4gD1WSo5mA", { lang: "en", fmt: "srv3" }))).toBeNull();
  });
});

describe("toSegments", () => {
  it("ends a cue without duration at the next cue, or after the minimum", () => {
    expect(
      toSegments([
        { startMs: 0, durationMs: null, text: "a" },
        { startMs: 1500, durationMs: 0, text: " b\n" },
        { startMs: 1500.4, durationMs: 0, text: "" },
      ]),
    ).toEqual([
      { text: "a", startMs: 0, endMs: 1500 },
      { text: "b", startMs: 1500, endMs: 2500 },
    ]);
  });

  it("orders cues by start and keeps every recorded body untouched otherwise", () => {
    const body = bodyText(
      caseEntries("video-ud9d5cMDP_0").find((e) => e._match.query?.fmt === "json3") as HarEntry,
    );
    const segments = segmentsOf(parseJson3, body);
    expect(segments.map((s) => s.startMs)).toEqual([...segments.map((s) => s.startMs)].sort((a, b) => a - b));
    expect(segments[0]?.text).toBe("Vitamin D ist wahrscheinlich das beliebteste");
  });
});

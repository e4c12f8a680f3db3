import { collapseWhitespace } from "@sda/text";
import { z } from "zod";
import { languageCodeOf } from "./language-names.ts";
import type { AsrTranscription, SpeechSegment } from "./provider.ts";

/** Length given to a segment that ends where it starts and has no later segment to end at, ms. */
const MIN_SEGMENT_MS = 1000;

const finite = z.number().refine(Number.isFinite);

/** One `segments[]` item of a `verbose_json` answer; the other fields (tokens, avg_logprob, …) are ignored. */
const segmentSchema = z.object({ start: finite, end: finite, text: z.string() });

/**
 * The `verbose_json` answer of `POST /audio/transcriptions` (OpenAI's format, which compatible servers copy):
 * `{ task, language, duration, text, segments: [{ id, seek, start, end, text, tokens, … }], words? }`, times in
 * seconds. Only `text` is required; `segments` items are read one by one.
 */
const verboseJsonSchema = z.object({
  text: z.string(),
  language: z.string().nullish(),
  duration: z.union([finite, z.string()]).nullish(),
  segments: z.array(z.unknown()).nullish(),
});

/** The answer could not be read as `verbose_json`. */
export class VerboseJsonError extends Error {
  override name = "VerboseJsonError";
}

/**
 * Reads a `verbose_json` transcription answer.
 * - `language`: a name ("english") or a code, as a BCP-47 code (null when unknown);
 * - `segments`: seconds → integer ms, text whitespace-normalised, empty or malformed items skipped (counted in
 *   `skipped`), ordered by start; an end not after its start becomes the next segment's start, else start + 1 s;
 * - no usable segment but some text: one segment spanning the measured duration.
 * @throws VerboseJsonError when the body has no `text` string.
 */
export function readVerboseJson(body: unknown): AsrTranscription & { skipped: number } {
  const parsed = verboseJsonSchema.safeParse(body);
  if (!parsed.success) throw new VerboseJsonError(`not a verbose_json answer: ${parsed.error.message}`);
  const answer = parsed.data;
  const durationSeconds =
    answer.duration === null || answer.duration === undefined ? null : Number(answer.duration);
  let skipped = 0;
  const raw: SpeechSegment[] = [];
  for (const item of answer.segments ?? []) {
    const segment = segmentSchema.safeParse(item);
    const text = segment.success ? collapseWhitespace(segment.data.text) : "";
    if (!segment.success || text === "" || segment.data.start < 0) {
      skipped++;
      continue;
    }
    raw.push({
      text,
      startMs: Math.round(segment.data.start * 1000),
      endMs: Math.round(segment.data.end * 1000),
    });
  }
  raw.sort((a, b) => a.startMs - b.startMs);
  const segments = raw.map((segment, i) => {
    if (segment.endMs > segment.startMs) return segment;
    const next = raw.slice(i + 1).find((later) => later.startMs > segment.startMs);
    return { ...segment, endMs: next ? next.startMs : segment.startMs + MIN_SEGMENT_MS };
  });
  const text = collapseWhitespace(answer.text);
  if (segments.length === 0 && text !== "") {
    const measured =
      durationSeconds !== null && Number.isFinite(durationSeconds) ? durationSeconds * 1000 : 0;
    segments.push({ text, startMs: 0, endMs: Math.max(Math.round(measured), MIN_SEGMENT_MS) });
  }
  return {
    language: languageCodeOf(answer.language),
    durationSeconds: durationSeconds !== null && Number.isFinite(durationSeconds) ? durationSeconds : null,
    text,
    segments,
    skipped,
  };
}

/** One caption cue of a transcript (SPEC §2.3 `segments[]`): integer milliseconds, `endMs > startMs`. */
export interface Segment {
  text: string;
  startMs: number;
  endMs: number;
}

/** A cue as a body format gives it, before normalisation. */
export interface RawCue {
  /** Start in ms (may be fractional; rounded here). */
  startMs: number;
  /** Duration in ms; null or 0 when the format omits it. */
  durationMs: number | null;
  /** Text with entities already decoded; whitespace is normalised here. */
  text: string;
}

/** Duration given to a cue that has neither a duration nor a later cue to end at, in ms. */
export const MIN_CUE_MS = 1000;

/**
 * Normalises cues into transcript segments:
 * - text: every whitespace run (line breaks of manual tracks, the `\n` of asr append events) becomes one space, ends
 *   trimmed; cues left empty are dropped;
 * - times: rounded to integer ms; cues are ordered by start (stable);
 * - end: `start + duration`; when the duration is missing or not positive, the next kept cue's start when it is later,
 *   else `start + MIN_CUE_MS`. So `endMs > startMs` always holds.
 * Cues with a negative or non-finite start are dropped.
 */
export function toSegments(cues: readonly RawCue[]): Segment[] {
  const kept = cues
    .map((cue) => ({ ...cue, text: collapseWhitespace(cue.text), startMs: Math.round(cue.startMs) }))
    .filter((cue) => cue.text !== "" && Number.isFinite(cue.startMs) && cue.startMs >= 0)
    .map((cue, order) => ({ ...cue, order }))
    .sort((a, b) => a.startMs - b.startMs || a.order - b.order);
  return kept.map((cue, i) => {
    const duration = cue.durationMs === null ? 0 : Math.round(cue.durationMs);
    let endMs = cue.startMs + duration;
    if (!(duration > 0)) {
      const next = kept.slice(i + 1).find((later) => later.startMs > cue.startMs);
      endMs = next ? next.startMs : cue.startMs + MIN_CUE_MS;
    }
    return { text: cue.text, startMs: cue.startMs, endMs };
  });
}

/** The transcript text: segment texts joined with one space (SPEC §2.3 `text`). */
export function joinSegments(segments: readonly Segment[]): string {
  return segments.map((segment) => segment.text).join(" ");
}

import { collapseWhitespace } from "@sda/text";

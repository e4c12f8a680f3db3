import { arrayAt, at, isObject } from "../innertube/json.ts";
import type { RawCue } from "./segments.ts";

/**
 * Parses a `fmt=json3` caption body: `{ events: [{ tStartMs, dDurationMs, segs: [{ utf8, tOffsetMs }] }] }`.
 * - Events without `segs` (the window-definition event of asr tracks) are skipped.
 * - The texts of an event's `segs` are concatenated as given: asr word segments carry their own leading spaces
 *   (`"welcome"`, `" everyone"`). Append events whose only seg is `"\n"` become empty and are dropped later.
 * - json3 text is plain UTF-8 (not entity-escaped), so nothing is decoded.
 * @returns the cues, or null when the body is not JSON or has no `events` array (unusable body).
 */
export function parseJson3(body: string): RawCue[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  if (!isObject(parsed) || !Array.isArray(parsed.events)) return null;
  const cues: RawCue[] = [];
  for (const event of parsed.events) {
    const segs = at(event, "segs");
    const start = at(event, "tStartMs");
    if (!Array.isArray(segs) || typeof start !== "number") continue;
    const duration = at(event, "dDurationMs");
    const text = arrayAt(event, "segs")
      .map((seg) => {
        const utf8 = at(seg, "utf8");
        return typeof utf8 === "string" ? utf8 : "";
      })
      .join("");
    cues.push({ startMs: start, durationMs: typeof duration === "number" ? duration : null, text });
  }
  return cues;
}

import { decodeHTML } from "entities";
import type { RawCue } from "./segments.ts";
import { findElements, parseXml, rawText } from "./xml.ts";

/**
 * Parses a `fmt=srv3` caption body: `<timedtext format="3"><body><p t="ms" d="ms">text</p>…`, where asr tracks put
 * words in `<s t="offset">` children (each with its own leading space) and manual tracks use plain text with `\n`
 * line breaks. Text is entity-escaped once (`&amp;`), so it is decoded once.
 * @returns the cues, or null when the body is not srv3 (no `<timedtext>` root).
 */
export function parseSrv3(body: string): RawCue[] | null {
  const nodes = parseXml(body);
  if (!nodes) return null;
  const root = findElements(nodes, "timedtext")[0];
  if (!root) return null;
  return findElements(root.children, "p").flatMap((p) => {
    const start = Number(p.attributes.t);
    if (p.attributes.t === undefined || !Number.isFinite(start)) return [];
    const duration = Number(p.attributes.d);
    return [
      {
        startMs: start,
        durationMs: p.attributes.d !== undefined && Number.isFinite(duration) ? duration : null,
        text: decodeHTML(rawText(p)),
      },
    ];
  });
}

import { decodeHTML } from "entities";
import type { RawCue } from "./segments.ts";
import { findElements, parseXml, rawText } from "./xml.ts";

/**
 * Parses the classic caption body (no `fmt`): `<transcript><text start="s" dur="s">…</text></transcript>`, times in
 * decimal seconds.
 *
 * The platform HTML-escapes the cue text and then XML-escapes the document, so `don't` arrives as `don&amp;#39;t`.
 * The first decoding undoes the XML layer (`&#39;`), the second the HTML layer (`'`). Decoding only twice, never
 * "until stable", keeps a literal `&amp;` that the author typed (`&amp;amp;amp;` → `&amp;`).
 * @returns the cues, or null when the body is not this format (no `<transcript>` root).
 */
export function parseClassic(body: string): RawCue[] | null {
  const nodes = parseXml(body);
  if (!nodes) return null;
  const root = findElements(nodes, "transcript")[0];
  if (!root) return null;
  return findElements(root.children, "text").flatMap((element) => {
    const start = Number(element.attributes.start);
    if (element.attributes.start === undefined || !Number.isFinite(start)) return [];
    const duration = Number(element.attributes.dur);
    return [
      {
        startMs: start * 1000,
        durationMs:
          element.attributes.dur !== undefined && Number.isFinite(duration) ? duration * 1000 : null,
        text: decodeHTML(decodeHTML(rawText(element))),
      },
    ];
  });
}

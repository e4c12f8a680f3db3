import { collapseWhitespace } from "@sda/text";
import type { TranscriptSegment } from "../summary.ts";
import { safeLocale, wordsOf } from "./language.ts";

/** Above this average length (words) a transcript counts as unpunctuated (auto-generated captions, raw ASR). */
const UNPUNCTUATED_AVERAGE_WORDS = 40;
/** Pseudo-sentences of unpunctuated transcripts: closed at a pause after this many words, or at the maximum. */
const PSEUDO_MIN_WORDS = 12;
const PSEUDO_MAX_WORDS = 30;
const PAUSE_MS = 700;

/**
 * The sentences of a transcript. Punctuated text is split by ICU's sentence rules for its language. Text without
 * punctuation (auto-generated caption tracks are lower case and unpunctuated) is cut into pseudo-sentences along its
 * timed segments: closed at a pause of 0.7 s or more once 12 words are gathered, and at 30 words at the latest; their
 * first letter is capitalised and a full stop added, so they read as sentences.
 */
export function splitSentences(
  text: string,
  segments: readonly TranscriptSegment[],
  language: string,
): string[] {
  const segmenter = new Intl.Segmenter(safeLocale(language), { granularity: "sentence" });
  const sentences = [...segmenter.segment(text)].map((s) => collapseWhitespace(s.segment)).filter(Boolean);
  const words = wordsOf(text, language).length;
  if (sentences.length > 0 && words / sentences.length <= UNPUNCTUATED_AVERAGE_WORDS) return sentences;
  return pseudoSentences(segments, language);
}

function pseudoSentences(segments: readonly TranscriptSegment[], language: string): string[] {
  const out: string[] = [];
  let current: string[] = [];
  let count = 0;
  const close = () => {
    const sentence = collapseWhitespace(current.join(" "));
    if (sentence) out.push(asSentence(sentence, language));
    current = [];
    count = 0;
  };
  segments.forEach((segment, i) => {
    current.push(segment.text);
    count += wordsOf(segment.text, language).length;
    const next = segments[i + 1];
    const pause = next ? next.startMs - segment.endMs : Number.POSITIVE_INFINITY;
    if (count >= PSEUDO_MAX_WORDS || (count >= PSEUDO_MIN_WORDS && pause >= PAUSE_MS)) close();
  });
  close();
  return out;
}

function asSentence(text: string, language: string): string {
  const first = text.charAt(0).toLocaleUpperCase(safeLocale(language));
  const body = first + text.slice(1);
  return /[.!?…。！？]$/.test(body) ? body : `${body}.`;
}

import type { TranscriptSegment } from "../summary.ts";

/**
 * A conservative token estimate without a model-specific tokenizer: one token per 3 bytes of UTF-8. English BPE
 * vocabularies average about 4 characters per token, and CJK text costs about one token per character (3 bytes), so
 * the estimate stays at or above the real count for the scripts transcripts come in.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(Buffer.byteLength(text, "utf8") / 3);
}

/** `[m:ss]` of a segment start, so the model can place key points in time. */
function stamp(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  return `[${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}]`;
}

/** Splits a text that is too long alone into pieces of at most `budget` tokens, at spaces. */
function splitLong(text: string, budget: number): string[] {
  const pieces: string[] = [];
  let current = "";
  for (const word of text.split(" ")) {
    const next = current ? `${current} ${word}` : word;
    if (current && estimateTokens(next) > budget) {
      pieces.push(current);
      current = word;
    } else current = next;
  }
  if (current) pieces.push(current);
  return pieces;
}

/**
 * Cuts a transcript into consecutive chunks of at most `budgetTokens` (by {@link estimateTokens}), each line one
 * segment prefixed with its start time, cut only between segments (a segment longer than the budget is split at
 * spaces). The chunks together hold every segment once, in order.
 */
export function chunkTranscript(segments: readonly TranscriptSegment[], budgetTokens: number): string[] {
  const chunks: string[] = [];
  let lines: string[] = [];
  let tokens = 0;
  const flush = () => {
    if (lines.length > 0) chunks.push(lines.join("\n"));
    lines = [];
    tokens = 0;
  };
  for (const segment of segments) {
    for (const piece of splitLong(`${stamp(segment.startMs)} ${segment.text}`, budgetTokens)) {
      const cost = estimateTokens(piece) + 1;
      if (tokens + cost > budgetTokens) flush();
      lines.push(piece);
      tokens += cost;
    }
  }
  flush();
  return chunks;
}

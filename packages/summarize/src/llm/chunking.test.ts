import { syntheticAudioCase } from "@sda/testing";
import { describe, expect, it } from "vitest";
import { splitSentences } from "../extractive/sentences.ts";
import { chunkTranscript, estimateTokens } from "./chunking.ts";

// The synthetic lesson's sentences as timed segments, 5 s each.
const sentences = splitSentences(syntheticAudioCase().transcript, [], "en");
const segments = sentences.map((text, i) => ({ text, startMs: i * 5000, endMs: (i + 1) * 5000 }));

describe("transcript chunks within a token budget", () => {
  it("estimates at least one token per 3 bytes (CJK characters are 3 bytes each)", () => {
    expect(estimateTokens("abcdef")).toBe(2);
    expect(estimateTokens("潮汐")).toBe(2);
  });

  it("keeps every segment once, in order, each chunk within the budget, lines stamped with their start", () => {
    const chunks = chunkTranscript(segments, 60);
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks) expect(estimateTokens(chunk)).toBeLessThanOrEqual(60);
    const lines = chunks.flatMap((c) => c.split("\n"));
    expect(lines[0]).toBe(`[0:00] ${sentences[0]}`);
    expect(lines.map((l) => l.replace(/^\[\d+:\d{2}\] /, "")).join(" ")).toBe(sentences.join(" "));
  });

  it("a transcript within the budget is one chunk; a segment longer than the budget is split at spaces", () => {
    expect(chunkTranscript(segments, 100_000)).toHaveLength(1);
    const long = [{ text: sentences.join(" "), startMs: 0, endMs: 75_000 }];
    const pieces = chunkTranscript(long, 50);
    expect(pieces.length).toBeGreaterThan(5);
    for (const piece of pieces) expect(estimateTokens(piece)).toBeLessThanOrEqual(50);
  });
});

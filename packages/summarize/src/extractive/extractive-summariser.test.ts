import { syntheticAudioCase } from "@sda/testing";
import { describe, expect, it } from "vitest";
import { summarySchema } from "../summary.ts";
import { ExtractiveSummariser } from "./extractive-summariser.ts";
import { splitSentences } from "./sentences.ts";
import { lexiconSentiment } from "./sentiment.ts";

const synth = syntheticAudioCase();
const summariser = new ExtractiveSummariser();

describe("extractive summaries", () => {
  it("summarises the synthetic tides lesson from its own sentences, with its subject as topics", async () => {
    const sentences = splitSentences(synth.transcript, [], "en");
    const result = await summariser.summarize({
      title: "How the tides work (synthetic speech test)",
      text: synth.transcript,
      segments: [{ text: synth.transcript, startMs: 0, endMs: 74_842 }],
      language: "en",
    });
    expect(summarySchema.safeParse(result).success).toBe(true);
    const summarySentences = splitSentences(result.summary.replace(/\n\n/g, " "), [], "en");
    expect(summarySentences.length).toBe(3);
    for (const sentence of summarySentences) expect(sentences).toContain(sentence);
    expect(result.keyPoints.length).toBe(5);
    for (const point of result.keyPoints) expect(sentences).toContain(point);
    expect(result.topics.slice(0, 2)).toEqual(["tides", "Moon"]);
    for (const topic of result.topics) expect(synth.transcript).toContain(topic);
    expect(result.sentiment).toBe("neutral");
  });

  it("cuts an unpunctuated transcript into pseudo-sentences along pauses between segments", () => {
    const words = synth.transcript.toLowerCase().replace(/[.,]/g, "").split(" ");
    // Auto-generated captions: 4 words a cue, a pause every 16 words.
    const segments = [];
    for (let i = 0; i < words.length; i += 4)
      segments.push({
        text: words.slice(i, i + 4).join(" "),
        startMs: i * 400 + Math.floor(i / 16) * 1000,
        endMs: (i + 4) * 400 + Math.floor(i / 16) * 1000,
      });
    const sentences = splitSentences(words.join(" "), segments, "en");
    expect(sentences.length).toBeGreaterThan(5);
    expect(sentences[0]).toMatch(/^Welcome to this short lesson about the tides .*\.$/);
    for (const s of sentences) expect(s.split(" ").length).toBeLessThanOrEqual(30);
    expect(sentences.join(" ").toLowerCase().replace(/\./g, "")).toBe(words.join(" "));
  });

  it("lexicon sentiment: English by AFINN valences, other languages neutral", () => {
    expect(lexiconSentiment("I love this wonderful, happy day. Thank you so much!", "en-GB")).toBe(
      "positive",
    );
    expect(lexiconSentiment("This is a terrible, awful disaster and I hate it.", "en")).toBe("negative");
    expect(lexiconSentiment(synth.transcript, "en")).toBe("neutral");
    expect(lexiconSentiment("Das ist wunderbar und großartig.", "de")).toBe("neutral");
  });
});

import { describe, expect, it } from "vitest";
import { readVerboseJson, VerboseJsonError } from "./verbose-json.ts";

// The shape of OpenAI's documented `verbose_json` answer (segments carry tokens and decoding statistics).
const answer = {
  task: "transcribe",
  language: "english",
  duration: 8.470000267028809,
  text: "The beach was a popular spot on a hot summer day. People were swimming in the ocean.",
  segments: [
    {
      id: 0,
      seek: 0,
      start: 0.0,
      end: 3.319999933242798,
      text: " The beach was a popular spot on a hot summer day.",
      tokens: [50364, 440, 7534],
      temperature: 0.0,
      avg_logprob: -0.2860786020755768,
      compression_ratio: 1.2363636493682861,
      no_speech_prob: 0.00985979475080967,
    },
    {
      id: 1,
      seek: 0,
      start: 3.319999933242798,
      end: 3.319999933242798,
      text: "  People were   swimming in the ocean. ",
      tokens: [3432],
      temperature: 0.0,
      avg_logprob: -0.2860786020755768,
      compression_ratio: 1.2363636493682861,
      no_speech_prob: 0.00985979475080967,
    },
    { id: 2, seek: 0, start: 5, end: 6, text: "   " },
    { id: 3, seek: 0, text: "no times" },
  ],
};

describe("verbose_json answers", () => {
  it("reads language as a code, times as integer ms, normalised text; unusable segments are skipped", () => {
    const read = readVerboseJson(answer);
    expect(read.language).toBe("en");
    expect(read.durationSeconds).toBeCloseTo(8.47, 2);
    expect(read.text).toBe(answer.text);
    expect(read.skipped).toBe(2);
    expect(read.segments).toEqual([
      { text: "The beach was a popular spot on a hot summer day.", startMs: 0, endMs: 3320 },
      // end == start: given the minimum length, as no later segment starts after it
      { text: "People were swimming in the ocean.", startMs: 3320, endMs: 4320 },
    ]);
  });

  it("an answer with text but no segments gets one segment over the measured duration", () => {
    expect(readVerboseJson({ text: "hello there", duration: 2.5, language: "en" }).segments).toEqual([
      { text: "hello there", startMs: 0, endMs: 2500 },
    ]);
  });

  it("a body without text is not verbose_json", () => {
    expect(() => readVerboseJson({ error: { message: "bad" } })).toThrow(VerboseJsonError);
  });
});

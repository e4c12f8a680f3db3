import Sentiment from "sentiment";
import type { Sentiment as Tone } from "../summary.ts";
import { primarySubtag } from "./language.ts";

const analyzer = new Sentiment();

/** Net lexicon score per word beyond which a text counts as positive (or, negated, negative). */
const THRESHOLD = 0.05;

/**
 * Lexicon sentiment with the `sentiment` package (AFINN-165 word valences, with its negation handling): the mean
 * valence per word (`comparative`) above 0.05 is positive, below -0.05 negative, else neutral. The lexicon is
 * English; other languages are reported neutral rather than guessed.
 */
export function lexiconSentiment(text: string, language: string): Tone {
  if (primarySubtag(language) !== "en") return "neutral";
  const { comparative } = analyzer.analyze(text);
  if (comparative > THRESHOLD) return "positive";
  if (comparative < -THRESHOLD) return "negative";
  return "neutral";
}

import type { Summariser, Summary, SummaryInput } from "../summary.ts";
import { stopwordsFor, wordsOf } from "./language.ts";
import { rankSentences } from "./rank.ts";
import { splitSentences } from "./sentences.ts";
import { lexiconSentiment } from "./sentiment.ts";
import { extractTopics, type Token } from "./topics.ts";

/** Sentences in the summary: a tenth of the transcript, at least 3 and at most 8. */
const summarySize = (n: number) => Math.min(n, Math.max(3, Math.min(8, Math.round(n / 10))));
/** Key points: one per equal section of the transcript, at most 5. */
const MAX_KEY_POINTS = 5;
/** Sentences per paragraph of the summary. */
const PARAGRAPH_SENTENCES = 3;
/** Longest key point, characters (pseudo-sentences of unpunctuated transcripts can be long). */
const MAX_POINT_CHARS = 280;

/**
 * A content word: not a stopword, not a number, at least 3 letters in alphabetic scripts (2 in others), and not
 * written in Hiragana alone (Japanese particles and inflections, which the Japanese stopword list leaves out).
 */
function isContentWord(word: string, stopwords: ReadonlySet<string>): boolean {
  if (stopwords.has(word) || /^[\p{N}\p{P}]+$/u.test(word) || /^\p{Script=Hiragana}+$/u.test(word))
    return false;
  const alphabetic = /^[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}]+$/u.test(word);
  return word.length >= (alphabetic ? 3 : 2);
}

function tokensOf(sentence: string, language: string, stopwords: ReadonlySet<string>): Token[] {
  return wordsOf(sentence, language).map(({ word, surface }) => ({
    word,
    surface,
    content: isContentWord(word, stopwords),
  }));
}

function shorten(text: string): string {
  if (text.length <= MAX_POINT_CHARS) return text;
  const cut = text.slice(0, MAX_POINT_CHARS);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), MAX_POINT_CHARS / 2)).trimEnd()}…`;
}

/**
 * The built-in summariser, used when no LLM is configured, so the operation works offline. Everything it returns is
 * taken from the transcript itself:
 * - `summary`: the highest-ranked sentences (TextRank, see `rankSentences`), in transcript order, three to a paragraph;
 * - `keyPoints`: the best sentence of each of up to five equal sections of the transcript (coverage of the whole);
 * - `topics`: frequent content words and phrases (see `extractTopics`);
 * - `sentiment`: lexicon sentiment of the whole text (see `lexiconSentiment`).
 */
export class ExtractiveSummariser implements Summariser {
  readonly name = "extractive" as const;

  async summarize(input: SummaryInput): Promise<Summary> {
    const stopwords = stopwordsFor(input.language);
    const sentences = splitSentences(input.text, input.segments, input.language);
    const tokens = sentences.map((s) => tokensOf(s, input.language, stopwords));
    const scores = rankSentences(
      tokens.map((t) => t.filter((token) => token.content).map((token) => token.word)),
    );
    const byScore = sentences.map((_, i) => i).sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0) || a - b);

    const chosen = byScore.slice(0, summarySize(sentences.length)).sort((a, b) => a - b);
    const paragraphs: string[] = [];
    for (let i = 0; i < chosen.length; i += PARAGRAPH_SENTENCES)
      paragraphs.push(
        chosen
          .slice(i, i + PARAGRAPH_SENTENCES)
          .map((index) => sentences[index])
          .join(" "),
      );

    const sections = Math.min(MAX_KEY_POINTS, sentences.length);
    const keyPoints: string[] = [];
    for (let s = 0; s < sections; s++) {
      const from = Math.floor((s * sentences.length) / sections);
      const to = Math.floor(((s + 1) * sentences.length) / sections);
      const best = byScore.find((index) => index >= from && index < to);
      if (best !== undefined) keyPoints.push(shorten(sentences[best] ?? ""));
    }

    const title = new Set(tokensOf(input.title, input.language, stopwords).map((t) => t.word));
    return {
      summary: paragraphs.join("\n\n"),
      keyPoints: keyPoints.filter(Boolean),
      topics: extractTopics(tokens, title),
      sentiment: lexiconSentiment(input.text, input.language),
    };
  }
}

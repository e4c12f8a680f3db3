import type { HttpClient } from "@sda/contract";
import type { Logger } from "@sda/core";
import { z } from "zod";

/** Overall tone of a transcript (SPEC §2.5 `sentiment`). */
export const SENTIMENTS = ["positive", "neutral", "negative"] as const;
export type Sentiment = (typeof SENTIMENTS)[number];

/** One timed piece of a transcript (caption cue or ASR segment), integer ms. */
export interface TranscriptSegment {
  text: string;
  startMs: number;
  endMs: number;
}

/** What a summariser gets: a transcript and the language its summary must be written in. */
export interface SummaryInput {
  /** The video's title (context for the summary and a hint for topics). */
  title: string;
  /** The transcript text (segment texts joined with one space). */
  text: string;
  /** The same text as timed segments, in order. */
  segments: readonly TranscriptSegment[];
  /** BCP-47 code of the transcript, which the summary is written in. */
  language: string;
}

/** SPEC §2.5 minus the video's identity fields. */
export interface Summary {
  /** Prose; paragraphs separated by a blank line (`\n\n`). */
  summary: string;
  keyPoints: string[];
  topics: string[];
  sentiment: Sentiment;
}

/**
 * A summary as a provider must return it: non-empty summary, 1–12 key points, at most 12 topics, one of the three
 * sentiments. Validated on every LLM answer.
 */
export const summarySchema = z.object({
  summary: z.string().trim().min(1),
  keyPoints: z.array(z.string().trim().min(1)).min(1).max(12),
  topics: z.array(z.string().trim().min(1)).max(12),
  sentiment: z.enum(SENTIMENTS),
});

/** What a summariser may use from the operation context. */
export interface SummariserContext {
  http: HttpClient;
  log: Logger;
  signal: AbortSignal;
}

/** A way to summarise transcripts: an LLM behind an API, or the built-in extractive summariser. */
export interface Summariser {
  /** `llm` or `extractive`; part of the operation's `X-Service-Source`. */
  readonly name: "llm" | "extractive";
  /**
   * @throws ServiceError 502 `summary_failed` (retryable) when the provider fails or keeps answering invalid JSON.
   */
  summarize(input: SummaryInput, ctx: SummariserContext): Promise<Summary>;
}

/**
 * `@sda/summarize`: summaries of transcripts (the video platform's summary operation, and later the photo platform's).
 * A {@link Summariser} turns a transcript into SPEC §2.5's `summary`, `keyPoints`, `topics` and `sentiment`:
 * {@link LlmSummariser} through an OpenAI-compatible chat-completions API, {@link ExtractiveSummariser} offline.
 */
export { ExtractiveSummariser } from "./extractive/extractive-summariser.ts";
export { splitSentences } from "./extractive/sentences.ts";
export { lexiconSentiment } from "./extractive/sentiment.ts";
export { type ChatEndpoint, type ChatMessage, chatCompletion } from "./llm/chat-completions.ts";
export { chunkTranscript, estimateTokens } from "./llm/chunking.ts";
export { LlmSummariser } from "./llm/llm-summariser.ts";
export { summariserFromConfig } from "./providers.ts";
export {
  SENTIMENTS,
  type Sentiment,
  type Summariser,
  type SummariserContext,
  type Summary,
  type SummaryInput,
  summarySchema,
  type TranscriptSegment,
} from "./summary.ts";

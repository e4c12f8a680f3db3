/**
 * `@sda/summarize`: summaries of transcripts (the video platform's summary operation, and later the photo platform's).
 * A {@link Summariser} turns a transcript into SPEC §2.5's `summary`, `keyPoints`, `topics` and `sentiment`:
 * {@link summariserFromConfig} gives the LLM one (an OpenAI-compatible chat-completions API) when one is configured,
 * else the extractive one (offline).
 */
export { splitSentences } from "./extractive/sentences.ts";
export { summariserFromConfig } from "./providers.ts";
export type { Summariser, Summary, SummaryInput, TranscriptSegment } from "./summary.ts";

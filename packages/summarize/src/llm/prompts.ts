import type { ChatMessage } from "./chat-completions.ts";

/** English name of a language code for the prompt ("de" → "German"), or the code itself. */
export function languageName(code: string): string {
  try {
    return new Intl.DisplayNames(["en"], { type: "language" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The prompt's language instruction; `und` (not known, e.g. a post caption alone) keeps the transcript's own. */
function languageInstruction(language: string): string {
  if (language.toLowerCase() === "und") return "Write every text field in the language of the transcript.";
  return `Write every text field in ${languageName(language)} (language code ${language}).`;
}

function systemPrompt(language: string): string {
  return [
    "You summarise transcripts of online videos for a data API.",
    languageInstruction(language),
    "Answer with one JSON object and nothing else, with exactly these keys:",
    '"summary": a faithful summary in 1 to 3 short paragraphs separated by a blank line;',
    '"keyPoints": 3 to 7 short statements of the main points, in the order the video makes them;',
    '"topics": 3 to 8 short topic labels (one to three words each);',
    '"sentiment": the overall tone of the video, one of "positive", "neutral", "negative".',
    "Use only what the transcript says. Transcripts come from captions or speech recognition and may lack punctuation.",
  ].join("\n");
}

/** Messages asking for the summary of a whole transcript (or of one part, when `part` is given). */
export function summaryMessages(
  title: string,
  transcript: string,
  language: string,
  part?: { index: number; count: number },
): ChatMessage[] {
  const scope = part ? `Part ${part.index + 1} of ${part.count} of the transcript` : "Transcript";
  return [
    { role: "system", content: systemPrompt(language) },
    {
      role: "user",
      content: `Video title: ${title}\n\n${scope} (lines start with [minutes:seconds]):\n${transcript}`,
    },
  ];
}

/** Messages asking to merge the summaries of consecutive parts into one summary of the whole video. */
export function mergeMessages(title: string, partials: readonly unknown[], language: string): ChatMessage[] {
  return [
    { role: "system", content: systemPrompt(language) },
    {
      role: "user",
      content: `Video title: ${title}\n\nThe transcript was too long to read at once. These are the summaries of its consecutive parts, as JSON. Merge them into one summary of the whole video:\n${JSON.stringify(partials)}`,
    },
  ];
}

/** The follow-up after an answer that was not valid: what was wrong, and the demand to answer again. */
export function correctionMessage(problem: string): ChatMessage {
  return {
    role: "user",
    content: `Your answer was not a valid JSON object of the required shape (${problem}). Answer again with only that JSON object.`,
  };
}

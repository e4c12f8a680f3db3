import { z } from "zod";
import { fail } from "../error-codes.ts";
import {
  SENTIMENTS,
  type Summariser,
  type SummariserContext,
  type Summary,
  type SummaryInput,
  summarySchema,
} from "../summary.ts";
import { type ChatEndpoint, type ChatMessage, chatCompletion } from "./chat-completions.ts";
import { chunkTranscript, estimateTokens } from "./chunking.ts";
import { correctionMessage, mergeMessages, summaryMessages } from "./prompts.ts";

/**
 * The JSON schema sent as `response_format` (OpenAI structured outputs, `strict: true`). It carries no length limits
 * (strict mode does not take them everywhere); the answer is validated by {@link summarySchema} either way.
 */
const wireSchema = (() => {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(
    z.object({
      summary: z.string(),
      keyPoints: z.array(z.string()),
      topics: z.array(z.string()),
      sentiment: z.enum(SENTIMENTS),
    }),
  );
  return schema;
})();

const RESPONSE_FORMAT = {
  type: "json_schema",
  json_schema: { name: "video_summary", strict: true, schema: wireSchema },
};

/** Tokens kept free in every request for the instructions and the answer (at most half the budget). */
const RESERVED_TOKENS = 1200;

/** The assistant's text as JSON: a Markdown code fence around it (some models add one) is removed first. */
function parseAnswer(content: string): { ok: true; summary: Summary } | { ok: false; problem: string } {
  const unfenced = content
    .trim()
    .replace(/^```(?:json)?\s*/i, "")
    .replace(/\s*```$/, "");
  let value: unknown;
  try {
    value = JSON.parse(unfenced);
  } catch {
    return { ok: false, problem: "not JSON" };
  }
  const parsed = summarySchema.safeParse(value);
  if (parsed.success) return { ok: true, summary: parsed.data };
  const issues = parsed.error.issues.map((i) => `${i.path.join(".") || "object"}: ${i.message}`).join("; ");
  return { ok: false, problem: issues };
}

/**
 * Summaries by an OpenAI-compatible chat-completions model (structured JSON output, validated with zod).
 *
 * A transcript that fits the input budget (`LLM_MAX_INPUT_TOKENS` minus room for the instructions) is summarised in
 * one request. A longer one is cut into consecutive chunks within the budget; each chunk is summarised, and the part
 * summaries are merged (in groups within the budget, repeatedly, until one remains). Every answer is validated; an
 * invalid one is answered once with what was wrong, and a second invalid answer fails the call.
 */
export class LlmSummariser implements Summariser {
  readonly name = "llm" as const;

  constructor(
    private readonly endpoint: ChatEndpoint,
    private readonly maxInputTokens: number,
  ) {}

  async summarize(input: SummaryInput, ctx: SummariserContext): Promise<Summary> {
    const reserved = Math.min(RESERVED_TOKENS, Math.floor(this.maxInputTokens / 2));
    const budget = Math.max(100, this.maxInputTokens - reserved - estimateTokens(input.title));
    const chunks = chunkTranscript(input.segments, budget);
    if (chunks.length <= 1)
      return this.ask(summaryMessages(input.title, chunks[0] ?? input.text, input.language), ctx);
    ctx.log.info({ chunks: chunks.length }, "transcript summarised in chunks");
    let partials: Summary[] = [];
    for (const [index, chunk] of chunks.entries())
      partials.push(
        await this.ask(
          summaryMessages(input.title, chunk, input.language, { index, count: chunks.length }),
          ctx,
        ),
      );
    while (partials.length > 1) {
      const groups = groupWithin(partials, budget);
      partials = [];
      for (const group of groups)
        partials.push(await this.ask(mergeMessages(input.title, group, input.language), ctx));
    }
    return partials[0] as Summary;
  }

  /** One request, validated, with one corrective retry. */
  private async ask(messages: ChatMessage[], ctx: SummariserContext): Promise<Summary> {
    const first = await chatCompletion(ctx.http, this.endpoint, messages, RESPONSE_FORMAT, ctx.signal);
    const firstParsed = parseAnswer(first);
    if (firstParsed.ok) return firstParsed.summary;
    ctx.log.warn({ problem: firstParsed.problem }, "LLM answer was not a valid summary; asking once more");
    const retry = [
      ...messages,
      { role: "assistant" as const, content: first },
      correctionMessage(firstParsed.problem),
    ];
    const second = parseAnswer(
      await chatCompletion(ctx.http, this.endpoint, retry, RESPONSE_FORMAT, ctx.signal),
    );
    if (second.ok) return second.summary;
    throw fail("summary_failed", "the LLM answered no valid summary twice", {
      retryAfterSeconds: 30,
      details: { provider: "llm", reason: "invalid_json", problem: second.problem },
    });
  }
}

/** Consecutive groups of part summaries whose JSON fits the budget; at least two per group so merging advances. */
function groupWithin(partials: readonly Summary[], budget: number): Summary[][] {
  const groups: Summary[][] = [];
  let current: Summary[] = [];
  for (const partial of partials) {
    const next = [...current, partial];
    if (current.length >= 2 && estimateTokens(JSON.stringify(next)) > budget) {
      groups.push(current);
      current = [partial];
    } else current = next;
  }
  if (current.length === 1 && groups.length > 0) groups.at(-1)?.push(...current);
  else if (current.length > 0) groups.push(current);
  return groups;
}

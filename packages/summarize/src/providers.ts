import type { ServiceConfig } from "@sda/core";
import { summarizeEnv } from "./env.ts";
import { ExtractiveSummariser } from "./extractive/extractive-summariser.ts";
import { LlmSummariser } from "./llm/llm-summariser.ts";
import type { Summariser } from "./summary.ts";

/**
 * The summariser of this process: the chat-completions LLM when `LLM_BASE_URL` is set (`LLM_MODEL`, `LLM_API_KEY`,
 * `LLM_TIMEOUT_MS`, `LLM_MAX_INPUT_TOKENS`), else the built-in extractive summariser.
 */
export function summariserFromConfig(config: ServiceConfig): Summariser {
  const env = summarizeEnv.of(config);
  if (!env.LLM_BASE_URL) return new ExtractiveSummariser();
  return new LlmSummariser(
    {
      baseUrl: env.LLM_BASE_URL,
      model: env.LLM_MODEL,
      apiKey: env.LLM_API_KEY,
      timeoutMs: env.LLM_TIMEOUT_MS,
    },
    env.LLM_MAX_INPUT_TOKENS,
  );
}

import { defineFeatureEnv, envVar } from "@sda/core";
import { z } from "zod";

const { int, optionalUrl, optionalString } = envVar;

/** The summariser's variables (the chat-completions LLM; unset `LLM_BASE_URL`: the extractive one). */
export const summarizeEnv = defineFeatureEnv(
  "summarize",
  z.object({
    LLM_BASE_URL: optionalUrl.describe("chat-completions summariser (unset: the built-in extractive one)"),
    LLM_MODEL: z.string().default("gpt-4o-mini").describe("model of the chat-completions summariser"),
    LLM_API_KEY: optionalString.describe("API key of the chat-completions summariser"),
    LLM_TIMEOUT_MS: int(60_000, 1000).describe("one chat-completions request"),
    LLM_MAX_INPUT_TOKENS: int(12_000, 500).describe(
      "input budget of one chat request, in tokens (longer transcripts are summarised in chunks)",
    ),
  }),
);

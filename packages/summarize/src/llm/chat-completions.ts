import type { HttpClient } from "@sda/contract";
import type { ServiceError } from "@sda/core";
import { z } from "zod";
import { fail } from "../error-codes.ts";

/** An OpenAI-compatible chat-completions endpoint (`LLM_BASE_URL`, `LLM_MODEL`, `LLM_API_KEY`). */
export interface ChatEndpoint {
  /** API root, e.g. `https://api.openai.com/v1`; requests go to `{baseUrl}/chat/completions`. */
  baseUrl: string;
  model: string;
  apiKey?: string | undefined;
  /** Budget of one request, ms. */
  timeoutMs: number;
}

/** One chat message. */
export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

/** The part of a `chat.completion` answer read here: the first choice's message text. */
const completionSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({ content: z.string().nullable() }),
        finish_reason: z.string().nullish(),
      }),
    )
    .min(1),
});

// Every error status is read here, so the provider's own message reaches the log.
const ERROR_STATUSES = Array.from({ length: 200 }, (_, i) => 400 + i);

function summaryFailed(message: string, details: Record<string, unknown>, cause?: unknown): ServiceError {
  return fail("summary_failed", message, {
    retryAfterSeconds: 30,
    details: { provider: "llm", ...details },
    ...(cause === undefined ? {} : { cause }),
  });
}

/**
 * `POST {baseUrl}/chat/completions` with `{ model, messages, temperature: 0.2, response_format }`.
 * @param responseFormat e.g. `{ type: "json_schema", json_schema: { name, strict: true, schema } }`.
 * @returns the assistant's message text (`choices[0].message.content`).
 * @throws ServiceError 502 `summary_failed` (retryable) when the endpoint cannot be reached, answers an error
 *   status, or answers no message; `details.upstreamStatus`, `details.finishReason`.
 */
export async function chatCompletion(
  http: HttpClient,
  endpoint: ChatEndpoint,
  messages: readonly ChatMessage[],
  responseFormat: unknown,
  signal: AbortSignal,
): Promise<string> {
  const url = `${endpoint.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  let response: Awaited<ReturnType<HttpClient["request"]>>;
  try {
    response = await http.request(
      {
        platform: "llm",
        url,
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json",
          ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: endpoint.model,
          messages,
          temperature: 0.2,
          response_format: responseFormat,
        }),
        timeoutMs: endpoint.timeoutMs,
        acceptStatus: ERROR_STATUSES,
      },
      signal,
    );
  } catch (error) {
    if (signal.aborted) throw error;
    throw summaryFailed("the LLM endpoint could not be reached", {}, error);
  }
  if (response.status >= 400)
    throw summaryFailed(`the LLM endpoint answered ${response.status}`, { upstreamStatus: response.status });
  let parsed: z.infer<typeof completionSchema>;
  try {
    parsed = completionSchema.parse(JSON.parse(response.text()));
  } catch (error) {
    throw summaryFailed("the LLM endpoint answered something that is not a chat completion", {}, error);
  }
  const choice = parsed.choices[0];
  if (!choice?.message.content)
    throw summaryFailed("the LLM answered no message", { finishReason: choice?.finish_reason ?? null });
  return choice.message.content;
}

import { type ServiceConfig, ServiceError } from "@sda/core";
import { mediaEnv } from "../env.ts";
import { fail } from "../error-codes.ts";
import { OpenAiCompatibleAsr } from "./openai-compatible.ts";
import type { AsrProvider, AsrRequest, AsrTranscription } from "./provider.ts";

/**
 * The configured speech-to-text tiers in the order they are tried: `asr-fast` (`ASR_FAST_BASE_URL`, `_MODEL`,
 * `_API_KEY`), then `asr-standard` (`ASR_STANDARD_*`). A tier without a base URL is not configured and left out.
 */
export function asrProvidersFromConfig(config: ServiceConfig): AsrProvider[] {
  const env = mediaEnv.of(config);
  const providers: AsrProvider[] = [];
  if (env.ASR_FAST_BASE_URL)
    providers.push(
      new OpenAiCompatibleAsr({
        name: "asr-fast",
        baseUrl: env.ASR_FAST_BASE_URL,
        model: env.ASR_FAST_MODEL,
        apiKey: env.ASR_FAST_API_KEY,
        timeoutMs: env.ASR_TIMEOUT_MS,
      }),
    );
  if (env.ASR_STANDARD_BASE_URL)
    providers.push(
      new OpenAiCompatibleAsr({
        name: "asr-standard",
        baseUrl: env.ASR_STANDARD_BASE_URL,
        model: env.ASR_STANDARD_MODEL,
        apiKey: env.ASR_STANDARD_API_KEY,
        timeoutMs: env.ASR_TIMEOUT_MS,
      }),
    );
  return providers;
}

/** 502 `asr_unavailable` (not retryable): no speech-to-text tier is configured. Nothing was downloaded or billed. */
export function asrUnavailableError(): ServiceError {
  return fail("asr_unavailable", "speech-to-text is not configured on this service", {
    details: { providers: [] },
  });
}

/**
 * Transcribes with the first tier that succeeds: `asr-fast`, and `asr-standard` when the fast tier is not configured
 * or fails (unreachable, timeout, error status, unreadable answer).
 * @returns the transcription and the tier that produced it.
 * @throws ServiceError 502 `asr_unavailable` when no tier is configured; 502 `asr_failed` (retryable,
 *   `retryAfterSeconds` 30) when every tier failed, with `details.attempts` = `[{ provider, upstreamStatus?, reason? }]`.
 * @throws the signal's reason when the job is aborted.
 */
export async function transcribeWithFallback(
  providers: readonly AsrProvider[],
  request: AsrRequest,
): Promise<{ transcription: AsrTranscription; provider: AsrProvider }> {
  if (providers.length === 0) throw asrUnavailableError();
  const attempts: Record<string, unknown>[] = [];
  let lastError: unknown;
  for (const provider of providers) {
    try {
      return { transcription: await provider.transcribe(request), provider };
    } catch (error) {
      if (request.signal.aborted || !(error instanceof ServiceError)) throw error;
      request.log.warn(
        { provider: provider.name, code: error.code, details: error.details },
        "ASR tier failed",
      );
      attempts.push({ ...error.details, provider: provider.name });
      lastError = error;
    }
  }
  throw fail("asr_failed", "every speech-to-text tier failed", {
    retryAfterSeconds: 30,
    details: { attempts },
    cause: lastError,
  });
}

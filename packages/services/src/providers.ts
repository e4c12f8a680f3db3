import type { ServiceConfig } from "@sda/core";
import { mediaEnv } from "@sda/media/env";
import { summarizeEnv } from "@sda/summarize/env";

/**
 * What `GET /v1/status` says of the providers behind the audio and summary operations: each speech-to-text tier and
 * the LLM, with its model and whether its base URL is set (never the URL or key).
 */
export interface ProviderStatus {
  asr: { tier: "asr-fast" | "asr-standard"; model: string; configured: boolean }[];
  llm: { model: string; configured: boolean };
}

/**
 * Reads the providers' configuration out of the composed env (`@sda/media`'s and `@sda/summarize`'s slices), so the
 * gateway reports it without depending on either package.
 * @throws EnvError when a slice's variables are invalid.
 */
export function providerStatus(config: ServiceConfig): ProviderStatus {
  const media = mediaEnv.of(config);
  const llm = summarizeEnv.of(config);
  return {
    asr: [
      { tier: "asr-fast", model: media.ASR_FAST_MODEL, configured: Boolean(media.ASR_FAST_BASE_URL) },
      {
        tier: "asr-standard",
        model: media.ASR_STANDARD_MODEL,
        configured: Boolean(media.ASR_STANDARD_BASE_URL),
      },
    ],
    llm: { model: llm.LLM_MODEL, configured: Boolean(llm.LLM_BASE_URL) },
  };
}

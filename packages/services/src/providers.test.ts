import { describe, expect, it } from "vitest";
import { loadServiceEnv } from "./env.ts";
import { providerStatus } from "./providers.ts";

describe("providerStatus", () => {
  it("says each speech-to-text tier's and the LLM's model, configured only when its base URL is set", () => {
    expect(providerStatus(loadServiceEnv({}))).toEqual({
      asr: [
        { tier: "asr-fast", model: "whisper-large-v3-turbo", configured: false },
        { tier: "asr-standard", model: "whisper-1", configured: false },
      ],
      llm: { model: "gpt-4o-mini", configured: false },
    });
    const set = providerStatus(
      loadServiceEnv({
        ASR_FAST_BASE_URL: "http://127.0.0.1:9/v1",
        ASR_STANDARD_MODEL: "whisper-2",
        LLM_BASE_URL: "http://127.0.0.1:9/v1",
      }),
    );
    expect(set.asr).toEqual([
      { tier: "asr-fast", model: "whisper-large-v3-turbo", configured: true },
      { tier: "asr-standard", model: "whisper-2", configured: false },
    ]);
    expect(set.llm).toEqual({ model: "gpt-4o-mini", configured: true });
  });
});

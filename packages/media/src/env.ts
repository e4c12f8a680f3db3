import { defineFeatureEnv, envVar } from "@sda/core";
import { z } from "zod";

const { int, optionalUrl, optionalString } = envVar;

/** The speech-to-text pipeline's variables (ffmpeg, audio download, circuit, ASR tiers), read with `mediaEnv.of(config)`. */
export const mediaEnv = defineFeatureEnv(
  "media",
  z.object({
    FFMPEG_PATH: optionalString.meta({
      description: "ffmpeg used for the 16 kHz mono re-encode",
      shownDefault: "the binary of `@ffmpeg-installer/ffmpeg`",
    }),
    AUDIO_EXTRACTOR_PATH: optionalString.describe(
      "yt-dlp-compatible command used when the player has no direct audio URL",
    ),
    AUDIO_DOWNLOAD_TIMEOUT_MS: int(20_000, 100).describe(
      "audio download budget, request to last byte (SPEC §4.2.2)",
    ),
    AUDIO_BLOCKED_COOLDOWN_SECONDS: int(300, 1).describe(
      "cooldown of the `blocked_rate` circuit after an upstream 403/429 (SPEC §7.4)",
    ),
    AUDIO_CIRCUIT_MAX_WAIT_SECONDS: int(10, 0).describe(
      "a download waits out an open circuit when at most this long remains; longer waits fail fast",
    ),
    AUDIO_TEMP_DIR: optionalString.meta({
      description: "root of the per-job temp dirs of audio jobs",
      shownDefault: "`<tmp>/sda-audio`",
    }),
    ASR_TIMEOUT_MS: int(120_000, 1000).describe("one speech-to-text request (upload and transcription)"),
    ASR_FAST_BASE_URL: optionalUrl.describe(
      "`asr-fast` tier: an OpenAI-compatible `/audio/transcriptions` server (unset: no such tier)",
    ),
    ASR_FAST_MODEL: z.string().default("whisper-large-v3-turbo").describe("model of the `asr-fast` tier"),
    ASR_FAST_API_KEY: optionalString.describe("API key of the `asr-fast` tier"),
    ASR_STANDARD_BASE_URL: optionalUrl.describe("`asr-standard` fallback tier (same protocol)"),
    ASR_STANDARD_MODEL: z.string().default("whisper-1").describe("model of the `asr-standard` tier"),
    ASR_STANDARD_API_KEY: optionalString.describe("API key of the `asr-standard` tier"),
  }),
);

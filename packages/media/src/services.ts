import { defineHandlerService } from "@sda/core";
import type { BlockedRateCircuit } from "./circuit/blocked-rate.ts";
import { type MediaSettings, mediaCircuits, mediaSettingsFromConfig } from "./transcribe-audio.ts";

/** The speech-to-text pipeline's process-wide parts (`ctx.media`), built once per process. */
export interface MediaServices {
  /** The process's audio settings (ffmpeg, temp dir, download budget, extractor, ASR tiers, circuit timings). */
  settings: MediaSettings;
  /** The service-wide `blocked_rate` circuit `<prefix>:circuit:<name>` (one object per name). */
  circuit(name: string): BlockedRateCircuit;
}

declare module "@sda/core" {
  interface HandlerServices {
    /** The speech-to-text pipeline (`@sda/media`). */
    media: MediaServices;
  }
}

defineHandlerService("media", ({ config, redis }) => {
  const settings = mediaSettingsFromConfig(config);
  return { settings, circuit: mediaCircuits({ redis, keyPrefix: config.QUEUE_PREFIX }, settings) };
});

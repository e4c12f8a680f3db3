import type { HandlerServiceInputs } from "@sda/core";
import type { BlockedRateCircuit } from "./circuit/blocked-rate.ts";
import { type MediaSettings, mediaCircuits, mediaSettingsFromConfig } from "./transcribe-audio.ts";

/** The speech-to-text pipeline's process-wide parts (`ctx.services.media`), built once per process. */
export interface MediaServices {
  /** The process's audio settings (ffmpeg, temp dir, download budget, extractor, ASR tiers, circuit timings). */
  settings: MediaSettings;
  /** The service-wide `blocked_rate` circuit `<prefix>:circuit:<name>` (one object per name). */
  circuit(name: string): BlockedRateCircuit;
}

/**
 * Builds a process's media services from its configuration (`mediaSettingsFromConfig`) and its shared Redis (the
 * circuits live under `config.QUEUE_PREFIX`). Called once per process by the wiring (`@sda/services`), or by a test
 * passing services to its context. Opens nothing: a circuit reads Redis on use.
 */
export function createMediaServices({
  config,
  redis,
}: Pick<HandlerServiceInputs, "config" | "redis">): MediaServices {
  const settings = mediaSettingsFromConfig(config);
  return { settings, circuit: mediaCircuits({ redis, keyPrefix: config.QUEUE_PREFIX }, settings) };
}

import type { OperationContext } from "@sda/contract";
import {
  type AudioDownload,
  type AudioSource,
  audioExtractError,
  DirectUrlSource,
  ExtractorSource,
  type MediaSettings,
} from "@sda/media";
import { orderStrategies, recordStrategyOutcome } from "@sda/strategy";
import type { PlayerInfo } from "../../readers/video/player-reader.ts";
import type { MediaFormat } from "../../readers/video/streaming-reader.ts";
import type { InnertubeClient } from "../innertube/clients.ts";
import { fetchClientPlayer } from "../innertube/player.ts";
import { withPoToken } from "../innertube/po-token.ts";
import type { VideositeRuntime } from "./runtime.ts";

/** Picks the audio format of a player answer (`pickAudioFormat` of the audio transcript). */
export type FormatPicker = (player: PlayerInfo) => MediaFormat | "none" | null;

/**
 * The VISIONOS player's direct audio URL, fetched only when this source is reached (the ANDROID URL was refused or
 * missing): the 2026 VISIONOS answers carry adaptive audio formats with a plain `url` where ANDROID offers only
 * itag 18. A player that gives no usable URL (or refuses the video, as for made-for-kids videos) is a miss
 * (`extractor_unavailable`), never a media-host refusal, so the next source runs.
 */
class VisionosDirectSource implements AudioSource {
  readonly kind = "direct" as const;
  readonly label = "direct:visionos";
  readonly circuit = "videosite:direct:visionos";

  constructor(
    private readonly ctx: Pick<OperationContext, "http" | "signal">,
    private readonly videoId: string,
    private readonly client: InnertubeClient,
    private readonly pick: FormatPicker,
    private readonly poToken: string | null,
  ) {}

  async open(signal: AbortSignal, budgetMs: number): Promise<AudioDownload> {
    const player = await fetchClientPlayer({ http: this.ctx.http, signal }, this.videoId, this.client, {
      ...(this.poToken ? { poToken: this.poToken } : {}),
    }).catch((error: unknown) => {
      if (signal.aborted) throw signal.reason ?? error;
      throw audioExtractError("extractor_unavailable", "the VISIONOS player could not be fetched", {
        cause: error,
      });
    });
    const format = player.info.playability.status === "OK" ? this.pick(player.info) : null;
    if (!format || format === "none" || !format.url)
      throw audioExtractError("extractor_unavailable", "the VISIONOS player gives no direct audio URL");
    const url = this.poToken ? withPoToken(format.url, this.poToken, this.client.clientName) : format.url;
    return new DirectUrlSource({ http: this.ctx.http, url, label: this.label }).open(signal, budgetMs);
  }
}

/**
 * The audio sources of a video in the configured order (`videosite.chains.audio-transcript`, ids `android`,
 * `visionos`, `extractor`; code order as listed): the ANDROID player's direct format URL (circuit
 * `videosite:direct:android`), the VISIONOS player's (circuit `videosite:direct:visionos`), then the extractor
 * command when configured (circuit `extractor`). Direct URLs carry the PO token when a provider gives one.
 */
export async function videositeAudioSources(options: {
  ctx: Pick<OperationContext, "http" | "log" | "signal">;
  videoId: string;
  player: PlayerInfo;
  format: MediaFormat | null;
  pick: FormatPicker;
  watchUrl: string;
  settings: MediaSettings;
  runtime: VideositeRuntime;
}): Promise<AudioSource[]> {
  const { ctx, videoId, runtime, format } = options;
  const poToken = runtime.pot ? await runtime.pot.get(videoId, ctx.signal) : null;
  const sources: { id: string; source: AudioSource }[] = [];
  if (format?.url) {
    const url = poToken ? withPoToken(format.url, poToken, runtime.clients.android.clientName) : format.url;
    sources.push({
      id: "android",
      source: new DirectUrlSource({
        http: ctx.http,
        url,
        label: `direct:itag${format.itag}`,
        circuit: "videosite:direct:android",
      }),
    });
  }
  sources.push({
    id: "visionos",
    source: new VisionosDirectSource(ctx, videoId, runtime.clients.visionos, options.pick, poToken),
  });
  if (options.settings.extractorPath)
    sources.push({
      id: "extractor",
      source: new ExtractorSource({
        command: options.settings.extractorPath,
        pageUrl: options.watchUrl,
        onFailure: (info) => ctx.log.warn({ ...info, videoId }, "audio extractor failed"),
      }),
    });
  return orderStrategies(sources, runtime.order).map((s) => s.source);
}

/**
 * The audio sources' outcomes as strategy health of the runtime's platform (strategies `audio:android`,
 * `audio:visionos`, `audio:extractor`; `/v1/status` and `upstream_strategy_total`).
 */
export function audioSourceHealth(runtime: VideositeRuntime) {
  return (source: AudioSource, outcome: "success" | "failure" | "skipped", error?: unknown) =>
    recordStrategyOutcome({
      health: runtime.health,
      platform: runtime.platform,
      strategy: `audio:${source.circuit === "extractor" ? "extractor" : (source.circuit?.split(":").at(-1) ?? source.label)}`,
      source: source.circuit ?? source.label,
      outcome,
      error,
    });
}

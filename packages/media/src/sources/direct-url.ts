import type { PlatformHttpClient } from "@sda/contract";
import { ServiceError } from "@sda/core";
import { audioExtractError } from "../extract-error.ts";
import type { AudioDownload, AudioSource } from "./audio-source.ts";

/** What a {@link DirectUrlSource} needs: the media URL (on the platform's live host) and who serves it. */
export interface DirectUrlSourceOptions {
  /**
   * The handler's `ctx.http`, bound to the platform whose host serves the URL (which routes it to the configured
   * origin, e.g. the replay in tests).
   */
  http: PlatformHttpClient;
  /** The direct media URL, e.g. a `…googlevideo.com/videoplayback?…` format URL of a player answer. */
  url: string;
  /** Label for logs, e.g. `direct:itag140`. */
  label?: string;
  headers?: Record<string, string>;
  /** The source's circuit name, e.g. `videosite:direct:android` (see `AudioSource.circuit`). */
  circuit?: string;
}

/**
 * Maps an upstream client error of a media download to SPEC §7.4: 403/429 → `blocked_rate`, the client's own
 * timeout → `extract_timeout`, anything else (404/410 of an expired signed URL, 5xx, unreachable host, the replay's
 * no-match) → `extractor_unavailable`. Other errors (aborts) are returned unchanged for the pipeline to judge.
 */
export function classifyDownloadError(error: unknown): unknown {
  if (!(error instanceof ServiceError)) return error;
  const details = {
    upstreamStatus: error.details.upstreamStatus ?? null,
    ...(error.details.replay ? { replay: error.details.replay } : {}),
  };
  switch (error.code) {
    case "upstream_blocked":
    case "upstream_rate_limited":
      return audioExtractError("blocked_rate", "the media host refused the download (403/429)", {
        details,
        cause: error,
      });
    case "upstream_timeout":
      return audioExtractError("extract_timeout", "the audio download did not finish in time", {
        cause: error,
      });
    case "upstream_error":
    case "upstream_unavailable":
      return audioExtractError("extractor_unavailable", "the direct media URL did not serve the audio", {
        details,
        cause: error,
      });
    default:
      return error;
  }
}

/**
 * A media URL the platform's API gave (no signature to solve), downloaded through the upstream client as a stream.
 * The whole download, headers and body, runs under the given budget.
 */
export class DirectUrlSource implements AudioSource {
  readonly kind = "direct" as const;
  readonly label: string;
  readonly circuit: string | undefined;

  constructor(private readonly options: DirectUrlSourceOptions) {
    this.label = options.label ?? "direct";
    this.circuit = options.circuit;
  }

  async open(signal: AbortSignal, budgetMs: number): Promise<AudioDownload> {
    const { http, url, headers } = this.options;
    try {
      const response = await http.stream(
        { url, method: "GET", timeoutMs: budgetMs, ...(headers ? { headers } : {}) },
        signal,
      );
      const type = response.headers["content-type"];
      const length = Number(response.headers["content-length"]);
      return {
        body: response.body,
        contentType: typeof type === "string" ? type : null,
        contentLength: Number.isFinite(length) && length >= 0 ? length : null,
      };
    } catch (error) {
      throw classifyDownloadError(error);
    }
  }
}

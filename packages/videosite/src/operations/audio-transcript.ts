import type { EstimateHandler, HandlerFor } from "@sda/contract";
import { audioCredits, type OperationContext, type OperationOutcome } from "@sda/contract";
import { ServiceError } from "@sda/core";
import { audioExtractError, transcribeAudio } from "@sda/media";
import type { z } from "zod";
import { fetchAndroidPlayer } from "../client/innertube/player.ts";
import { audioSourceHealth, videositeAudioSources } from "../client/strategies/audio-sources.ts";
import { videositeRuntime } from "../client/strategies/runtime.ts";
import type { VideositeEnv } from "../env.ts";
import { fail } from "../errors.ts";
import type { VideoUrl } from "../inputs/video-url.ts";
import {
  AUDIO_MAX_DURATION_SECONDS,
  requirePlayableVideo,
  TRANSCRIPT_PATH,
} from "../readers/captions/errors.ts";
import { joinSegments } from "../readers/captions/segments.ts";
import { selectTrack } from "../readers/captions/track-selection.ts";
import { classifyPlayability, type UnavailableReason } from "../readers/video/playability.ts";
import type { PlayerInfo, VideoDetailsPart } from "../readers/video/player-reader.ts";
import type { MediaFormat } from "../readers/video/streaming-reader.ts";
import type { VideositeServices } from "../services.ts";
import type { audioTranscriptOutput, audioTranscriptSpec } from "../spec/audio-transcript.ts";

export { AUDIO_MAX_DURATION_SECONDS };

/**
 * Name of the default `blocked_rate` circuit of videosite media sources that name none (Redis key
 * `<prefix>:circuit:videosite-media`); every built-in source names its own (`videosite:direct:<client>`, `extractor`).
 */
export const VIDEOSITE_MEDIA_CIRCUIT = "videosite-media";

/**
 * SPEC §2.4: the audio transcript result (its schema `audioTranscriptOutput`, the shared `speechTranscriptFields`);
 * `durationSeconds` is the video's `videoDetails.lengthSeconds`, the billing basis.
 */
type AudioTranscriptResult = z.output<typeof audioTranscriptOutput>;

// Playability reasons that are a wall around the media rather than its absence (SPEC §7.4 `restricted`).
const RESTRICTED_REASONS = new Set<UnavailableReason>([
  "age_restricted",
  "login_required",
  "members_only",
  "premium_only",
  "content_check_required",
  "geo_blocked",
]);
const LIVE_REASONS = new Set<UnavailableReason>(["live_offline", "live_recording_unavailable"]);

/**
 * The video, if its audio can be transcribed at all; judged from the player answer alone, before any estimate.
 * @throws ServiceError 502 `audio_extract_failed` `restricted` (age, login, membership, Premium, content check,
 *   region) or `live_unavailable` (live now, upcoming, ended without a recording); 404 `video_unavailable` and 502
 *   `upstream_blocked` (bot check) as the transcript operation answers them.
 */
function requireTranscribableVideo(player: PlayerInfo, videoId: string): VideoDetailsPart {
  const verdict = classifyPlayability(player);
  if (verdict.kind === "unavailable" && RESTRICTED_REASONS.has(verdict.reason))
    throw audioExtractError("restricted", verdict.message, {
      details: { playabilityReason: verdict.reason },
    });
  if (verdict.kind === "unavailable" && LIVE_REASONS.has(verdict.reason))
    throw audioExtractError("live_unavailable", verdict.message, {
      details: { playabilityReason: verdict.reason },
    });
  const video = requirePlayableVideo(player, videoId);
  if (video.isLive || video.isUpcoming)
    throw audioExtractError(
      "live_unavailable",
      "live streams and upcoming premieres have no audio file yet",
      {
        details: { playabilityReason: video.isLive ? "live_now" : "upcoming" },
      },
    );
  return video;
}

/** The primary subtag of a BCP-47 tag (`pt-BR` → `pt`), the form ASR providers take. */
const primaryLanguage = (tag: string) => tag.split("-")[0]?.toLowerCase() ?? tag;

/**
 * The audio format to download from `streamingData`: adaptive audio-only formats with a plain `url` (ciphered ones
 * need the player's signature code, which is the extractor's job), on the audio track in the requested language when
 * the video has several (dubs), else on the default track; the smallest of at least 48 kbit/s (speech is re-encoded
 * to 32 kbit/s anyway, and a small file downloads fastest). Muxed formats only when no audio-only one is usable.
 * @returns the format, `none` when the video has formats but none carries audio, or null when no format has a
 *   usable URL.
 */
export function pickAudioFormat(player: PlayerInfo, language?: string): MediaFormat | "none" | null {
  const formats = player.streaming.formats;
  const withAudio = formats.filter((f) => f.isAudioOnly || f.kind === "muxed");
  if (formats.length > 0 && withAudio.length === 0) return "none";
  const usable = withAudio.filter((f) => f.url !== null && !f.isCiphered);
  const audioOnly = usable.filter((f) => f.isAudioOnly);
  const trackLanguage = (f: MediaFormat) => f.audioTrackId?.split(".")[0]?.toLowerCase();
  const wanted = language ? audioOnly.filter((f) => trackLanguage(f) === primaryLanguage(language)) : [];
  const onDefault = audioOnly.filter(
    (f) =>
      f.audioTrackId === null || f.audioTrackId === player.defaultAudioTrackId || f.audioIsDefault === true,
  );
  const pool = [wanted, onDefault, audioOnly, usable].find((list) => list.length > 0) ?? [];
  const byBitrate = [...pool].sort((a, b) => (a.bitrate ?? 0) - (b.bitrate ?? 0));
  return byBitrate.find((f) => (f.bitrate ?? 0) >= 48_000) ?? byBitrate.at(-1) ?? null;
}

/**
 * Adds what SPEC §4.2.2 rule 6 and §7.4 want on every error of this operation once the player was read:
 * `suggestedEndpoint` (the captions path) when a published caption track would serve the request;
 * `obtainable: false` on a permanent miss (non-retryable extraction failure, unavailable video) without captions;
 * `estimatedCreditsIfRetried` on retryable errors once the estimate is known.
 */
function withHints(error: unknown, captionsPath: string | null, estimate: number | null): unknown {
  if (!(error instanceof ServiceError)) return error;
  const details = { ...error.details };
  if (captionsPath) details.suggestedEndpoint = captionsPath;
  const permanentMiss =
    (error.code === "audio_extract_failed" && !error.retryable) || error.code === "video_unavailable";
  if (permanentMiss && !captionsPath) details.obtainable = false;
  if (error.retryable && estimate !== null) details.estimatedCreditsIfRetried = estimate;
  return new ServiceError(error, error.message, {
    retryable: error.retryable,
    ...(error.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: error.retryAfterSeconds }),
    details,
    cause: error,
  });
}

/**
 * What the transcript of a video would cost, read from its player answer alone (no download): the audio format, the
 * duration (`videoDetails.lengthSeconds`, else the format's approximate duration) and `ceil(minutes) × 2` credits.
 * @throws ServiceError as {@link requireTranscribableVideo}; 502 `audio_extract_failed` `no_audio_format`; 502
 *   `upstream_error` when the answer gives no duration; 400 `duration_too_long` over 90 minutes; 400
 *   `cost_exceeds_max` above `maxCredits`.
 */
function priceAudio(
  player: PlayerInfo,
  videoId: string,
  params: { language?: string | undefined; maxCredits?: number | undefined },
): { format: MediaFormat | null; durationSeconds: number; estimate: number } {
  const video = requireTranscribableVideo(player, videoId);
  const format = pickAudioFormat(player, params.language);
  if (format === "none") throw audioExtractError("no_audio_format", "the video has no audio format");
  const durationSeconds =
    video.lengthSeconds || (format?.approxDurationMs ? Math.ceil(format.approxDurationMs / 1000) : null);
  if (!durationSeconds)
    throw fail("upstream_error", "videosite: the player answer gives no duration to estimate from", {
      retryAfterSeconds: 5,
    });
  const estimate = audioCredits(durationSeconds);
  if (durationSeconds > AUDIO_MAX_DURATION_SECONDS)
    throw fail("duration_too_long", "videos longer than 90 minutes cannot be transcribed here", {
      details: {
        durationSeconds,
        maxDurationSeconds: AUDIO_MAX_DURATION_SECONDS,
        estimatedCredits: estimate,
      },
    });
  if (params.maxCredits !== undefined && estimate > params.maxCredits)
    throw fail("cost_exceeds_max", `this video costs ${estimate} credits, above maxCredits`, {
      details: { estimatedCredits: estimate, maxCredits: params.maxCredits },
    });
  return { format, durationSeconds, estimate };
}

/**
 * The audio transcript of a video by speech-to-text (SPEC §2.4, §4.2.2, §7.4). Never substitutes captions.
 *
 * Order: ANDROID `/youtubei/v1/player` → playability (restricted, live, unavailable) → estimate from
 * `videoDetails.lengthSeconds` (over 90 min → 400 `duration_too_long`; above `maxCredits` → 400 `cost_exceeds_max`;
 * balance below it → 402) → format choice → download with re-encode (sources in order, each behind its own circuit:
 * the ANDROID format URL, the VISIONOS player's audio URL, the extractor; see `videositeAudioSources`) → ASR upload.
 * Nothing is downloaded before the estimate checks pass.
 * @returns the result; `credits`/`durationSeconds` for the price rule and `envelope.creditsUsed` (SPEC §2.1);
 *   source `innertube:<android|android-reel>+<direct:itag<n>|direct:visionos|extractor>+<asr-fast|asr-standard>`.
 * @throws ServiceError 400 `duration_too_long` | `cost_exceeds_max`, 402 `insufficient_credits`, 404
 *   `video_unavailable`, 502 `audio_extract_failed` (SPEC §7.4 reasons), `asr_unavailable`, `asr_failed`,
 *   `upstream_*`; all unbilled.
 */
export async function getAudioTranscript(
  params: { url: VideoUrl; language?: string | undefined; maxCredits?: number | undefined },
  ctx: OperationContext<VideositeEnv, VideositeServices>,
): Promise<OperationOutcome<AudioTranscriptResult>> {
  const { videoId, url } = params.url;
  const player = await fetchAndroidPlayer(ctx, videoId);
  const choice = selectTrack(player.info.captions, params.language);
  const captionsPath = choice.kind === "track" || choice.kind === "translation" ? TRANSCRIPT_PATH : null;
  let estimate: number | null = null;
  try {
    const priced = priceAudio(player.info, videoId, params);
    const { format, durationSeconds } = priced;
    estimate = priced.estimate;
    await ctx.requireCredits(estimate);

    const { settings } = ctx.services.media;
    const runtime = await videositeRuntime(ctx, "audio-transcript");
    const sources = await videositeAudioSources({
      ctx,
      videoId,
      player: player.info,
      format,
      pick: (answer) => pickAudioFormat(answer, params.language),
      watchUrl: url,
      settings,
      runtime,
    });
    const transcript = await transcribeAudio({
      settings,
      sources,
      circuit: ctx.services.media.circuit(VIDEOSITE_MEDIA_CIRCUIT),
      circuitFor: ctx.services.media.circuit,
      onSourceOutcome: audioSourceHealth(runtime),
      language: params.language ? primaryLanguage(params.language) : undefined,
      // Room for a player length rounded down, never enough to pass the upload ceiling.
      maxSeconds: Math.min(durationSeconds + 60, AUDIO_MAX_DURATION_SECONDS + 60),
      http: ctx.http,
      log: ctx.log,
      signal: ctx.signal,
    });
    const { segments } = transcript.transcription;
    const data: AudioTranscriptResult = {
      platform: ctx.platform as AudioTranscriptResult["platform"],
      videoId,
      url,
      asrProvider: transcript.asrProvider,
      language: params.language ?? transcript.transcription.language ?? "und",
      languageIsDetected: params.language === undefined,
      durationSeconds,
      segments,
      text: joinSegments(segments),
      creditsUsed: estimate,
      estimatedCredits: estimate,
      source: "asr",
    };
    const client = player.via === "reel" ? "android-reel" : "android";
    return {
      data,
      source: `innertube:${client}+${transcript.audio.source.label}+${transcript.asrProvider}`,
      credits: estimate,
      durationSeconds,
      envelope: { creditsUsed: estimate },
    };
  } catch (error) {
    throw withHints(error, captionsPath, estimate);
  }
}

/** The handler of `videosite.audio-transcript` (its spec: `audioTranscriptSpec`). */
export const audioTranscriptHandler: HandlerFor<
  typeof audioTranscriptSpec,
  VideositeEnv,
  VideositeServices
> = (params, ctx) => getAudioTranscript(params, ctx);

/**
 * The price of `videosite.audio-transcript` without running it (`GET /v1/utilities/estimate`, free): the ANDROID
 * player answer read the way the operation reads it, then the same checks it makes before any download.
 * @returns `durationSeconds` and `credits` (`ceil(durationSeconds / 60) × 2`); source `innertube:<android|android-reel>`.
 * @throws ServiceError the operation's errors before its download (400 `duration_too_long`, `cost_exceeds_max`, 404
 *   `video_unavailable`, 502 `audio_extract_failed` restricted/live, `upstream_*`), with the same hints.
 */
export const audioTranscriptEstimate: EstimateHandler<
  typeof audioTranscriptSpec.params,
  VideositeEnv
> = async (params, ctx) => {
  const { videoId } = params.url;
  const player = await fetchAndroidPlayer(ctx, videoId);
  const choice = selectTrack(player.info.captions, params.language);
  const captionsPath = choice.kind === "track" || choice.kind === "translation" ? TRANSCRIPT_PATH : null;
  try {
    const { durationSeconds, estimate } = priceAudio(player.info, videoId, params);
    return {
      durationSeconds,
      credits: estimate,
      source: `innertube:${player.via === "reel" ? "android-reel" : "android"}`,
    };
  } catch (error) {
    throw withHints(error, captionsPath, null);
  }
};

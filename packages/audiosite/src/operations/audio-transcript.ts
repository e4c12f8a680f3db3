import {
  audioCredits,
  type EstimateHandler,
  type HandlerFor,
  type OperationContext,
  type OperationOutcome,
} from "@sda/contract";
import { type AudioSource, audioExtractError, DirectUrlSource, transcribeAudio } from "@sda/media";
import type { z } from "zod";
import { AudiositeApi } from "../client/api.ts";
import { HlsSource } from "../client/hls-source.ts";
import { fetchResource } from "../client/resolve.ts";
import { fail } from "../errors.ts";
import type { AudioRef } from "../inputs/ref.ts";
import { obj, str } from "../readers/json.ts";
import { type PlatformName, platformOf } from "../readers/platform.ts";
import { readTrack, readTranscodings, type Transcoding } from "../readers/track.ts";
import type { AudiositeServices } from "../services.ts";
import type { audioTranscriptOutput, audioTranscriptSpec } from "../spec/audio-transcript.ts";

/** The longest track transcribed: 90 minutes (SPEC §4.2.2), as for videos. */
export const AUDIO_MAX_DURATION_SECONDS = 90 * 60;
/** The `blocked_rate` circuit of SoundCloud's media CDN (`<prefix>:circuit:audiosite-media`). */
export const AUDIOSITE_MEDIA_CIRCUIT = "audiosite-media";

type AudioTranscriptResult = z.output<typeof audioTranscriptOutput>;

/**
 * The formats worth downloading, in order: `progressive` `audio/mpeg` not snipped, then `hls` `audio/mpeg` not
 * snipped. Encrypted protocols (`ctr-encrypted-hls`, `cbc-encrypted-hls`) and other codecs are never chosen.
 */
export function pickTranscodings(transcodings: readonly Transcoding[]): Transcoding[] {
  const mp3 = (t: Transcoding, protocol: string) =>
    t.url !== null && t.protocol === protocol && t.mimeType === "audio/mpeg" && t.snipped !== true;
  return [...transcodings.filter((t) => mp3(t, "progressive")), ...transcodings.filter((t) => mp3(t, "hls"))];
}

/**
 * What a track's transcript would cost, from its object alone (no download).
 * @throws ServiceError 502 `audio_extract_failed` `restricted` (`BLOCK`, or only snipped previews) or
 *   `no_audio_format`; 400 `duration_too_long` (over 90 minutes), `cost_exceeds_max`; 502 `upstream_error` without
 *   a duration.
 * @param platform the platform the track is on (`platformOf(ctx)`).
 */
export function priceTrack(object: unknown, maxCredits: number | undefined, platform: PlatformName) {
  const track = readTrack(object, platform);
  if (!track) throw fail("upstream_error", "audiosite: the track answer has no id", { retryable: false });
  const transcodings = readTranscodings(object);
  const candidates = pickTranscodings(transcodings);
  if (track.policy === "BLOCK")
    throw audioExtractError("restricted", "the track is not available in the service's country", {
      details: { policy: track.policy },
    });
  if (candidates.length === 0 && (track.policy === "SNIP" || transcodings.some((t) => t.snipped === true)))
    throw audioExtractError("restricted", "only a 30 s preview of the track is available (Go+)", {
      details: { policy: track.policy },
    });
  if (candidates.length === 0)
    throw audioExtractError("no_audio_format", "the track has no MP3 stream format");
  const durationSeconds = track.durationSeconds;
  if (durationSeconds === null)
    throw fail("upstream_error", "audiosite: the track answer gives no duration", {
      retryable: false,
    });
  const estimate = audioCredits(durationSeconds);
  if (durationSeconds > AUDIO_MAX_DURATION_SECONDS)
    throw fail("duration_too_long", "tracks longer than 90 minutes cannot be transcribed here", {
      details: {
        durationSeconds,
        maxDurationSeconds: AUDIO_MAX_DURATION_SECONDS,
        estimatedCredits: estimate,
      },
    });
  if (maxCredits !== undefined && estimate > maxCredits)
    throw fail("cost_exceeds_max", `this track costs ${estimate} credits, above maxCredits`, {
      details: { estimatedCredits: estimate, maxCredits },
    });
  return { track, candidates, durationSeconds, estimate };
}

/**
 * The first candidate whose stream endpoint answers a URL (`GET <transcoding url>?client_id=&track_authorization=`
 * → `{url}`), as an audio source; a 404 passes to the next.
 * @throws ServiceError 502 `audio_extract_failed` `no_audio_format` when none answers.
 */
async function openableSource(
  ctx: OperationContext,
  api: AudiositeApi,
  candidates: readonly Transcoding[],
  authorization: string | null,
): Promise<AudioSource> {
  for (const candidate of candidates) {
    if (!candidate.url) continue;
    const answer = await api.get(candidate.url, { track_authorization: authorization ?? undefined });
    const url = answer.ok ? str(obj(answer.body).url) : null;
    if (!url) continue;
    const label = `${candidate.protocol}:${candidate.preset ?? "mp3"}`;
    return candidate.protocol === "hls"
      ? new HlsSource({ http: ctx.http, url, label })
      : new DirectUrlSource({ http: ctx.http, url, label });
  }
  throw audioExtractError("no_audio_format", "no stream format of the track answered a URL");
}

/**
 * The transcript of a track's speech (SPEC §2.4 with `trackId`): the track (`/resolve`, or the embed player for a
 * urn) → availability and estimate (`ceil(durationSeconds / 60) × 2`, the 90-minute limit and `maxCredits`, then the
 * balance, all before any download) → the stream URL of the first usable MP3 format → download, re-encode and ASR
 * through `ctx.services.media` (`@sda/media`'s `transcribeAudio`).
 * @returns source `api-v2:<progressive|hls>:<preset>+<asr-fast|asr-standard>`; `credits`, `durationSeconds`.
 * @throws ServiceError 400 `duration_too_long` | `cost_exceeds_max` | `url_kind_mismatch`, 402, 404 `not_found`,
 *   502 `audio_extract_failed` (`restricted`, `no_audio_format`, download reasons), `asr_unavailable`, `asr_failed`,
 *   `upstream_*`; all unbilled.
 */
export async function getAudioTranscript(
  params: { url: AudioRef; language?: string | undefined; maxCredits?: number | undefined },
  ctx: OperationContext<Readonly<Record<string, unknown>>, AudiositeServices>,
): Promise<OperationOutcome<AudioTranscriptResult>> {
  const api = new AudiositeApi(ctx);
  const object = await fetchResource(ctx, api, params.url, "track");
  const { track, candidates, durationSeconds, estimate } = priceTrack(
    object,
    params.maxCredits,
    platformOf(ctx),
  );
  await ctx.requireCredits(estimate);
  const { settings } = ctx.services.media;
  const source = await openableSource(ctx, api, candidates, str(obj(object).track_authorization));
  const language = params.language?.split("-")[0];
  const transcript = await transcribeAudio({
    settings,
    sources: [source],
    circuit: ctx.services.media.circuit(AUDIOSITE_MEDIA_CIRCUIT),
    language,
    maxSeconds: Math.min(durationSeconds + 60, AUDIO_MAX_DURATION_SECONDS + 60),
    http: ctx.http,
    log: ctx.log,
    signal: ctx.signal,
  });
  const { segments } = transcript.transcription;
  const data: AudioTranscriptResult = {
    platform: platformOf(ctx),
    trackId: track.id,
    url:
      track.url ??
      (params.url.by === "id" ? `https://api.soundcloud.com/tracks/${track.id}` : params.url.url),
    asrProvider: transcript.asrProvider,
    language: params.language ?? transcript.transcription.language ?? "und",
    languageIsDetected: params.language === undefined,
    durationSeconds,
    segments,
    text: segments.map((s) => s.text).join(" "),
    creditsUsed: estimate,
    estimatedCredits: estimate,
    source: "asr",
  };
  return {
    data,
    source: `api-v2:${transcript.audio.source.label}+${transcript.asrProvider}`,
    credits: estimate,
    durationSeconds,
    envelope: { creditsUsed: estimate },
  };
}

/** The handler of `audiosite.audio-transcript` (its spec: `audioTranscriptSpec`). */
export const audioTranscriptHandler: HandlerFor<
  typeof audioTranscriptSpec,
  Readonly<Record<string, unknown>>,
  AudiositeServices
> = (params, ctx) => getAudioTranscript(params, ctx);

/**
 * The price of `audiosite.audio-transcript` without running it (`GET /v1/utilities/estimate`, free): the track read
 * as the operation reads it, then the same checks it makes before any download.
 * @returns `durationSeconds` and `credits` (`ceil(durationSeconds / 60) × 2`); source `api-v2:resolve`.
 * @throws ServiceError the operation's errors before its download (400 `duration_too_long`, `cost_exceeds_max`,
 *   404 `not_found`, 502 `audio_extract_failed` restricted / no_audio_format, `upstream_*`).
 */
export const audioTranscriptEstimate: EstimateHandler<typeof audioTranscriptSpec.params> = async (
  params,
  ctx,
) => {
  const object = await fetchResource(ctx, new AudiositeApi(ctx), params.url, "track");
  const { durationSeconds, estimate } = priceTrack(object, params.maxCredits, platformOf(ctx));
  return { durationSeconds, credits: estimate, source: "api-v2:resolve" };
};

import type { OperationContext } from "@sda/contract";
import type { ServiceError } from "@sda/core";
import {
  type AudioSource,
  type AudioTranscript,
  audioExtractError,
  DirectUrlSource,
  ExtractorSource,
  transcribeAudio,
} from "@sda/media";
import { fail } from "../errors.ts";
import type { Media } from "../readers/model.ts";
import type { PhotositeServices } from "../services.ts";

/** Name of the photosite media CDN's `blocked_rate` circuit (Redis key `<prefix>:circuit:photosite-media`). */
export const PHOTOSITE_MEDIA_CIRCUIT = "photosite-media";

/**
 * Longest video the fixed-price transcript takes: 15 minutes (reels are at most 3 minutes; longer feed videos of the
 * IGTV era are still short enough for one speech file). Longer → 400 `duration_too_long`.
 */
export const REEL_MAX_DURATION_SECONDS = 15 * 60;

/** Product types that are always videos, whatever the rest of the answer says. */
const VIDEO_PRODUCT_TYPES = new Set(["clips", "igtv"]);

/** The video URL of a post to transcribe: its own video, else the first video slide of a carousel. */
export function speechVideoUrl(media: Media): string | null {
  return media.videoUrl ?? media.children.find((c) => c.type === "video" && c.videoUrl)?.videoUrl ?? null;
}

/**
 * Whether a post carries a video at all: a video or reel (by `type`, `isReel` or `product_type`), or a carousel with a
 * video slide. A post whose type the answer does not give (the logged-out page) counts as a video, so the download
 * decides instead of a wrong 422.
 */
export function hasVideo(media: Media): boolean {
  if (media.type === "video" || media.isReel) return true;
  if (media.productType && VIDEO_PRODUCT_TYPES.has(media.productType)) return true;
  if (speechVideoUrl(media)) return true;
  return media.type === null;
}

/**
 * 422 `unsupported_url` for a post without any video (an image post or an image-only carousel): there is no speech.
 * `details.reason` is `not_a_video`, `details.type` the post's type.
 */
export function notAVideoError(media: Media, shortcode: string): ServiceError {
  return fail("unsupported_url", `post ${shortcode} has no video, so no speech to transcribe`, {
    details: { reason: "not_a_video", type: media.type, shortcode },
  });
}

/** Speech of a post's video as the ASR recognised it, and the pieces of the source string. */
export interface PostSpeech {
  transcript: AudioTranscript;
  /** `direct` (the answer's video URL) or `extractor`. */
  sourceLabel: string;
}

/**
 * Transcribes the speech of a post's video: the answer's best `video_versions` URL downloaded through the upstream
 * client (platform `photosite`, the CDN host `*.cdninstagram.com` / `*.fbcdn.net`), then the extractor when
 * configured (`AUDIO_EXTRACTOR_PATH`, given the post page URL); re-encoded to 16 kHz mono MP3 and sent to the ASR
 * tiers (fast, then standard), in a temp dir removed afterwards, behind the `photosite-media` circuit (`@sda/media`).
 * @param media the post as `fetchPost` read it (must have a video, see {@link hasVideo}).
 * @param pageUrl the post's page URL, for the extractor.
 * @throws ServiceError 400 `duration_too_long` (over {@link REEL_MAX_DURATION_SECONDS}), 502 `asr_unavailable` (no
 *   tier configured, checked before any download), `audio_extract_failed` (SPEC §7.4 reasons; `extractor_unavailable`
 *   when the answer has no video URL and no extractor is configured), `asr_failed`.
 */
export async function transcribePostVideo(
  ctx: Pick<
    OperationContext<unknown, Pick<PhotositeServices, "media">>,
    "http" | "log" | "signal" | "services"
  >,
  media: Media,
  pageUrl: string,
): Promise<PostSpeech> {
  const durationSeconds = media.durationSeconds;
  if (durationSeconds !== null && durationSeconds > REEL_MAX_DURATION_SECONDS)
    throw fail("duration_too_long", "videos longer than 15 minutes cannot be transcribed here", {
      details: { durationSeconds, maxDurationSeconds: REEL_MAX_DURATION_SECONDS },
    });
  const { settings } = ctx.services.media;
  const sources: AudioSource[] = [];
  const videoUrl = speechVideoUrl(media);
  if (videoUrl) sources.push(new DirectUrlSource({ http: ctx.http, url: videoUrl, label: "direct" }));
  if (settings.extractorPath)
    sources.push(
      new ExtractorSource({
        command: settings.extractorPath,
        pageUrl,
        onFailure: (info) => ctx.log.warn({ ...info, mediaId: media.id }, "audio extractor failed"),
      }),
    );
  if (sources.length === 0 && settings.asr.length > 0)
    throw audioExtractError("extractor_unavailable", "the post answer carries no video URL to download");
  const transcript = await transcribeAudio({
    settings,
    sources,
    circuit: ctx.services.media.circuit(PHOTOSITE_MEDIA_CIRCUIT),
    maxSeconds: (durationSeconds ?? REEL_MAX_DURATION_SECONDS) + 60,
    http: ctx.http,
    log: ctx.log,
    signal: ctx.signal,
  });
  return { transcript, sourceLabel: transcript.audio.source.label };
}

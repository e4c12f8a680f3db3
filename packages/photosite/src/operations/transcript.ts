import type { HandlerFor, OperationContext, OperationOutcome } from "@sda/contract";
import type { z } from "zod";
import { fetchPost } from "../client/post.ts";
import type { PhotositeEnv } from "../env.ts";
import type { PostRef } from "../inputs/params.ts";
import type { Media } from "../readers/model.ts";
import type { PhotositeServices } from "../services.ts";
import type { transcriptOutput, transcriptSpec } from "../spec/transcript.ts";
import { hasVideo, notAVideoError, transcribePostVideo } from "./speech.ts";

/**
 * `data` of the transcript operation (its schema `transcriptOutput`: SPEC §2.4's speech fields for a reel or video
 * post): `id` is the media id (`pk`) as a decimal string, `username` the author's when the answer gives it.
 */
export type ReelTranscript = z.output<typeof transcriptOutput>;

/** A post's speech as the transcript answers it, plus the source string's parts. */
export interface PostTranscript {
  media: Media;
  data: ReelTranscript;
  /** `<post source>+<direct|extractor>+<asr-fast|asr-standard>`, e.g. `graphql+direct+asr-fast`. */
  source: string;
}

/**
 * The speech of a reel or video post: the post read as the details operation reads it (`fetchPost`), then its video
 * downloaded, re-encoded and transcribed (see `transcribePostVideo`).
 * @throws ServiceError 404 `post_not_found`, 422 `unsupported_url` (`reason: not_a_video`: an image post or an
 *   image-only carousel), 400 `duration_too_long`, 502 `asr_unavailable` | `asr_failed` | `audio_extract_failed` |
 *   `upstream_*`; all unbilled.
 */
export async function readPostSpeech(
  ctx: OperationContext<PhotositeEnv, PhotositeServices>,
  post: PostRef,
  answer?: Awaited<ReturnType<typeof fetchPost>>,
): Promise<PostTranscript> {
  const { media, via } = answer ?? (await fetchPost(ctx, post));
  if (!hasVideo(media)) throw notAVideoError(media, post.shortcode);
  const url = media.url ?? post.url;
  const { transcript, sourceLabel } = await transcribePostVideo(ctx, media, url);
  const { segments, language } = transcript.transcription;
  const probed = transcript.audio.probe.durationSeconds;
  return {
    media,
    data: {
      platform: ctx.platform as ReelTranscript["platform"],
      id: media.id ?? post.mediaId,
      shortcode: media.shortcode ?? post.shortcode,
      url,
      username: media.author?.username ?? null,
      asrProvider: transcript.asrProvider,
      language: language ?? "und",
      languageIsDetected: true,
      durationSeconds: media.durationSeconds ?? (probed === null ? null : Math.round(probed)),
      segments,
      text: segments.map((s) => s.text).join(" "),
      source: "asr",
    },
    source: `${via}+${sourceLabel}+${transcript.asrProvider}`,
  };
}

/** The transcript operation's handler: {@link readPostSpeech} as `{data, source}`. */
export async function getReelTranscript(
  ctx: OperationContext<PhotositeEnv, PhotositeServices>,
  post: PostRef,
): Promise<OperationOutcome<ReelTranscript>> {
  const { data, source } = await readPostSpeech(ctx, post);
  return { data, source };
}

/** The handler of `photosite.transcript` (its spec: `transcriptSpec`). */
export const transcriptHandler: HandlerFor<typeof transcriptSpec, PhotositeEnv, PhotositeServices> = (
  params,
  ctx,
) => getReelTranscript(ctx, params.url);

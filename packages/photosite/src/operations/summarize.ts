import type { HandlerFor, OperationContext, OperationOutcome } from "@sda/contract";
import type { Summary, SummaryInput, TranscriptSegment } from "@sda/summarize";
import { collapseWhitespace } from "@sda/text";
import type { z } from "zod";
import { fetchPost } from "../client/post.ts";
import type { PhotositeEnv } from "../env.ts";
import { fail } from "../errors.ts";
import type { PostRef } from "../inputs/params.ts";
import type { Media } from "../readers/model.ts";
import type { PhotositeServices } from "../services.ts";
import type { summarizeOutput, summarizeSpec } from "../spec/summarize.ts";
import { hasVideo } from "./speech.ts";
import { readPostSpeech } from "./transcript.ts";

/** `data` of the summarize operation: SPEC §2.5 for a post or reel. */
export interface PostSummary extends Summary {
  /** The platform (`ctx.platform`, the spec's literal). */
  platform: z.output<typeof summarizeOutput>["platform"];
  /** The media id (`pk`) as a decimal string. */
  id: string;
  shortcode: string;
  url: string;
  /** The author's username, when the answer gives it. */
  username: string | null;
  /** What the summariser was told the post is: `Reel by @user`, `Post by @user` (SPEC §2.5 `title`). */
  title: string;
  /** The speech's detected language (BCP-47), `und` when only the caption was read. */
  language: string;
  /** What was summarised: `caption`, `speech`, or both, in that order. */
  inputs: ("caption" | "speech")[];
}

/** `Reel by @user` / `Video by @user` / `Post by @user` (no handle: without the `by` part). */
function titleOf(media: Media): string {
  const kind = media.isReel ? "Reel" : media.type === "video" ? "Video" : "Post";
  const username = media.author?.username;
  return username ? `${kind} by @${username}` : kind;
}

/**
 * The summariser's input: the caption as one leading segment at 0 ms (the text the author wrote beside the video),
 * then the speech segments with their times.
 */
function summaryInput(
  title: string,
  caption: string | null,
  speech: readonly TranscriptSegment[],
  language: string,
): SummaryInput {
  const segments: TranscriptSegment[] = [];
  if (caption) segments.push({ text: caption, startMs: 0, endMs: 0 });
  segments.push(...speech);
  return { title, text: segments.map((s) => s.text).join(" "), segments, language };
}

/**
 * The summary of a post or reel from its caption and, when it has a video, its speech (the transcript operation's
 * pipeline), by the configured LLM, else the built-in extractive summariser (`@sda/summarize`).
 * @returns source `<post source>[+<direct|extractor>+<asr tier>]+<llm|extractive>`, e.g.
 *   `graphql+direct+asr-fast+extractive`, `graphql+llm`.
 * @throws ServiceError 404 `post_not_found`; 422 `unsupported_url` (`reason: no_text`: neither a caption nor
 *   speech); the transcript's errors for a video (400 `duration_too_long`, 502 `asr_unavailable`, `asr_failed`,
 *   `audio_extract_failed`); 502 `summary_failed`, `upstream_*`; all unbilled.
 */
export async function getPostSummary(
  ctx: OperationContext<PhotositeEnv, PhotositeServices>,
  post: PostRef,
): Promise<OperationOutcome<PostSummary>> {
  const answer = await fetchPost(ctx, post);
  const { media } = answer;
  const speech = hasVideo(media) ? await readPostSpeech(ctx, post, answer) : null;
  const caption = media.caption ? collapseWhitespace(media.caption) : null;
  const segments = speech?.data.segments ?? [];
  const inputs: PostSummary["inputs"] = [];
  if (caption) inputs.push("caption");
  if (segments.length > 0) inputs.push("speech");
  if (inputs.length === 0)
    throw fail("unsupported_url", `post ${post.shortcode} has neither a caption nor speech to summarise`, {
      details: { reason: "no_text", shortcode: post.shortcode },
    });
  const language = segments.length > 0 ? (speech?.data.language ?? "und") : "und";
  const title = titleOf(media);
  const { summariser } = ctx.services;
  const summary = await summariser.summarize(summaryInput(title, caption, segments, language), ctx);
  return {
    data: {
      platform: ctx.platform as PostSummary["platform"],
      id: media.id ?? post.mediaId,
      shortcode: media.shortcode ?? post.shortcode,
      url: media.url ?? post.url,
      username: media.author?.username ?? null,
      title,
      summary: summary.summary,
      keyPoints: summary.keyPoints,
      topics: summary.topics,
      sentiment: summary.sentiment,
      language,
      inputs,
    },
    source: `${speech?.source ?? answer.via}+${summariser.name}`,
  };
}

/** The handler of `photosite.summarize` (its spec: `summarizeSpec`). */
export const summarizeHandler: HandlerFor<typeof summarizeSpec, PhotositeEnv, PhotositeServices> = (
  params,
  ctx,
) => getPostSummary(ctx, params.url);

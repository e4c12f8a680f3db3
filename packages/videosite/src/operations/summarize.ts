import type { HandlerFor, OperationContext, OperationOutcome } from "@sda/contract";
import type { Summary } from "@sda/summarize";
import type { VideositeEnv } from "../env.ts";
import type { VideoUrl } from "../inputs/video-url.ts";
import type { VideositeServices } from "../services.ts";
import type { summarizeSpec } from "../spec/summarize.ts";
import { getTranscript } from "./transcript.ts";

/** SPEC §2.5: the summary result. */
export interface SummaryResult extends Summary {
  url: string;
  videoId: string;
  title: string;
  /** Language of the summary: that of the caption track read (the requested one, possibly machine-translated). */
  language: string;
}

/**
 * The summary of a video from its captions (SPEC §2.5, §4.2 rule 2): the transcript exactly as
 * `GET /v1/videosite/transcript` reads it (same track choice, same 404 diagnostics), summarised by the configured
 * LLM, else by the built-in extractive summariser.
 * @returns source `<the transcript's source>+<llm|extractive>`, e.g. `innertube:android+timedtext:json3+llm`.
 * @throws ServiceError 404 `video_unavailable` | `no_captions` | `language_not_available` (with the transcript
 *   operation's diagnostics), 502 `upstream_*`, 502 `summary_failed` (the LLM failed or answered invalid JSON twice);
 *   all unbilled.
 */
export async function getSummary(
  params: { url: VideoUrl; language?: string | undefined },
  ctx: OperationContext<VideositeEnv, VideositeServices>,
): Promise<OperationOutcome<SummaryResult>> {
  const transcript = await getTranscript(params, ctx);
  const { data } = transcript;
  const summary = await ctx.services.summariser.summarize(
    { title: data.title, text: data.text, segments: data.segments, language: data.returnedLanguage },
    ctx,
  );
  return {
    data: {
      url: data.url,
      videoId: data.videoId,
      title: data.title,
      summary: summary.summary,
      keyPoints: summary.keyPoints,
      topics: summary.topics,
      sentiment: summary.sentiment,
      language: data.returnedLanguage,
    },
    source: `${transcript.source}+${ctx.services.summariser.name}`,
  };
}

/** The handler of `videosite.summarize` (its spec: `summarizeSpec`). */
export const summarizeHandler: HandlerFor<typeof summarizeSpec, VideositeEnv, VideositeServices> = (
  params,
  ctx,
) => getSummary(params, ctx);

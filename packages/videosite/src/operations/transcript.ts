import { cacheParam, defineOperation, fixed } from "@sda/core";
import { z } from "zod";
import type { TranscriptResult } from "../captions/transcript-result.ts";
import { languageParam } from "../language.ts";
import type { ChainContext } from "../strategies/runtime.ts";
import { runTranscriptChain } from "../strategies/transcript.ts";
import { type VideoUrl, videoUrlParam } from "../video-url.ts";

export type { TranscriptResult } from "../captions/transcript-result.ts";

/** Query parameters of `GET /v1/videosite/transcript`. */
export const transcriptParams = z.object({
  url: videoUrlParam,
  language: languageParam,
  cache: cacheParam,
});

/**
 * The transcript of a video from its published caption tracks.
 *
 * Upstream: the transcript strategy chain (`runTranscriptChain`): ANDROID `/youtubei/v1/player` (track list,
 * playability), its `reel_item_watch` transport when `/player` fails, then VISIONOS `/player`; each then
 * `/api/timedtext` (json3, else srv3, else classic). Track choice: see `selectTrack`.
 * @returns `{ data: TranscriptResult, source }` with source `innertube:<android|android-reel|visionos>+timedtext:<format>`.
 * @throws ServiceError 404 `video_unavailable` | `no_captions` | `language_not_available` (0 credits, SPEC §7.3);
 *   502 `upstream_blocked` on a bot check, session block or captcha (`reason`), or `po_token_required` when the
 *   caption link needs a PO token none is configured for; 502 `upstream_error` when the player or the caption body
 *   cannot be fetched (retryable). Every error lists the strategies tried and skipped in `details.strategies`.
 */
export async function getTranscript(
  params: { url: VideoUrl; language?: string | undefined },
  ctx: ChainContext,
): Promise<{ data: TranscriptResult; source: string }> {
  return runTranscriptChain(params, ctx);
}

/** `GET /v1/videosite/transcript` (SPEC §2.3, §4.2, §7.3): 1 credit on success, 0 on 404. */
export const transcriptOperation = defineOperation({
  id: "videosite.transcript",
  method: "GET",
  path: "/v1/videosite/transcript",
  tag: "videosite",
  summary:
    "Transcript of a video from its caption tracks: full text plus timed segments; `language` requires that language (a machine translation when the platform offers one).",
  params: transcriptParams,
  price: fixed(1),
  queue: "videosite",
  cache: { mode: "optIn" },
  handler: (params, ctx) => getTranscript(params, ctx),
});

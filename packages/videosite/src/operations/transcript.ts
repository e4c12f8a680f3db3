import type { HandlerFor } from "@sda/contract";
import type { ChainContext } from "../client/strategies/runtime.ts";
import { runTranscriptChain } from "../client/strategies/transcript.ts";
import type { VideositeEnv } from "../env.ts";
import type { VideoUrl } from "../inputs/video-url.ts";
import type { TranscriptResult } from "../readers/captions/transcript-result.ts";
import type { VideositeServices } from "../services.ts";
import type { transcriptSpec } from "../spec/transcript.ts";

export type { TranscriptResult } from "../readers/captions/transcript-result.ts";

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

/** The handler of `videosite.transcript` (its spec: `transcriptSpec`). */
export const transcriptHandler: HandlerFor<typeof transcriptSpec, VideositeEnv, VideositeServices> = (
  params,
  ctx,
) => getTranscript(params, ctx);

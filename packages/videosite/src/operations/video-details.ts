import type { HandlerFor, OperationContext } from "@sda/contract";
import { fetchNext } from "../client/innertube/next.ts";
import { fetchAndroidPlayer, fetchWebMicroformat } from "../client/innertube/player.ts";
import { fetchWatchPage } from "../client/watch-page.ts";
import type { VideositeEnv } from "../env.ts";
import { fail } from "../errors.ts";
import type { VideoUrl } from "../inputs/video-url.ts";
import { playerBlockedError } from "../readers/video/blocked-error.ts";
import { buildVideoDetails, type VideoDetailsResult } from "../readers/video/build-details.ts";
import { type NextInfo, readNext } from "../readers/video/next-reader.ts";
import { classifyPlayability } from "../readers/video/playability.ts";
import { type Microformat, readMicroformat } from "../readers/video/player-reader.ts";
import type { WatchPageData } from "../readers/video/watch-page.ts";
import type { videoDetailsSpec } from "../spec/video-details.ts";
import { optionalPart } from "./optional-part.ts";

type DetailsContext = Pick<OperationContext, "http" | "signal" | "log">;

/**
 * The details of a video (SPEC §2.6).
 *
 * Upstream, in order: ANDROID `/youtubei/v1/player` (required; the call fails only when it fails); then in parallel
 * the WEB `$fields=microformat` player request (skipped when the player already has a microformat) and WEB
 * `/youtubei/v1/next`; then, only when the microformat or the watch-next data is still missing, the watch page
 * (`GET /watch?v=`), whose `ytInitialPlayerResponse` and `ytInitialData` stand in for both. A part that fails degrades
 * the result (`degraded: true`, `degradedReason: "partial-extraction"`) instead of failing the call.
 *
 * @returns `{ data, source }`; source e.g. `innertube:android+web+next`, `innertube:android+watch`,
 *   `innertube:android+next` (degraded: no microformat).
 * @throws ServiceError 502 `upstream_blocked` on a bot check; 404 `video_unavailable` (with `reason`) when the player
 *   describes no video (private, removed, non-existent); 502 `upstream_*` when the player cannot be fetched.
 *   Videos that exist but cannot be played (members-only, age-restricted, upcoming, …) are answered 200 with
 *   `isPlayable: false` and `unplayableReason`.
 */
export async function getVideoDetails(
  params: { url: VideoUrl },
  ctx: DetailsContext,
): Promise<{ data: VideoDetailsResult; source: string }> {
  const { videoId, url } = params.url;
  const player = await fetchAndroidPlayer(ctx, videoId);
  const verdict = classifyPlayability(player.info);
  if (verdict.kind === "blocked") throw playerBlockedError(verdict.reason, verdict.message);
  const details = player.info.details;
  if (details === null)
    throw fail("video_unavailable", verdict.kind === "unavailable" ? verdict.message : "no such video", {
      details: { videoId, reason: verdict.kind === "unavailable" ? verdict.reason : "unavailable" },
    });

  const sources = [player.via === "reel" ? "innertube:android-reel" : "innertube:android"];
  let microformat: Microformat | null = player.info.microformat;
  const [webMicroformat, rawNext] = await Promise.all([
    microformat
      ? Promise.resolve(null)
      : optionalPart(ctx, "web-microformat", () => fetchWebMicroformat(ctx, videoId)),
    optionalPart(ctx, "next", () => fetchNext(ctx, videoId)),
  ]);
  if (!microformat && webMicroformat) {
    microformat = webMicroformat;
    sources.push("web");
  }
  let next: NextInfo | null = rawNext === null ? null : readNext(rawNext, videoId);
  if (next?.found) sources.push("next");

  if (!microformat || !next?.found) {
    const page: WatchPageData | null = await optionalPart(ctx, "watch", () => fetchWatchPage(ctx, videoId));
    const pageMicroformat = microformat ? null : readMicroformat(page?.player);
    const pageNext = next?.found || !page?.initialData ? null : readNext(page.initialData, videoId);
    if (pageMicroformat) microformat = pageMicroformat;
    if (pageNext?.found) next = pageNext;
    if (pageMicroformat || pageNext?.found) sources.push("watch");
  }

  const data = buildVideoDetails({
    videoId,
    url,
    player: player.info,
    details,
    microformat,
    next,
    unplayableReason: verdict.kind === "unavailable" ? verdict.reason : null,
  });
  return { data, source: sources.join("+") };
}

/** The handler of `videosite.video-details` (its spec: `videoDetailsSpec`). */
export const videoDetailsHandler: HandlerFor<typeof videoDetailsSpec, VideositeEnv> = (params, ctx) =>
  getVideoDetails(params, ctx);

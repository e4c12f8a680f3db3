import type { HandlerFor, OperationContext } from "@sda/contract";
import {
  fetchBrowseContinuation,
  fetchChannelTab,
  resolveChannelId,
} from "../client/innertube/channel-page.ts";
import type { VideositeEnv } from "../env.ts";
import type { ChannelUrl } from "../inputs/channel-url.ts";
import { readChannelAbout } from "../readers/channel/about-reader.ts";
import { buildChannelDetails, type ChannelDetailsResult } from "../readers/channel/build-details.ts";
import { readChannelHeader } from "../readers/channel/header-reader.ts";
import type { channelDetailsSpec } from "../spec/channel-details.ts";
import { optionalPart } from "./optional-part.ts";

type ChannelContext = Pick<OperationContext, "platform" | "http" | "signal" | "log">;

/**
 * The profile of a channel (SPEC §2.8).
 *
 * Upstream, in order: `POST /youtubei/v1/navigation/resolve_url` (handles and legacy URLs only); the channel's
 * Videos tab (`POST /youtubei/v1/browse`, `{ browseId, params }`), whose header, metadata and microformat give the
 * profile core; then the About panel (`POST /youtubei/v1/browse` with the header's About continuation) for links,
 * country, lifetime views and the join date. An About panel that cannot be fetched degrades the result
 * (`degraded: true`) instead of failing the call.
 *
 * @returns `{ data, source }`, source `innertube:[resolve+]browse[+about]`.
 * @throws ServiceError 404 `channel_not_found` (unknown handle, URL or id), 404 `channel_unavailable` (terminated,
 *   age-restricted), 502 `upstream_*` when the channel page cannot be fetched.
 */
export async function getChannelDetails(
  params: { url: ChannelUrl },
  ctx: ChannelContext,
): Promise<{ data: ChannelDetailsResult; source: string }> {
  const sources: string[] = [];
  if (params.url.ref.kind !== "id") sources.push("resolve");
  const channelId = await resolveChannelId(ctx, params.url.ref);
  const page = await fetchChannelTab(ctx, channelId, "videos");
  sources.push("browse");
  const header = readChannelHeader(page.answer);
  let about = null;
  let aboutFailed = false;
  if (header.aboutToken) {
    const token = header.aboutToken;
    const answer = await optionalPart(ctx, "channel-about", () => fetchBrowseContinuation(ctx, token));
    about = answer ? readChannelAbout(answer.answer) : null;
    aboutFailed = about === null;
    if (about) sources.push("about");
  }
  const data = buildChannelDetails({
    platform: ctx.platform as ChannelDetailsResult["platform"],
    channelId: header.channelId ?? channelId,
    header,
    about,
    aboutFailed,
  });
  return { data, source: `innertube:${sources.join("+")}` };
}

/** The handler of `videosite.channel-details` (its spec: `channelDetailsSpec`). */
export const channelDetailsHandler: HandlerFor<typeof channelDetailsSpec, VideositeEnv> = (params, ctx) =>
  getChannelDetails(params, ctx);

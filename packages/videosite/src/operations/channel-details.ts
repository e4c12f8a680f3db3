import {
  CACHE_MAX_AGE_KEEP_SECONDS,
  cacheMaxAgeParam,
  cacheParam,
  defineOperation,
  fixed,
  type OperationContext,
} from "@sda/core";
import { z } from "zod";
import { readChannelAbout } from "../channel/about-reader.ts";
import { buildChannelDetails, type ChannelDetailsResult } from "../channel/build-details.ts";
import { fetchBrowseContinuation, fetchChannelTab, resolveChannelId } from "../channel/channel-page.ts";
import { type ChannelUrl, channelUrlParam } from "../channel/channel-url.ts";
import { readChannelHeader } from "../channel/header-reader.ts";
import { optionalPart } from "../innertube/optional-part.ts";

/** Query parameters of `GET /v1/videosite/channel-details`. */
export const channelDetailsParams = z.object({
  url: channelUrlParam,
  cache: cacheParam,
  cacheMaxAge: cacheMaxAgeParam,
});

type ChannelContext = Pick<OperationContext, "http" | "signal" | "log">;

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
  const data = buildChannelDetails({ channelId: header.channelId ?? channelId, header, about, aboutFailed });
  return { data, source: `innertube:${sources.join("+")}` };
}

/** `GET /v1/videosite/channel-details` (SPEC §2.8): 1 credit. */
export const channelDetailsOperation = defineOperation({
  id: "videosite.channel-details",
  method: "GET",
  path: "/v1/videosite/channel-details",
  tag: "videosite",
  summary:
    "Profile of a channel: name, handle, description, avatar, banner, subscribers, videos, verified, join date, views, country, links, e-mail, tags.",
  params: channelDetailsParams,
  price: fixed(1),
  queue: "videosite",
  cache: { mode: "optIn", ttlSeconds: CACHE_MAX_AGE_KEEP_SECONDS },
  handler: (params, ctx) => getChannelDetails(params, ctx),
});

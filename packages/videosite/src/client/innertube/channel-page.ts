import type { ServiceError } from "@sda/core";
import { fail } from "../../errors.ts";
import type { ChannelRef, ChannelTab } from "../../inputs/channel-url.ts";
import { ORIGIN } from "../../inputs/site.ts";
import { assertChannelAvailable, type ChannelPage } from "../../readers/channel/availability.ts";
import { stringAt } from "../../readers/innertube/json.ts";
import type { UpstreamContext } from "../context.ts";
import { postWeb } from "./web-post.ts";

/**
 * `params` of the channel tabs for `POST /youtubei/v1/browse` (protobuf, as the web client sends them, padding
 * percent-encoded). The Videos tab is also the page channel-details reads: it carries the header and metadata.
 */
export const TAB_PARAMS: Record<ChannelTab, string> = {
  videos: "EgZ2aWRlb3PyBgQKAjoA",
  shorts: "EgZzaG9ydHPyBgUKA5oBAA%3D%3D",
  streams: "EgdzdHJlYW1z8gYECgJ6AA%3D%3D",
};

function notFound(message: string, details: Record<string, unknown>): ServiceError {
  return fail("channel_not_found", message, { details: { ...details } });
}

/**
 * The channel id behind a handle or a legacy URL.
 * Source: `POST /youtubei/v1/navigation/resolve_url` with `{ url }` → `endpoint.browseEndpoint.browseId`.
 * @throws ServiceError 404 `channel_not_found` when the platform knows no such channel (HTTP 404/400, or the URL
 *   resolves to something that is not a channel); `upstream_*` when the request fails.
 */
export async function resolveChannelId(ctx: UpstreamContext, ref: ChannelRef): Promise<string> {
  if (ref.kind === "id") return ref.channelId;
  const path = ref.kind === "handle" ? `/${ref.handle}` : ref.path;
  const response = await postWeb(
    ctx,
    "navigation/resolve_url",
    { url: `${ORIGIN}${encodeURI(path)}` },
    {
      acceptStatus: [400, 404],
    },
  );
  const name = ref.kind === "handle" ? ref.handle : ref.path;
  if (response.status !== 200) throw notFound(`videosite has no channel ${name}`, { channel: name });
  const browseId = stringAt(response.json<unknown>(), "endpoint", "browseEndpoint", "browseId");
  if (!browseId?.startsWith("UC")) throw notFound(`${name} is not a videosite channel`, { channel: name });
  return browseId;
}

/**
 * One tab of a channel, first page.
 * Source: `POST /youtubei/v1/browse` with `{ browseId: <channel id>, params: TAB_PARAMS[tab] }` (WEB client).
 * @throws ServiceError 404 `channel_not_found` for an id the platform rejects (HTTP 400 "invalid argument" or 404),
 *   404 `channel_unavailable` (see {@link assertChannelAvailable}), `upstream_*` when the request fails.
 */
export async function fetchChannelTab(
  ctx: UpstreamContext,
  channelId: string,
  tab: ChannelTab,
): Promise<ChannelPage> {
  const response = await postWeb(
    ctx,
    "browse",
    { browseId: channelId, params: TAB_PARAMS[tab] },
    {
      acceptStatus: [400, 404],
    },
  );
  if (response.status !== 200) throw notFound(`videosite has no channel ${channelId}`, { channelId });
  const page = { channelId, answer: response.json<unknown>(), date: response.date };
  assertChannelAvailable(page);
  return page;
}

/**
 * A continuation page of a channel tab (`POST /youtubei/v1/browse` with `{ continuation }`).
 * @throws ServiceError `upstream_*` when the request fails.
 */
export async function fetchBrowseContinuation(
  ctx: UpstreamContext,
  token: string,
): Promise<{ answer: unknown; date: Date | null }> {
  const response = await postWeb(ctx, "browse", { continuation: token });
  return { answer: response.json<unknown>(), date: response.date };
}

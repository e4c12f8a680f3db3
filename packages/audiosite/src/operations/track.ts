import type { HandlerFor } from "@sda/contract";
import { AudiositeApi } from "../client/api.ts";
import { fetchResource } from "../client/resolve.ts";
import { platformOf } from "../readers/platform.ts";
import { readTrack } from "../readers/track.ts";
import type { trackSpec } from "../spec/track.ts";
import { unreadable } from "./user.ts";

/**
 * The handler of `audiosite.track`: `/resolve` of the link (a urn: the embed player's canonical link, resolved). A
 * geo-blocked (`BLOCK`) or preview-only (`SNIP`) track is a normal answer.
 * @returns the track; source `api-v2:resolve` or `player+api-v2:resolve`.
 * @throws ServiceError 404 `not_found`, 400 `url_kind_mismatch`, 502 `upstream_*`.
 */
export const trackHandler: HandlerFor<typeof trackSpec> = async (params, ctx) => {
  const object = await fetchResource(ctx, new AudiositeApi(ctx), params.url, "track");
  const track = readTrack(object, platformOf(ctx));
  if (!track) throw unreadable("track");
  return { data: track, source: params.url.by === "id" ? "player+api-v2:resolve" : "api-v2:resolve" };
};

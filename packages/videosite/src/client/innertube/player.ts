import { ServiceError } from "@sda/core";
import { fail } from "../../errors.ts";
import { isObject, stringAt } from "../../readers/innertube/json.ts";
import {
  isPlayerAnswer,
  type Microformat,
  type PlayerInfo,
  readMicroformat,
  readPlayer,
} from "../../readers/video/player-reader.ts";
import type { UpstreamContext } from "../context.ts";
import { ANDROID, clientContext, clientHeaders, type InnertubeClient } from "./clients.ts";
import { innertubeUrl, MICROFORMAT_FIELDS, webContext, webHeaders } from "./config.ts";

/** A fetched player answer, read. */
export interface PlayerFetch {
  info: PlayerInfo;
  /** The answer as received (the `playerResponse` object for the reel transport). */
  raw: unknown;
  /** Which endpoint answered: `player` (`/youtubei/v1/player`) or `reel` (`/reel/reel_item_watch`). */
  via: "player" | "reel";
}

function playerBody(videoId: string, poToken?: string) {
  return {
    videoId,
    contentCheckOk: true,
    racyCheckOk: true,
    ...(poToken ? { serviceIntegrityDimensions: { poToken } } : {}),
  };
}

async function postJson(ctx: UpstreamContext, url: string, headers: Record<string, string>, body: unknown) {
  const response = await ctx.http.request(
    { url, method: "POST", headers, body: JSON.stringify(body) },
    ctx.signal,
  );
  return response.json<unknown>();
}

/**
 * The ANDROID player answer of a video: `videoDetails`, `captions`, `streamingData`, `playabilityStatus` (no
 * `microformat`).
 *
 * Source: `POST /youtubei/v1/player` with the ANDROID context and `{ videoId }`. When that request fails with an
 * `upstream_error` (any non-2xx answer, or an answer that is not a player object), the same ANDROID player answer is
 * asked once through the app's other transport, `POST /youtubei/v1/reel/reel_item_watch?$fields=playerResponse`
 * (`{ playerRequest: { videoId } }`). That transport answers `{}` for an id that does not exist, which reads as an
 * answer without status or details and so classifies as `unavailable`.
 *
 * @throws ServiceError `upstream_*` (502) when both transports fail: the first transport's error is rethrown.
 *   Playability (private, bot check, …) is not judged here; see `classifyPlayability`.
 */
export async function fetchAndroidPlayer(ctx: UpstreamContext, videoId: string): Promise<PlayerFetch> {
  try {
    const raw = await postJson(ctx, innertubeUrl("player"), clientHeaders(ANDROID), {
      context: clientContext(ANDROID),
      ...playerBody(videoId),
    });
    if (!isPlayerAnswer(raw))
      throw fail("upstream_error", "videosite: the player answer has no playability or details", {});
    return { info: readPlayer(raw), raw, via: "player" };
  } catch (error) {
    if (!(error instanceof ServiceError) || error.code !== "upstream_error") throw error;
    const reel = await fetchReelPlayer(ctx, videoId).catch(() => null);
    if (reel === null) throw error;
    return reel;
  }
}

async function fetchReelPlayer(ctx: UpstreamContext, videoId: string): Promise<PlayerFetch | null> {
  const body = await postJson(
    ctx,
    innertubeUrl("reel/reel_item_watch", "&$fields=playerResponse"),
    clientHeaders(ANDROID),
    { context: clientContext(ANDROID), playerRequest: playerBody(videoId), disablePlayerResponse: false },
  );
  if (!isObject(body)) return null;
  const inner = body.playerResponse;
  if (isPlayerAnswer(inner)) return { info: readPlayer(inner), raw: inner, via: "reel" };
  // `{}`: the platform has no video under this id.
  if (Object.keys(body).length === 0) return { info: readPlayer({}), raw: {}, via: "reel" };
  return null;
}

/**
 * The WEB microformat of a video: publish/upload date, category, family-safe and unlisted flags, exact like count.
 * Source: `POST /youtubei/v1/player?$fields=microformat,videoDetails.thumbnail.thumbnails,videoDetails.videoId` with
 * the WEB context (`context.client.clientName: "WEB"`), which answers only those fields.
 * @returns the microformat, or null when the answer has none (or is about another video).
 * @throws ServiceError `upstream_*` when the request fails.
 */
export async function fetchWebMicroformat(
  ctx: UpstreamContext,
  videoId: string,
): Promise<Microformat | null> {
  const raw = await postJson(ctx, innertubeUrl("player", `&$fields=${MICROFORMAT_FIELDS}`), webHeaders(), {
    context: webContext(),
    ...playerBody(videoId),
  });
  const answeredId = stringAt(raw, "videoDetails", "videoId");
  return answeredId === undefined || answeredId === videoId ? readMicroformat(raw) : null;
}

/**
 * The player answer of `client` through one transport, no fallback (the strategy chain orders transports and clients).
 * Source: `POST /youtubei/v1/player` with the client's context and `{ videoId }` (plus
 * `serviceIntegrityDimensions.poToken` when a PO token is given), or for `reel` `POST
 * /youtubei/v1/reel/reel_item_watch?$fields=playerResponse`.
 * @throws ServiceError `upstream_*` (502) when the request fails or the answer is not a player object.
 */
export async function fetchClientPlayer(
  ctx: UpstreamContext,
  videoId: string,
  client: InnertubeClient,
  options: { via?: "player" | "reel"; poToken?: string } = {},
): Promise<PlayerFetch> {
  if (options.via === "reel") {
    const body = await postJson(
      ctx,
      innertubeUrl("reel/reel_item_watch", "&$fields=playerResponse"),
      clientHeaders(client),
      {
        context: clientContext(client),
        playerRequest: playerBody(videoId, options.poToken),
        disablePlayerResponse: false,
      },
    );
    const inner = isObject(body) ? body.playerResponse : undefined;
    if (isPlayerAnswer(inner)) return { info: readPlayer(inner), raw: inner, via: "reel" };
    if (isObject(body) && Object.keys(body).length === 0)
      return { info: readPlayer({}), raw: {}, via: "reel" };
    throw fail("upstream_error", "videosite: the reel answer holds no player answer", {});
  }
  const raw = await postJson(ctx, innertubeUrl("player"), clientHeaders(client), {
    context: clientContext(client),
    ...playerBody(videoId, options.poToken),
  });
  if (!isPlayerAnswer(raw))
    throw fail("upstream_error", "videosite: the player answer has no playability or details", {});
  return { info: readPlayer(raw), raw, via: "player" };
}

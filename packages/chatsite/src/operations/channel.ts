import type { HandlerFor, OperationContext } from "@sda/contract";
import { ServiceError } from "@sda/core";
import type { z } from "zod";
import { TmeClient } from "../client/client.ts";
import type { LandingCard } from "../readers/landing.ts";
import type { PreviewPage } from "../readers/preview-page.ts";
import type { channelOutput, channelSpec } from "../spec/channel.ts";
import { refusalOf } from "./preview-or-refusal.ts";

/** The channel result. */
export type ChannelResult = z.output<typeof channelOutput>;

const NO_COUNT = { count: null, text: null, isApproximate: false } as const;

/** The fields no Telegram page shows, always keyed. */
const ABSENT = { banner: null, postCount: null, createdAt: null } as const;

function fromPreview(
  platform: ChannelResult["platform"],
  name: string,
  page: PreviewPage,
  card: LandingCard | null,
): ChannelResult {
  const { header } = page;
  const username = header.username ?? name;
  const exact = card !== null && card.followers !== null;
  return {
    platform,
    type: "channel",
    id: page.chatId,
    username,
    url: `https://t.me/${username}`,
    previewUrl: `https://t.me/s/${username}`,
    previewAvailable: true,
    displayName: header.displayName,
    bio: header.bio,
    bioHtml: header.bioHtml,
    avatar: header.avatar,
    verified: header.verified,
    followers: exact ? card.followers : header.followers.count,
    followersText: exact ? card.followersText : header.followers.text,
    followersIsApproximate: exact ? false : header.followers.isApproximate,
    online: card?.online ?? null,
    photoCount: header.photos.count,
    photoCountText: header.photos.text,
    photoCountIsApproximate: header.photos.isApproximate,
    videoCount: header.videos.count,
    videoCountText: header.videos.text,
    videoCountIsApproximate: header.videos.isApproximate,
    linkCount: header.links.count,
    linkCountText: header.links.text,
    linkCountIsApproximate: header.links.isApproximate,
    fileCount: header.files.count,
    fileCountText: header.files.text,
    fileCountIsApproximate: header.files.isApproximate,
    ...ABSENT,
  };
}

function fromCard(platform: ChannelResult["platform"], name: string, card: LandingCard): ChannelResult {
  if (card.kind !== "channel" && card.kind !== "group") throw refusalOf(card, name);
  const username = card.username ?? name;
  return {
    platform,
    type: card.kind,
    id: null,
    username,
    url: `https://t.me/${username}`,
    previewUrl: card.previewAvailable ? `https://t.me/s/${username}` : null,
    previewAvailable: card.previewAvailable,
    displayName: card.displayName,
    bio: card.bio,
    bioHtml: card.bioHtml,
    avatar: card.avatar,
    verified: card.verified,
    followers: card.followers,
    followersText: card.followersText,
    followersIsApproximate: false,
    online: card.online,
    photoCount: NO_COUNT.count,
    photoCountText: NO_COUNT.text,
    photoCountIsApproximate: NO_COUNT.isApproximate,
    videoCount: NO_COUNT.count,
    videoCountText: NO_COUNT.text,
    videoCountIsApproximate: NO_COUNT.isApproximate,
    linkCount: NO_COUNT.count,
    linkCountText: NO_COUNT.text,
    linkCountIsApproximate: NO_COUNT.isApproximate,
    fileCount: NO_COUNT.count,
    fileCountText: NO_COUNT.text,
    fileCountIsApproximate: NO_COUNT.isApproximate,
    ...ABSENT,
  };
}

/**
 * The landing card for `exactCount`; null (the compact count stays, flagged approximate) when it cannot be read: a
 * retryable upstream failure of the second page must not fail a call whose main page was read.
 */
async function exactCard(
  client: TmeClient,
  name: string,
  ctx: OperationContext,
): Promise<LandingCard | null> {
  try {
    return await client.landing(name);
  } catch (error) {
    if (!(error instanceof ServiceError) || error.status < 500) throw error;
    ctx.log.info({ err: error, name }, "chatsite: landing card unread; the compact count stays");
    return null;
  }
}

/**
 * A public channel or group.
 *
 * Upstream: `GET t.me/s/<name>` (the web preview: header, counters, the chat id of a post's `data-view`); with
 * `exactCount` also `GET t.me/<name>` for the exact subscriber count. A group or a channel without preview (a
 * redirect to the landing card, or no preview page) is read from its landing card `GET t.me/<name>` (exact count, no
 * counters, no chat id).
 * @returns `{ data: ChannelResult, source: "tme:preview" | "tme:preview+landing" | "tme:landing" }`.
 * @throws ServiceError 404 `channel_not_found` (no such name, or a user or bot), 502 `upstream_*`.
 */
export const channelHandler: HandlerFor<typeof channelSpec> = async (params, ctx) => {
  const { name } = params.url;
  const client = new TmeClient(ctx);
  // The engine's platform is the spec's (the output schema's literal).
  const platform = ctx.platform as ChannelResult["platform"];
  const answer = await client.preview(name);
  if (answer.kind === "preview") {
    const card = params.exactCount ? await exactCard(client, name, ctx) : null;
    return {
      data: fromPreview(platform, name, answer.page, card),
      source: card ? "tme:preview+landing" : "tme:preview",
    };
  }
  const card = answer.kind === "landing" ? answer.card : await client.landing(name);
  return { data: fromCard(platform, name, card), source: "tme:landing" };
};

import type { HandlerFor } from "@sda/contract";
import { escapeAttribute, escapeText } from "entities";
import { EMBED_SCRIPT_URL, EMBED_VERSION, LEGACY_OEMBED_URL, WEB_ORIGIN } from "../client/config.ts";
import type { PhotositeContext } from "../client/context.ts";
import { withFallback } from "../client/fallback.ts";
import { fetchPost } from "../client/post.ts";
import { callJson } from "../client/web.ts";
import type { PhotositeEnv } from "../env.ts";
import { fail } from "../errors.ts";
import type { PostRef } from "../inputs/params.ts";
import { view } from "../readers/json-view.ts";
import type { PhotositeServices } from "../services.ts";
import type { embedSpec } from "../spec/embed.ts";

/** `data` of the embed operation. */
export interface EmbedSnippet {
  url: string;
  shortcode: string;
  /** The permalink the snippet links to (with the platform's `utm` parameters). */
  permalink: string;
  /** The classic embed snippet: a `blockquote.instagram-media` plus the embed script. */
  html: string;
  authorUsername: string | null;
  authorName: string | null;
  thumbnailUrl: string | null;
  captioned: boolean;
}

const BLOCKQUOTE_STYLE =
  " background:#FFF; border:0; border-radius:3px; box-shadow:0 0 1px 0 rgba(0,0,0,0.5),0 1px 10px 0 rgba(0,0,0,0.15); margin: 1px; max-width:540px; min-width:326px; padding:0; width:99.375%; width:-webkit-calc(100% - 2px); width:calc(100% - 2px);";
const LINK_STYLE =
  " background:#FFFFFF; line-height:0; padding:0 0; text-align:center; text-decoration:none; width:100%;";
const FOOTER_STYLE =
  " color:#c9c8cd; font-family:Arial,sans-serif; font-size:14px; line-height:17px; margin-bottom:0; margin-top:8px; overflow:hidden; padding:8px 0 7px; text-align:center; text-overflow:ellipsis; white-space:nowrap;";
const FOOTER_LINK_STYLE =
  " color:#c9c8cd; font-family:Arial,sans-serif; font-size:14px; font-style:normal; font-weight:normal; line-height:17px; text-decoration:none;";

/**
 * Builds the classic embed snippet the way the platform's embed builder writes it: a `blockquote` with class
 * `instagram-media`, `data-instgrm-permalink` (the post URL with `utm_source=ig_embed&utm_campaign=loading`),
 * `data-instgrm-version`, `data-instgrm-captioned` when the caption is shown, a "View this post" link, the footer
 * "A post shared by <name> (@<username>)", then `<script async src="//www.instagram.com/embed.js">`, which turns
 * the blockquote into the embedded post.
 */
export function buildEmbedHtml(options: {
  shortcode: string;
  authorUsername: string | null;
  authorName: string | null;
  captioned: boolean;
}): { html: string; permalink: string } {
  const permalink = `${WEB_ORIGIN}/p/${options.shortcode}/?utm_source=ig_embed&utm_campaign=loading`;
  const href = escapeAttribute(permalink);
  const who = options.authorUsername
    ? `${options.authorName ? `${options.authorName} ` : ""}(@${options.authorUsername})`
    : null;
  const footer = who ? `A post shared by ${escapeText(who)}` : "A post shared on Instagram";
  const html =
    `<blockquote class="instagram-media"${options.captioned ? " data-instgrm-captioned" : ""} data-instgrm-permalink="${href}" data-instgrm-version="${EMBED_VERSION}" style="${BLOCKQUOTE_STYLE}">` +
    `<div style="padding:16px;"><a href="${href}" style="${LINK_STYLE}" target="_blank">View this post on Instagram</a>` +
    `<p style="${FOOTER_STYLE}"><a href="${href}" style="${FOOTER_LINK_STYLE}" target="_blank">${footer}</a></p></div></blockquote>\n` +
    `<script async src="${EMBED_SCRIPT_URL}"></script>`;
  return { html, permalink };
}

/**
 * The platform's legacy oEmbed (`GET https://api.instagram.com/oembed/?url=`), whose `html` is the platform's own
 * snippet; used only when the post itself cannot be fetched.
 */
async function viaOembed(ctx: PhotositeContext, post: PostRef, captioned: boolean): Promise<EmbedSnippet> {
  const permalink = `${WEB_ORIGIN}/p/${post.shortcode}`;
  const answer = view(
    await callJson(ctx, { url: `${LEGACY_OEMBED_URL}?url=${encodeURIComponent(permalink)}` }),
  );
  const html = answer.text("html");
  if (!html?.includes("instagram-media"))
    throw fail("upstream_error", "photosite oEmbed answered without a snippet", {});
  return {
    url: post.url,
    shortcode: post.shortcode,
    permalink: /data-instgrm-permalink="([^"]+)"/.exec(html)?.[1]?.replaceAll("&amp;", "&") ?? permalink,
    html: captioned ? html : html.replace(" data-instgrm-captioned", ""),
    authorUsername: answer.text("author_name"),
    authorName: null,
    thumbnailUrl: answer.text("thumbnail_url"),
    captioned,
  };
}

/**
 * The embed snippet of a post: the post is fetched (it must exist and be public; see `fetchPost`) and the snippet
 * built from its author; when the post cannot be fetched for an upstream reason, the platform's oEmbed answer is used.
 * @returns source `builder:<post source>` or `oembed`.
 * @throws ServiceError 404 `post_not_found`; 502 `upstream_*`.
 */
export async function getEmbed(
  ctx: PhotositeContext,
  params: { url: PostRef; captioned: boolean },
): Promise<{ data: EmbedSnippet; source: string }> {
  const built = async () => {
    const { media, via } = await fetchPost(ctx, params.url);
    const authorUsername = media.author?.username ?? null;
    const authorName = media.author?.fullName || null;
    const snippet = buildEmbedHtml({
      shortcode: params.url.shortcode,
      authorUsername,
      authorName,
      captioned: params.captioned,
    });
    const data: EmbedSnippet = {
      url: params.url.url,
      shortcode: params.url.shortcode,
      ...snippet,
      authorUsername,
      authorName,
      thumbnailUrl: media.imageUrl,
      captioned: params.captioned,
    };
    return { data, source: `builder:${via}` };
  };
  const oembed = async () => ({ data: await viaOembed(ctx, params.url, params.captioned), source: "oembed" });
  return (await withFallback(ctx, "post", built, oembed)).value;
}

/** The handler of `photosite.embed` (its spec: `embedSpec`). */
export const embedHandler: HandlerFor<typeof embedSpec, PhotositeEnv, PhotositeServices> = (params, ctx) =>
  getEmbed(ctx, params);

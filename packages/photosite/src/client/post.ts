import type { ServiceError } from "@sda/core";
import {
  classifyError,
  defineStrategy,
  type FailureClass,
  runChainFor,
  type StrategyRunInfo,
} from "@sda/strategy";
import { fail } from "../errors.ts";
import type { PostRef } from "../inputs/params.ts";
import { readEmbedBody } from "../readers/embed.ts";
import { type JsonView, view } from "../readers/json-view.ts";
import { readMedia } from "../readers/media.ts";
import type { Media } from "../readers/model.ts";
import { type PostPageLabels, readPostPage } from "../readers/pages.ts";
import { API_ORIGIN, QUERIES, ROOT_FIELDS, WEB_ORIGIN } from "./config.ts";
import type { PhotositeContext } from "./context.ts";
import { PlatformNotFound } from "./failures.ts";
import { callGraphql, callJson, callWeb } from "./web.ts";

/** 404 `post_not_found`. */
export function postNotFound(post: PostRef): ServiceError {
  return fail("post_not_found", `no public post ${post.shortcode}`, {
    details: { shortcode: post.shortcode },
  });
}

/** A post and the path that served it. */
export interface PostAnswer {
  media: Media;
  /** `graphql` (PolarisPostRootQuery), `v1` (media info), `embed` (embed page), `page` (logged-out post page). */
  via: "graphql" | "v1" | "embed" | "page";
  /** Set when the counts and date came from the post page's labels. */
  labels: PostPageLabels | null;
}

/** GraphQL `PolarisPostRootQuery` → `xdt_api__v1__media__shortcode__web_info.items[0]`. */
async function viaGraphql(ctx: PhotositeContext, post: PostRef): Promise<Media> {
  const answer = await callGraphql(ctx, QUERIES.post, { shortcode: post.shortcode });
  return firstItem(view(answer).at("data", ROOT_FIELDS.post, "items"));
}

/** `GET /api/v1/media/<pk>/info/` → `items[0]`. */
async function viaMediaInfo(ctx: PhotositeContext, post: PostRef): Promise<Media> {
  const answer = await callJson(ctx, { url: `${API_ORIGIN}/api/v1/media/${post.mediaId}/info/` });
  return firstItem(view(answer).at("items"));
}

function firstItem(items: JsonView): Media {
  const media = readMedia(items.at(0));
  if (!media) throw new PlatformNotFound("no item in the answer");
  return media;
}

async function viaEmbed(ctx: PhotositeContext, post: PostRef): Promise<Media> {
  const response = await callWeb(ctx, {
    url: `${WEB_ORIGIN}/p/${post.shortcode}/embed/captioned/`,
    kind: "page",
  });
  const text = response.text();
  const node = readEmbedBody(text);
  const media = node ? readMedia(node) : null;
  if (media) return media;
  // An embed page (HTML) without media is the platform's "post unavailable" page; anything else (a truncated or
  // garbage body) says nothing about the post and must not become a 404.
  if (!/<html|<!doctype html/i.test(text.slice(0, 4096)))
    throw fail("upstream_error", "photosite embed answer is neither an embed page nor media JSON", {
      details: { reason: "unreadable_embed" },
    });
  throw new PlatformNotFound("embed page without media");
}

async function viaPage(
  ctx: PhotositeContext,
  post: PostRef,
): Promise<{ media: Media; labels: PostPageLabels }> {
  const response = await callWeb(ctx, { url: `${WEB_ORIGIN}/p/${post.shortcode}/`, kind: "page" });
  const page = readPostPage(response.text(), post.shortcode);
  if (!page)
    throw fail("upstream_error", "photosite post page without post data", {
      details: { reason: "page_without_data" },
    });
  return page;
}

/** The ids of the post strategies, in code order (`photosite.chains.post` of the identities document reorders them). */
export const POST_STRATEGIES = ["graphql", "v1", "embed", "page"] as const;

/**
 * A post by shortcode, from the first source that answers, in the order of richness: GraphQL `PolarisPostRootQuery`,
 * v1 media info, the logged-out embed page, the logged-out post page (labels only) — a strategy chain
 * (`@sda/strategy`) with health per strategy. GraphQL and v1 share the web API's source circuit `photosite:direct`;
 * the embed and post pages are sources of their own. A source that fails (login wall, block, no answer) hands over to
 * the next; a rate limit ends the chain (the other paths share the platform's limit, see `canFallBack`); a source
 * saying the post does not exist hands over too (a logged-out page may still show it), and the post is
 * `post_not_found` when none found it.
 *
 * @throws ServiceError 404 `post_not_found` when a source said the post does not exist and none found it;
 *   otherwise the chain's most relevant `upstream_*` error with `details.strategies`.
 */
export async function fetchPost(ctx: PhotositeContext, post: PostRef): Promise<PostAnswer> {
  type Found = { media: Media; labels: PostPageLabels | null };
  let notFound = false;
  const classify = (error: unknown): FailureClass => {
    if (error instanceof PlatformNotFound) {
      notFound = true;
      return "transient";
    }
    return classifyError(error);
  };
  // After a rate limit no other path runs: they would only spend the same limit.
  const notRateLimited = (_ctx: unknown, info: StrategyRunInfo) =>
    !info.attempts.some((a) => a.class === "rate_limited");
  const runs: Record<PostAnswer["via"], () => Promise<Found>> = {
    graphql: async () => ({ media: await viaGraphql(ctx, post), labels: null }),
    v1: async () => ({ media: await viaMediaInfo(ctx, post), labels: null }),
    embed: async () => ({ media: await viaEmbed(ctx, post), labels: null }),
    page: () => viaPage(ctx, post),
  };
  const strategies = POST_STRATEGIES.map((id) =>
    defineStrategy<PhotositeContext, Found>({
      id,
      source: id === "graphql" || id === "v1" ? "photosite:direct" : `photosite:${id}`,
      applies: notRateLimited,
      classify,
      run: runs[id],
    }),
  );
  try {
    const result = await runChainFor(ctx, "post", strategies);
    return { ...result.value, via: result.strategy as PostAnswer["via"] };
  } catch (error) {
    if (notFound) throw postNotFound(post);
    throw error;
  }
}

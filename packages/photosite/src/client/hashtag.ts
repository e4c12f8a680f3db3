import type { ServiceError } from "@sda/core";
import { fail } from "../errors.ts";
import { type HashtagInfo, readHashtagInfo, readHashtagSections } from "../readers/hashtag.ts";
import { view } from "../readers/json-view.ts";
import type { Media } from "../readers/model.ts";
import { WEB_ORIGIN } from "./config.ts";
import type { PhotositeContext } from "./context.ts";
import { PlatformNotFound } from "./failures.ts";
import { callJson } from "./web.ts";

/** A hashtag's explore page: its card and the media of its `top` and `recent` tabs. */
export interface HashtagPage {
  info: HashtagInfo;
  top: Media[];
  recent: Media[];
  /** The platform has more top media than this page (`top.more_available`). */
  moreAvailable: boolean;
}

/** 404 `hashtag_not_found`. */
export function hashtagNotFound(tag: string): ServiceError {
  return fail("hashtag_not_found", `no hashtag #${tag}`, { details: { hashtag: tag } });
}

/**
 * `GET /api/v1/tags/web_info/?tag_name=` (web host): the hashtag explore surface.
 * @throws ServiceError 404 `hashtag_not_found` (HTTP 404 or no `data`); `upstream_*`.
 */
export async function fetchHashtagPage(ctx: PhotositeContext, tag: string): Promise<HashtagPage> {
  let answer: unknown;
  try {
    answer = await callJson(ctx, {
      url: `${WEB_ORIGIN}/api/v1/tags/web_info/?tag_name=${encodeURIComponent(tag)}`,
    });
  } catch (error) {
    if (error instanceof PlatformNotFound) throw hashtagNotFound(tag);
    throw error;
  }
  const data = view(answer).at("data");
  if (!data.isObject() || data.text("name") === null) throw hashtagNotFound(tag);
  const top = readHashtagSections(data.at("top"));
  const recent = readHashtagSections(data.at("recent"));
  const emptySections = top.emptySections + recent.emptySections;
  if (emptySections > 0) ctx.log.debug({ tag, emptySections }, "photosite hashtag sections without media");
  return {
    info: readHashtagInfo(data),
    top: top.rows,
    recent: recent.rows,
    moreAvailable: data.bool("top", "more_available") ?? false,
  };
}

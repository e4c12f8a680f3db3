import { cacheParam, failWith } from "@sda/contract";
import type { z } from "zod";
import { bandcampUrlParam, numericIdParam, releaseTypeParam } from "../inputs/params.ts";

/**
 * The parameters naming one release, shared by `release` and `release-packages`: an album or track `url` (or an
 * artist's page that answers with its one release), or the ids `bandId` + `itemId` + `type` (`album`/`track`) of the
 * mobile API. A `url` wins when both are given.
 */
export const releaseRefShape = {
  url: bandcampUrlParam.optional(),
  bandId: numericIdParam.optional(),
  itemId: numericIdParam.optional(),
  type: releaseTypeParam,
  cache: cacheParam,
};

/** The parsed parameters of {@link releaseRefShape}. */
export interface ReleaseRefParams {
  url?: z.output<(typeof releaseRefShape)["url"]>;
  bandId?: string | undefined;
  itemId?: string | undefined;
  type?: "album" | "track" | undefined;
}

/**
 * The refinement of a release's parameters: without `url`, each of `bandId`, `itemId` and `type` is required (400
 * `invalid_parameter` naming the first one missing).
 */
export function requireReleaseRef(params: ReleaseRefParams, ctx: z.RefinementCtx): void {
  if (params.url !== undefined) return;
  const missing = (["bandId", "itemId", "type"] as const).find((name) => params[name] === undefined);
  if (missing)
    failWith(
      ctx,
      "invalid_parameter",
      params.bandId === undefined && params.itemId === undefined
        ? "give the release's url, or its bandId, itemId and type"
        : `${missing} is required with bandId and itemId (or give the release's url)`,
      { param: params.bandId === undefined && params.itemId === undefined ? "url" : missing },
    );
}

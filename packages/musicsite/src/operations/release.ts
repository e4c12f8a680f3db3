import type { HandlerFor } from "@sda/contract";
import { BandcampClient } from "../client/client.ts";
import type { releaseSpec } from "../spec/release.ts";
import { readRelease } from "./release-source.ts";

/**
 * An album or track as a commerce listing: price and currency, availability, tracks, physical packages, tags.
 *
 * Upstream: `GET <artist host>/album/<slug>` or `/track/<slug>`, or `GET /api/mobile/22/tralbum_details` by ids.
 * @returns `{ data: MusicRelease, source: "page" | "tralbum_details" }`.
 * @throws ServiceError as `readRelease`.
 */
export const releaseHandler: HandlerFor<typeof releaseSpec> = async (params, ctx) => {
  const { release, source } = await readRelease(params, new BandcampClient(ctx), ctx.platform);
  return { data: release, source };
};

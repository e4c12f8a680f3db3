import type { HandlerFor } from "@sda/contract";
import { BandcampClient } from "../client/client.ts";
import { fail } from "../errors.ts";
import { bandIdOf } from "../readers/band.ts";
import type { artistSpec } from "../spec/artist.ts";
import { fetchBand } from "./band.ts";

/**
 * An artist or label with its whole discography.
 *
 * Upstream: with `bandId`, `POST /api/mobile/22/band_details` only; with a `url`, first `GET` the page (its
 * `data-band` names the band; a custom domain redirects to the `*.bandcamp.com` host, an artist with one release
 * answers with that release's page, which carries `data-band` too), then `band_details`.
 * @returns `{ data: MusicArtist, source: "band_details" | "page+band_details" }`.
 * @throws ServiceError 404 `not_found` (a page without `data-band`, a host answering 404, an unknown band), 400
 *   `invalid_parameter`, 422 `host_not_allowed`, 502 `upstream_*`.
 */
export const artistHandler: HandlerFor<typeof artistSpec> = async (params, ctx) => {
  const client = new BandcampClient(ctx);
  if (params.bandId !== undefined)
    return { data: await fetchBand(client, params.bandId, ctx.platform), source: "band_details" };
  const link = params.url;
  if (!link) throw fail("not_found", "no artist given");
  const page = await client.page(link);
  const bandId = bandIdOf(page.data.band);
  if (bandId === null)
    throw fail("not_found", `${link.url} is not a Bandcamp artist page (no data-band)`, {
      details: { url: link.url },
    });
  return { data: await fetchBand(client, bandId, ctx.platform), source: "page+band_details" };
};

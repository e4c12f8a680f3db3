import type { BandcampClient } from "../client/client.ts";
import { fail } from "../errors.ts";
import { type MusicArtist, readBandDetails } from "../readers/band.ts";

/**
 * One band by id: `band_details`, its HTTP 200 errors mapped.
 * @throws ServiceError 404 `not_found` ("band_id … not found"), 400 `invalid_parameter` ("invalid int": `param`
 *   `bandId`), 502 `upstream_error` for another error answer or a body that is no band, other `upstream_*`.
 * @param platform the platform the band is on (`ctx.platform`).
 */
export async function fetchBand(
  client: BandcampClient,
  bandId: string,
  platform: string,
): Promise<MusicArtist> {
  const read = readBandDetails(await client.bandDetails(bandId), platform);
  if (read && "band" in read) return read.band;
  const message = read?.error ?? "an answer that is no band";
  if (/not found/i.test(message))
    throw fail("not_found", `no Bandcamp band ${bandId}: ${message}`, { details: { bandId } });
  if (/invalid int/i.test(message))
    throw fail("invalid_parameter", `Bandcamp refused the band id: ${message}`, {
      details: { param: "bandId" },
    });
  throw fail("upstream_error", `musicsite: band_details answered ${message}`, {
    retryAfterSeconds: 5,
  });
}

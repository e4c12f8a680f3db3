import type { BandcampClient } from "../client/client.ts";
import { fail } from "../errors.ts";
import { type MusicRelease, readReleasePage, readTralbumDetails } from "../readers/release.ts";
import type { ReleaseRefParams } from "../spec/release-ref.ts";

/**
 * The release the parameters name: its page for a `url` (`data-tralbum` + JSON-LD; an artist's page answered by
 * its one release is that release), else the mobile API's `tralbum_details` for `bandId` + `itemId` + `type`.
 * @returns the release and the path that read it (`page` or `tralbum_details`).
 * @throws ServiceError 400 `url_kind_mismatch` (an artist link whose page is the artist's, not a release: only the
 *   page tells), 404 `not_found` (a page without `data-tralbum`, a host answering 404, an API error answer naming a
 *   missing item), 422 `host_not_allowed`, 502 `upstream_*`.
 * @param platform the platform it is on (`ctx.platform`).
 */
export async function readRelease(
  params: ReleaseRefParams,
  client: BandcampClient,
  platform: string,
): Promise<{ release: MusicRelease; source: string }> {
  // The engine's platform is the spec's (the release schema's literal).
  const literal = platform as MusicRelease["platform"];
  if (params.url) {
    const page = await client.page(params.url);
    const release = readReleasePage(page.data, literal);
    if (!release && page.data.band !== null && params.url.kind === "artist")
      throw fail(
        "url_kind_mismatch",
        `${params.url.url} is an artist's page; give one of its /album/ or /track/ links (or use /v1/musicsite/artist)`,
        { details: { param: "url", kind: "artist", expected: "album or track" } },
      );
    if (!release)
      throw fail("not_found", `${params.url.url} is not a Bandcamp release page (no data-tralbum)`, {
        details: { url: params.url.url },
      });
    return { release, source: "page" };
  }
  const { bandId, itemId, type } = params;
  if (bandId === undefined || itemId === undefined || type === undefined)
    throw fail("invalid_parameter", "give the release's url, or its bandId, itemId and type", {
      details: { param: "url" },
    });
  const answer = await client.tralbumDetails(bandId, itemId, type);
  const release = readTralbumDetails(answer, literal);
  if (release) return { release, source: "tralbum_details" };
  const error = (answer as { error_message?: unknown } | null)?.error_message;
  throw fail(
    "not_found",
    `no Bandcamp ${type} ${itemId} of band ${bandId}${typeof error === "string" ? `: ${error}` : ""}`,
    {
      details: { bandId, itemId, type },
    },
  );
}

import type { HandlerFor } from "@sda/contract";
import type { ServiceError } from "@sda/core";
import { LibraryClient } from "../client/client.ts";
import { fail } from "../errors.ts";
import type { LibraryAd } from "../readers/ad.ts";
import { readConnection } from "../readers/connection.ts";
import { pageResults } from "../readers/page.ts";
import type { adSpec } from "../spec/ad.ts";

/** Path of the operation a 404 suggests: the served ad's advertiser's ads hold the asked one, if it exists. */
const ADVERTISER_ADS_PATH = "/v1/adsite/advertiser-ads";

/**
 * 404 `ad_not_found`: the library page did not hold the asked ad. When it served another ad (a logged-out `?id=` link
 * answers another ad of the same advertiser), a `suggestion` names `advertiser-ads` with that ad's `pageId`.
 */
function notFound(id: string, served: LibraryAd | undefined): ServiceError {
  return fail("ad_not_found", `the Ad Library page does not hold ad ${id}`, {
    details: {
      id,
      ...(served
        ? {
            servedAdId: served.id,
            suggestion: {
              endpoint: ADVERTISER_ADS_PATH,
              pageId: served.advertiser.id,
              params: { pageId: served.advertiser.id },
              reason: "the library answered another ad of this advertiser; list the advertiser's ads instead",
            },
          }
        : {}),
    },
  });
}

/**
 * One ad by its Library ID.
 *
 * Upstream: `GET /ads/library/?active_status=all&ad_type=all&country=…&id=<id>&media_type=all`. The page's results are
 * compared with the asked id (`ad_archive_id`): a logged-out `?id=` link is not a lookup and may answer another ad,
 * which is never returned.
 * @returns `{ data, source }` (1 credit).
 * @throws ServiceError 404 `ad_not_found` (not billed), 502 `upstream_blocked`, `upstream_incomplete`, `upstream_*`.
 */
export const adHandler: HandlerFor<typeof adSpec> = async (params, ctx) => {
  const id = params.id ?? params.url?.id;
  if (id === undefined)
    throw fail("missing_parameter", "id or url is required", { details: { param: "id" } });
  const page = await new LibraryClient(ctx).page([
    ["active_status", "all"],
    ["ad_type", "all"],
    ["country", params.country],
    ["id", id],
    ["media_type", "all"],
  ]);
  const { ads } = readConnection(pageResults(page).connection);
  const found = ads.find((ad) => ad.id === id);
  if (!found) throw notFound(id, ads[0]);
  return { data: found, source: "ad-library:ad" };
};

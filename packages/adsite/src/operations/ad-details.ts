import type { HandlerFor } from "@sda/contract";
import { AD_DETAILS_DOC_ID, LibraryClient } from "../client/client.ts";
import { newSession } from "../client/session.ts";
import { fail } from "../errors.ts";
import { readAdDetails } from "../readers/details.ts";
import { isObject } from "../readers/json-walk.ts";
import type { adDetailsSpec } from "../spec/ad-details.ts";

/**
 * One ad's transparency ("See ad details").
 *
 * Upstream: one `POST /api/graphql/` `AdLibraryV3AdDetailsQuery` with the recorded form (`doc_id`, `variables`
 * {`adArchiveID`, `pageID`, `country`, `sessionID`, `source: null`, `isAdNonPolitical: true`, `isAdNotAAAEligible:
 * false`}) in a visit session minted for the call.
 * @returns `{ data, source }` (2 credits).
 * @throws ServiceError 404 `ad_not_found` when the library answers that it has no details of this ad (not billed),
 *   502 `upstream_error` (retryable) for an answer without data, `upstream_*`.
 */
export const adDetailsHandler: HandlerFor<typeof adDetailsSpec> = async (params, ctx) => {
  const session = newSession(null);
  const data = await new LibraryClient(ctx).graphql(
    "AdLibraryV3AdDetailsQuery",
    {
      adArchiveID: params.id,
      pageID: params.pageId,
      country: params.country,
      sessionID: session.sessionId,
      source: null,
      isAdNonPolitical: true,
      isAdNotAAAEligible: false,
    },
    AD_DETAILS_DOC_ID,
    session,
  );
  if (isObject(data.ad_library_main) && data.ad_library_main.ad_details === null)
    throw fail("ad_not_found", `the Ad Library has no details of ad ${params.id} (page ${params.pageId})`, {
      details: { id: params.id, pageId: params.pageId },
    });
  const details = readAdDetails(data);
  return {
    data: { id: params.id, pageId: params.pageId, country: params.country, ...details },
    source: "ad-library:ad-details",
  };
};

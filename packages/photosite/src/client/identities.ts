import { identitiesOf } from "@sda/strategy";
import { z } from "zod";
import { ASBD_ID, type GraphqlQuery, QUERIES, WEB_APP_ID } from "./config.ts";
import type { PhotositeContext } from "./context.ts";

/**
 * The photo platform's web-client identities an operator can change without a release (issue 14): the GraphQL
 * `doc_id`s, the web app id (`X-IG-App-ID`) and `X-ASBD-ID`. They come from the `photosite` section of the identities
 * document (`IDENTITIES_JSON`, overridden at runtime by the Redis key `<prefix>:identities`; see `@sda/strategy`):
 *
 * ```json
 * { "photosite": { "appId": "936619743392459", "asbdId": "129477",
 *                  "docIds": { "post": "8845758582119845", "PolarisProfilePostsQuery": "..." } } }
 * ```
 *
 * `docIds` is keyed by the query's key in `QUERIES` (`post`, `profilePosts`, …) or by its friendly name; a query
 * not named keeps its code `doc_id`. Every value absent or invalid keeps the code value (`config.ts`).
 */
export type PhotositeIdentities = {
  appId: string;
  asbdId: string;
  /** Configured `doc_id`s by query key or friendly name (the code values apply to the rest). */
  docIds: Record<string, string>;
};

const numeric = z.string().regex(/^\d{1,32}$/, "a decimal id");
const sectionSchema = z.object({
  appId: numeric.optional(),
  asbdId: numeric.optional(),
  docIds: z.record(z.string().min(1), numeric).optional(),
});

const DEFAULTS: PhotositeIdentities = { appId: WEB_APP_ID, asbdId: ASBD_ID, docIds: {} };

/** The current identities (code values where nothing valid is configured). */
export function photositeIdentities(ctx: PhotositeContext): Promise<PhotositeIdentities> {
  return identitiesOf(ctx).section<PhotositeIdentities>("photosite", sectionSchema, DEFAULTS);
}

const keyOfName = new Map<string, string>(Object.entries(QUERIES).map(([key, q]) => [q.name, key]));

/** The `doc_id` to send for `query`: configured by key, else by friendly name, else the code's. */
export function docIdOf(identities: PhotositeIdentities, query: GraphqlQuery): string {
  const key = keyOfName.get(query.name);
  return (key ? identities.docIds[key] : undefined) ?? identities.docIds[query.name] ?? query.docId;
}

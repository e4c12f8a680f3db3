import { type HistoryCatalog, type HistoryLocation, parseParams } from "@sda/contract";
import { isServiceError, ServiceError } from "@sda/core";
import { fail } from "./errors.ts";

/**
 * What a `url` names, before the store is asked: the resource id, or an alias a recorded call may have mapped, and
 * the details operation whose `url` parameter read it (the call that records this resource, e.g. for a tracking
 * monitor: `{ path: registry.byId(operationId).path, params: { url } }`).
 */
export type LocatedUrl = { platform: string; kind: string; operationId: string } & HistoryLocation;

/**
 * Reads a `url` with the URL parsing of the operations that record History (their own `url` parameter schema, which
 * canonicalises it) and returns the one resource it names. Within a platform the first declared operation that
 * accepts the URL wins (a post URL also reads as its subreddit); across platforms only one may accept it. Pure.
 *
 * @throws ServiceError 422 `unsupported_url` when no such operation accepts the URL (another site, a page that is
 *   not a video/channel/playlist/subreddit/post/profile); the operation's own 400 (`invalid_parameter`, …) when a
 *   parser recognised the URL but found it malformed (a refusal with `details.foreign: true` is "not mine", as
 *   `unsupported_url` is); 400 `ambiguous_url` when a bare id or name fits resources of
 *   several platforms (`dQw4w9WgXcQ` may be a video, a post shortcode, a username…): pass the full URL then.
 */
export function locateUrl(catalog: HistoryCatalog, url: string): LocatedUrl {
  const found = new Map<string, LocatedUrl>();
  const failures: ServiceError[] = [];
  for (const { op, spec } of catalog.locators) {
    let params: unknown;
    try {
      params = parseParams(op.params, { url });
    } catch (error) {
      if (!isServiceError(error)) throw error;
      failures.push(error);
      continue;
    }
    const location = spec.locate?.(params);
    if (!location) continue;
    // One resource per platform: its first declared operation that accepts the URL (the most specific).
    if (found.has(spec.platform)) continue;
    found.set(spec.platform, { platform: spec.platform, kind: spec.kind, operationId: op.id, ...location });
  }
  const candidates = [...found.values()];
  const [only] = candidates;
  if (only && candidates.length === 1) return only;
  if (candidates.length > 1)
    throw fail(
      "ambiguous_url",
      `url fits several resources (${candidates.map((c) => `${c.platform} ${c.kind}`).join(", ")}); pass the full URL`,
      {
        details: {
          param: "url",
          candidates: candidates.map((c) => ({ platform: c.platform, kind: c.kind })),
        },
      },
    );
  // A parser that recognised its platform but found the URL malformed says more than the others' "not mine". "Not
  // mine" is 422 `unsupported_url`, or any refusal marked `details.foreign` (a platform whose own contract answers
  // another site's link with a 400 of its own, as chatsite's `invalid_input` or audiosite's `invalid_url`).
  const malformed = failures.find((f) => f.code !== "unsupported_url" && f.details.foreign !== true);
  if (malformed) throw malformed;
  const kinds = [...new Set(catalog.locators.map(({ spec }) => `${spec.platform} ${spec.kind}`))];
  throw new ServiceError(
    "unsupported_url",
    `url is not the URL of a resource with history (${kinds.join(", ")})`,
    {
      details: { param: "url" },
    },
  );
}

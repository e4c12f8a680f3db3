import { history as defaultHistory } from "@sda/catalog";
import type { HistoryCatalog, OperationRegistry } from "@sda/contract";
import { isServiceError, ServiceError } from "@sda/core";
import { type LocatedUrl, locateUrl } from "@sda/history";
import { z } from "zod";
import { defineRoute } from "../define-route.ts";
import { resolvedUrl } from "./resources.ts";

/** Query of `GET /v1/utilities/resolve`. */
export const resolveQuery = z.object({
  url: z.string().min(1).max(2048).describe("A URL (or a bare id/handle) of any form an operation accepts."),
});

/** The answer of `GET /v1/utilities/resolve` (its schema is core's `resolvedUrl`). */
export type ResolvedUrl = z.infer<typeof resolvedUrl>;

/** Paths of the operations whose own `url` parameter schema (`op.params.shape.url`) accepts `url`. */
export function operationsAccepting(registry: OperationRegistry, url: string, platform?: string): string[] {
  return registry.operations
    .filter((op) => platform === undefined || op.platform === platform)
    .filter((op) => {
      const schema = (op.params as { shape?: Record<string, z.ZodType> }).shape?.url;
      return schema?.safeParse(url).success === true;
    })
    .map((op) => op.path);
}

/**
 * Resolves a URL with the platforms' own URL parsing: the resource through `locateUrl` (the details operations'
 * `url` parsers), the operations from the registry.
 * @throws ServiceError 422 `unsupported_url` when no operation accepts it; 400 when a parser recognised it but found
 *   it malformed, or `ambiguous_url` for a bare id fitting several platforms.
 */
export function resolveUrl(registry: OperationRegistry, catalog: HistoryCatalog, url: string): ResolvedUrl {
  let located: LocatedUrl | null = null;
  try {
    located = locateUrl(catalog, url);
  } catch (error) {
    if (!isServiceError(error) || error.code !== "unsupported_url") throw error;
  }
  if (located) {
    return {
      platform: located.platform,
      kind: located.kind,
      id: "id" in located ? located.id : null,
      ...("alias" in located ? { alias: located.alias } : {}),
      canonicalUrl: located.url,
      operations: operationsAccepting(registry, url, located.platform),
    };
  }
  // A URL no details operation reads (a comment, a search page…) may still be one some operation takes.
  const operations = operationsAccepting(registry, url);
  const platforms = [...new Set(operations.map((path) => registry.byRoute("GET", path)?.platform))];
  const [platform] = platforms;
  if (platform && platforms.length === 1)
    return { platform, kind: null, id: null, canonicalUrl: null, operations };
  throw new ServiceError("unsupported_url", "url is not a URL any operation of this service accepts", {
    details: { param: "url" },
  });
}

/** `GET /v1/utilities/resolve` (free): what a URL names ({@link resolveUrl}). */
export const resolveRoute = defineRoute({
  method: "get",
  path: "/v1/utilities/resolve",
  operationId: "resolveUrl",
  operation: "utilities.resolve",
  tag: "Utilities",
  summary: "What a URL names (platform, kind, id, canonical URL) and which operations accept it. Free.",
  description:
    "Every URL form an operation accepts (watch, youtu.be, shorts, embed, channel id or @handle, playlist, " +
    "subreddit, post, profile, post, reel …) is read by the operations' own URL parsers; `operations` lists the paths " +
    "whose `url` parameter takes it. A handle resolves to `alias` (its id is known only after a call).",
  query: resolveQuery,
  output: resolvedUrl,
  responses: {
    "200": "`{ platform, kind, id, alias?, canonicalUrl, operations: [path] }`",
    "400":
      "invalid_parameter (a recognised but malformed URL), ambiguous_url (a bare id fitting several platforms)",
    "401": "missing or invalid API key",
    "422": "unsupported_url: no operation accepts this URL",
  },
  handler: (deps) => async (call) => ({
    data: resolveUrl(deps.registry, defaultHistory, call.query().url),
    source: "utilities",
  }),
});

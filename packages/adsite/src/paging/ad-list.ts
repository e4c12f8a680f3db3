import {
  decodeListCursor,
  fillFromPages,
  type OperationContext,
  pageBudget,
  type UpstreamPage,
} from "@sda/contract";
import { LibraryClient, type PageQuery } from "../client/client.ts";
import { isSession, newSession, type VisitSession } from "../client/session.ts";
import { fail } from "../errors.ts";
import type { LibraryAd } from "../readers/ad.ts";
import { readConnection } from "../readers/connection.ts";
import { pageResults } from "../readers/page.ts";

/**
 * Pages of one library list (a keyword search or an advertiser's ads), followed with `@sda/core`'s `fillFromPages`
 * until `limit` ads are collected: the page (`GET /ads/library/?…`, its first batch of up to 30 ads embedded) and
 * then its scroll batches (`POST /api/graphql/` `AdLibrarySearchPaginationQuery`, 10 ads each, the previous batch's
 * `end_cursor` as `variables.cursor`).
 *
 * An `end_cursor` belongs to the visit that served the page, so our cursor (signed by the `CursorCodec`, bound to the
 * operation and to the list's filters) carries the upstream cursor (`t`, null for the page itself), the ads of that
 * batch already returned (`i`: ads cut by `limit` come first next time), the visit's session (`s`), the rank of the
 * batch's first ad (`b`, for `position`) and its expiry (`e`, epoch ms: a visit does not live long). A cursor of
 * another operation or list, tampered, malformed or expired is 400 `invalid_cursor`. A scroll batch that fails after
 * ads were read ends the call early with `hasMore` and a cursor retrying it: an incomplete list, never its end.
 */

/** How long a list cursor (and the visit it carries) is accepted. */
const CURSOR_TTL_MS = 30 * 60_000;

/** Ads of one scroll batch, as the web client asks for them. */
const SCROLL_SIZE = 10;

interface AdListCursor {
  k: string;
  t: string | null;
  i: number;
  s: VisitSession | null;
  b: number;
  e: number;
}

/** What one list is: the page's query and the scroll query's variables besides the cursor and the session. */
export interface AdListRequest {
  page: PageQuery;
  variables: Record<string, unknown>;
  limit: number;
  cursor: string | undefined;
}

/** One page of a list, for the operations' answers. */
export interface AdListPage {
  ads: LibraryAd[];
  /** The library's count of matching ads (read on a call that read the page; null otherwise). */
  totalCount: number | null;
  nextCursor: string | null;
  hasMore: boolean;
}

const isIndex = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v) && v >= 0;

function isCursor(value: Partial<AdListCursor>, key: string): boolean {
  return (
    value.k === key &&
    (value.t === null || (typeof value.t === "string" && value.t.length > 0 && value.t.length <= 2048)) &&
    isIndex(value.i) &&
    isIndex(value.b) &&
    isIndex(value.e) &&
    (value.s === null || isSession(value.s)) &&
    (value.t === null || value.s !== null)
  );
}

/** The list's cursor, or null without one. @throws ServiceError 400 `invalid_cursor` (also when expired). */
function decodeAdCursor(ctx: OperationContext, request: AdListRequest, key: string): AdListCursor | null {
  const cursor = decodeListCursor<AdListCursor>(ctx.cursors, request.cursor, (p) => isCursor(p, key), "list");
  if (cursor && cursor.e < ctx.now().getTime())
    throw fail("invalid_cursor", "cursor expired (a library visit does not last); start without a cursor", {
      details: { param: "cursor", reason: "expired" },
    });
  return cursor;
}

/**
 * Reads one page of ads of a list (see the module comment).
 * @throws ServiceError 400 `invalid_cursor`; for the first request of the call 502 `upstream_blocked`,
 *   `upstream_incomplete`, `upstream_error` and the other `upstream_*` errors.
 */
export async function readAdList(ctx: OperationContext, request: AdListRequest): Promise<AdListPage> {
  const key = JSON.stringify(request.page);
  const cursor = decodeAdCursor(ctx, request, key);
  const client = new LibraryClient(ctx);
  let session = cursor?.s ?? null;
  let totalCount: number | null = null;
  /** Rank of the first ad of each batch token (the page's is 0). */
  const batchStart = new Map<string | null, number>([[cursor?.t ?? null, cursor?.b ?? 0]]);
  const fetchBatch = async (token: string | null): Promise<UpstreamPage<LibraryAd>> => {
    let batch: ReturnType<typeof readConnection>;
    if (token === null) {
      const { connection, lsd } = pageResults(await client.page(request.page));
      session = newSession(lsd);
      batch = readConnection(connection);
      totalCount = batch.count;
    } else {
      const visit = session ?? newSession(null);
      const data = await client.graphql(
        "AdLibrarySearchPaginationQuery",
        { ...request.variables, cursor: token, first: SCROLL_SIZE, sessionID: visit.sessionId },
        null,
        visit,
      );
      const main = data.ad_library_main;
      const connection =
        main !== null && typeof main === "object"
          ? (main as Record<string, unknown>).search_results_connection
          : null;
      if (connection === null || typeof connection !== "object" || Array.isArray(connection))
        throw fail("upstream_error", "the Ad Library's scroll answer holds no search results", {
          details: { query: "AdLibrarySearchPaginationQuery" },
        });
      batch = readConnection(connection as Record<string, unknown>);
    }
    const start = batchStart.get(token) ?? 0;
    if (batch.next !== null) batchStart.set(batch.next, start + batch.ads.length);
    const ads = batch.ads.map((ad) => ({ ...ad, position: start + ad.position }));
    return { items: ads, next: batch.next };
  };
  const collected = await fillFromPages(
    { token: cursor?.t ?? null, index: cursor?.i ?? 0 },
    request.limit,
    fetchBatch,
    pageBudget(request.limit, SCROLL_SIZE),
    { keyOf: (ad) => ad.id },
  );
  if (collected.interruptedBy)
    ctx.log.info({ err: collected.interruptedBy }, "adsite: a scroll batch failed; the list is incomplete");
  const { next } = collected;
  const payload: AdListCursor | null = next
    ? {
        k: key,
        t: next.token,
        i: next.index,
        s: next.token === null ? null : session,
        b: batchStart.get(next.token) ?? 0,
        e: ctx.now().getTime() + CURSOR_TTL_MS,
      }
    : null;
  return {
    ads: collected.items,
    totalCount: cursor ? null : totalCount,
    nextCursor: payload ? ctx.cursors.encode(payload) : null,
    hasMore: payload !== null,
  };
}

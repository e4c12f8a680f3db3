import { CursorCodec } from "@sda/contract";
import type { usageQuerySchema } from "@sda/ledger";
import { decodePageCursor, encodePageCursor } from "@sda/ledger";
import type { GatewayDeps } from "../../deps.ts";
import type { SuccessBody } from "../../respond.ts";
import type { RouteCall } from "../define-route.ts";
import { presentRequestLog } from "./present.ts";

/** Cursor binding of this list (a cursor of another list is `invalid_cursor`). */
export const USAGE_LIST_ID = "account.usage";

/**
 * `GET /v1/account/usage?from=&to=&operation=&status=&cursor=&limit=` (free): the key's account's request log, newest
 * first (by the time of each call), keyset-paginated (`nextCursor`, `hasMore`). Only this account's rows are ever
 * read; the calls this gateway answered are all listed, up to the one answered just before (read your own writes).
 * @throws ServiceError 400 for a bad parameter or a cursor of other filters.
 */
export function getUsage(deps: GatewayDeps) {
  const codec = new CursorCodec(deps.config.CURSOR_SECRET);
  return async (call: RouteCall<typeof usageQuerySchema>): Promise<SuccessBody> => {
    const principal = call.principal();
    const query = call.query();
    const filters = {
      from: query.from?.toISOString(),
      to: query.to?.toISOString(),
      operation: query.operation,
      status: query.status,
    };
    const after = query.cursor ? decodePageCursor(codec, USAGE_LIST_ID, query.cursor, filters) : undefined;
    // Read your own writes: a call answered a moment ago by this process is listed (its buffered row written first;
    // a billed call whose row another gateway still buffers, or lost, is listed from its charge).
    await deps.requestLog.flushAccount(principal.accountId);
    const page = await deps.ledger.usage.requestLogPage(
      {
        accountId: principal.accountId,
        ...(query.from ? { from: query.from } : {}),
        ...(query.to ? { to: query.to } : {}),
        ...(query.operation ? { operation: query.operation } : {}),
        ...(query.status !== undefined ? { status: query.status } : {}),
      },
      { limit: query.limit, ...(after ? { after } : {}) },
    );
    return {
      data: {
        requests: page.rows.map(presentRequestLog),
        totalReturned: page.rows.length,
        nextCursor: page.next ? encodePageCursor(codec, USAGE_LIST_ID, page.next, filters) : null,
        hasMore: page.next !== null,
      },
      credits: 0,
      cache: "BYPASS",
      source: "ledger",
    } satisfies SuccessBody;
  };
}

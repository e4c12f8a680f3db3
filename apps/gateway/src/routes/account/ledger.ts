import { CursorCodec } from "@sda/contract";
import type { ledgerQuerySchema } from "@sda/ledger";
import { decodePageCursor, encodePageCursor } from "@sda/ledger";
import type { GatewayDeps } from "../../deps.ts";
import type { SuccessBody } from "../../respond.ts";
import type { RouteCall } from "../define-route.ts";
import { presentLedgerEntry } from "./present.ts";

/** Cursor binding of this list. */
export const LEDGER_LIST_ID = "account.ledger";

/**
 * `GET /v1/account/ledger?cursor=&limit=` (free): the account's ledger entries newest first, each with `balanceAfter`;
 * the sum of every entry's `amount` equals the balance.
 * @throws ServiceError 400 for a bad `limit` or `cursor`.
 */
export function getLedger(deps: GatewayDeps) {
  const codec = new CursorCodec(deps.config.CURSOR_SECRET);
  return async (call: RouteCall<typeof ledgerQuerySchema>): Promise<SuccessBody> => {
    const principal = call.principal();
    const query = call.query();
    const after = query.cursor ? decodePageCursor(codec, LEDGER_LIST_ID, query.cursor) : undefined;
    const [page, balance] = await Promise.all([
      deps.ledger.usage.ledgerPage(principal.accountId, {
        limit: query.limit,
        ...(after ? { after } : {}),
      }),
      deps.ledger.balance(principal.accountId),
    ]);
    return {
      data: {
        balance,
        entries: page.rows.map(presentLedgerEntry),
        totalReturned: page.rows.length,
        nextCursor: page.next ? encodePageCursor(codec, LEDGER_LIST_ID, page.next) : null,
        hasMore: page.next !== null,
      },
      credits: 0,
      cache: "BYPASS",
      source: "ledger",
    } satisfies SuccessBody;
  };
}

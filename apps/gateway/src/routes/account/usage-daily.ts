import type { dailyUsageQuerySchema } from "@sda/ledger";
import type { GatewayDeps } from "../../deps.ts";
import type { SuccessBody } from "../../respond.ts";
import type { RouteCall } from "../define-route.ts";

/**
 * `GET /v1/account/usage/daily?days=30` (free): calls, successful calls and credits per UTC day and operation over
 * the last `days` days (1–366, today included), newest day first; days without calls are absent.
 */
export function getDailyUsage(deps: GatewayDeps) {
  return async (call: RouteCall<typeof dailyUsageQuerySchema>): Promise<SuccessBody> => {
    const principal = call.principal();
    const query = call.query();
    // Read your own writes: this process's buffered rows of the account first (credits are the charges', committed).
    await deps.requestLog.flushAccount(principal.accountId);
    const days = await deps.ledger.usage.daily(principal.accountId, query.days);
    return {
      data: { days: query.days, usage: days, totalReturned: days.length },
      credits: 0,
      cache: "BYPASS",
      source: "ledger",
    } satisfies SuccessBody;
  };
}

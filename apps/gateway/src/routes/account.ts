import type { Request, RequestHandler, Response, Router } from "express";
import express from "express";
import type { GatewayDeps } from "../deps.ts";
import { principalOf } from "../middleware/auth.ts";
import { sendSuccess } from "../respond.ts";

/** `GET /v1/account`: balance and the newest ledger entries of the key's account. Free. */
export function accountRouter(deps: GatewayDeps, auth: RequestHandler[]): Router {
  const router = express.Router();
  router.get("/v1/account", ...auth, async (_req: Request, res: Response) => {
    const principal = principalOf(res);
    const [balance, entries] = await Promise.all([
      deps.ledger.balance(principal.accountId),
      deps.ledger.entries(principal.accountId, 20),
    ]);
    sendSuccess(res, {
      data: {
        accountId: principal.accountId,
        keyId: principal.keyId,
        balance,
        recentEntries: entries.map((e) => ({
          id: e.id,
          kind: e.kind,
          amount: e.amount,
          balanceAfter: e.balanceAfter,
          operation: e.operation,
          requestId: e.requestId,
          createdAt: e.createdAt.toISOString(),
        })),
      },
      credits: 0,
      cache: "BYPASS",
      source: "ledger",
    });
  });
  return router;
}

import { ServiceError } from "@sda/core";
import { admitted } from "@sda/engine";
import type { RequestHandler, Router } from "express";
import express from "express";
import type { GatewayDeps } from "../deps.ts";
import type { RateLimit } from "../middleware/rate-limit.ts";
import { sendSuccess } from "../respond.ts";
import { getAccount } from "./account/get-account.ts";
import { getLedger } from "./account/ledger.ts";
import { getUsage } from "./account/usage.ts";
import { getDailyUsage } from "./account/usage-daily.ts";

const PATHS = {
  "/v1/account": getAccount,
  "/v1/account/usage": getUsage,
  "/v1/account/usage/daily": getDailyUsage,
  "/v1/account/ledger": getLedger,
} as const;

/**
 * The Account group (free, key-authenticated): `GET /v1/account`, `/v1/account/usage`, `/v1/account/usage/daily` and
 * `/v1/account/ledger`. Other methods are 405.
 *
 * They only read, so the key's rate-limit check runs alongside the route's reads (`limit.admit`: one round trip at
 * c=1 instead of two) and the answer waits for both; a 429 wins over the route's own answer or error.
 */
export function accountRouter(deps: GatewayDeps, authenticated: RequestHandler, limit: RateLimit): Router {
  const router = express.Router();
  for (const [path, route] of Object.entries(PATHS)) {
    const read = route(deps);
    router.get(path, authenticated, async (req, res) => {
      const { admission } = await limit.admit(res);
      sendSuccess(res, await admitted(admission, read(req, res)));
    });
    router.all(path, () => {
      throw new ServiceError("method_not_allowed", `${path} only answers GET`, { details: { allow: "GET" } });
    });
  }
  return router;
}

import { ServiceError } from "@sda/core";
import type { RequestHandler, Router } from "express";
import express from "express";
import type { GatewayDeps } from "../deps.ts";
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
 */
export function accountRouter(deps: GatewayDeps, auth: RequestHandler[]): Router {
  const router = express.Router();
  for (const [path, handler] of Object.entries(PATHS)) {
    router.get(path, ...auth, handler(deps));
    router.all(path, () => {
      throw new ServiceError("method_not_allowed", `${path} only answers GET`, { details: { allow: "GET" } });
    });
  }
  return router;
}

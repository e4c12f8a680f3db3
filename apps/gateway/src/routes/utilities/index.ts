import { ServiceError } from "@sda/core";
import type { RequestHandler, Router } from "express";
import express from "express";
import type { GatewayDeps } from "../../deps.ts";
import type { ServiceRouteDoc } from "../service-docs.ts";
import { estimateRoute, estimateRouteDoc } from "./estimate.ts";
import { resolveRoute, resolveRouteDoc } from "./resolve.ts";

/** OpenAPI of the Utilities group. */
export const utilitiesRouteDocs: readonly ServiceRouteDoc[] = [resolveRouteDoc, estimateRouteDoc];

/**
 * The Utilities group (free, key-authenticated): `GET /v1/utilities/resolve` and `GET /v1/utilities/estimate`.
 * Other methods are 405.
 */
export function utilitiesRouter(deps: GatewayDeps, auth: RequestHandler[]): Router {
  const router = express.Router();
  const routes = {
    "/v1/utilities/resolve": resolveRoute(deps),
    "/v1/utilities/estimate": estimateRoute(deps),
  };
  for (const [path, handler] of Object.entries(routes)) {
    router.get(path, ...auth, handler);
    router.all(path, () => {
      throw new ServiceError("method_not_allowed", `${path} only answers GET`, { details: { allow: "GET" } });
    });
  }
  return router;
}

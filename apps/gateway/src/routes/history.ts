import { history as defaultHistory } from "@sda/catalog";
import { type HistoryCatalog, historyResource, parseParams } from "@sda/core";
import { historyQueryParams, readHistory } from "@sda/history";
import type { Request, RequestHandler, Response, Router } from "express";
import express from "express";
import type { GatewayDeps } from "../deps.ts";
import { sendSuccess } from "../respond.ts";
import type { ServiceRouteDoc } from "./service-docs.ts";

/** OpenAPI of the History group. */
export const historyRouteDocs: readonly ServiceRouteDoc[] = [
  {
    method: "get",
    path: "/v1/history",
    operationId: "getHistory",
    output: historyResource,
    tag: "History",
    summary: "Stored metric time series of a video, channel, playlist, subreddit, post or profile. Free.",
    description:
      "Every successful details call (and monitor run) records the resource's metrics, at most one value per metric " +
      "and minute. `raw` answers every recorded minute; `hour`/`day` the last value of each UTC bucket, at the " +
      "bucket's start. Buckets without values are absent (no interpolation). A resource never recorded answers 200 " +
      "with empty series.",
    query: historyQueryParams,
    responses: {
      "200":
        "`{ resource: {platform, kind, id, url}, interval, from, to, series: [{ metric, points: [{ at, value }] }] }`",
      "400": "unknown_metric (with `allowed`), ambiguous_url, invalid_parameter, parameter_out_of_range",
      "401": "missing or invalid API key",
      "422": "unsupported_url: not a URL of a resource with history",
    },
  },
];

/** `GET /v1/history`: the series of one resource (free; key-authenticated). */
export function historyRouter(
  deps: GatewayDeps,
  auth: RequestHandler[],
  catalog: HistoryCatalog = defaultHistory,
): Router {
  const store = deps.history;
  const router = express.Router();
  router.get("/v1/history", ...auth, async (req: Request, res: Response) => {
    const query = parseParams(historyQueryParams, req.query as Record<string, unknown>);
    const data = await readHistory(query, { store, catalog, now: new Date() });
    sendSuccess(res, { data, credits: 0, cache: "BYPASS", source: "history" });
  });
  return router;
}

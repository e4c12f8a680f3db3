import { monitorResource } from "@sda/core";
import { documentedBodies } from "@sda/monitors";
import type { RequestHandler } from "express";
import type { GatewayDeps } from "../../deps.ts";
import { principalOf } from "../../middleware/auth.ts";
import type { ServiceRouteDoc } from "../service-docs.ts";
import { sendMonitorsJson } from "./respond.ts";

export const trackHistoryDoc: ServiceRouteDoc = {
  method: "post",
  path: "/v1/history/track",
  operationId: "trackHistory",
  output: { "201": monitorResource },
  tag: "History",
  summary:
    "Start a metric time series in one call: a monitor that runs the URL's details operation on a schedule.",
  description:
    "Creates a tracking monitor without a webhook (kind track); each run is billed like a direct details call and " +
    "records the resource's metrics in the history. Manage it under /v1/monitors/{monitorId}.",
  body: documentedBodies.track,
  responses: { "201": "the tracking monitor", "400": "invalid_schedule", "422": "unsupported_url" },
};

/** `POST /v1/history/track`. */
export function trackHistory(deps: GatewayDeps): RequestHandler {
  return async (req, res) => {
    sendMonitorsJson(res, 201, await deps.monitors.track(principalOf(res), req.body));
  };
}

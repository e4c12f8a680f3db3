import { monitorPage, monitorResource } from "@sda/core";
import { listQuery } from "@sda/monitors";
import type { RequestHandler } from "express";
import type { GatewayDeps } from "../../deps.ts";
import { principalOf } from "../../middleware/auth.ts";
import type { ServiceRouteDoc } from "../service-docs.ts";
import { listingData, listingQuery, pathParam, sendMonitorsJson } from "./respond.ts";

export const listMonitorsDoc: ServiceRouteDoc = {
  method: "get",
  path: "/v1/monitors",
  operationId: "listMonitors",
  output: monitorPage,
  tag: "Monitors",
  summary: "The key's monitors, newest first (cursor-paged).",
  query: listQuery,
  responses: { "200": "{ monitors, nextCursor, hasMore }", "400": "invalid_cursor" },
};

export const getMonitorDoc: ServiceRouteDoc = {
  method: "get",
  path: "/v1/monitors/{monitorId}",
  operationId: "getMonitor",
  output: monitorResource,
  tag: "Monitors",
  summary: "One monitor (status, statusReason, schedule, nextRunAt, lastRunAt).",
  responses: { "200": "the monitor", "404": "monitor_not_found" },
};

/** `GET /v1/monitors`. */
export function listMonitors(deps: GatewayDeps): RequestHandler {
  return async (req, res) => {
    const page = await deps.monitors.list(principalOf(res), listingQuery(req));
    sendMonitorsJson(res, 200, listingData("monitors", page));
  };
}

/** `GET /v1/monitors/{monitorId}`. */
export function getMonitor(deps: GatewayDeps): RequestHandler {
  return async (req, res) => {
    sendMonitorsJson(res, 200, await deps.monitors.get(principalOf(res), pathParam(req, "monitorId")));
  };
}

import { monitorRunPage, webhookDeliveryPage } from "@sda/core";
import { listQuery } from "@sda/monitors";
import type { RequestHandler } from "express";
import { z } from "zod";
import type { GatewayDeps } from "../../deps.ts";
import { principalOf } from "../../middleware/auth.ts";
import type { ServiceRouteDoc } from "../service-docs.ts";
import { listingData, listingQuery, pathParam, sendMonitorsJson } from "./respond.ts";

export const listRunsDoc: ServiceRouteDoc = {
  method: "get",
  path: "/v1/monitors/{monitorId}/runs",
  operationId: "listMonitorRuns",
  output: monitorRunPage,
  tag: "Monitors",
  summary: "The monitor's runs, newest first: startedAt, status, itemsSeen, newItems, credits, error.",
  query: listQuery,
  responses: { "200": "{ runs, nextCursor, hasMore }", "400": "invalid_cursor", "404": "monitor_not_found" },
};

export const listDeliveriesDoc: ServiceRouteDoc = {
  method: "get",
  path: "/v1/monitors/{monitorId}/deliveries",
  operationId: "listMonitorDeliveries",
  output: webhookDeliveryPage,
  tag: "Monitors",
  summary:
    "The monitor's webhook deliveries, newest first, each with its attempts (status code, duration, next retry).",
  query: listQuery,
  responses: {
    "200": "{ deliveries, nextCursor, hasMore }",
    "400": "invalid_cursor",
    "404": "monitor_not_found",
  },
};

export const replayDeliveryDoc: ServiceRouteDoc = {
  method: "post",
  path: "/v1/monitors/{monitorId}/deliveries/{deliveryId}/replay",
  operationId: "replayMonitorDelivery",
  output: {
    "202": z.looseObject({
      deliveryId: z.string(),
      attempt: z.int().describe("The attempt number of the replay."),
    }),
  },
  tag: "Monitors",
  summary: "Send a finished delivery once more: same webhook-id and body, fresh timestamp and signature.",
  responses: {
    "202": "{ deliveryId, attempt }",
    "404": "monitor_not_found, webhook_delivery_not_found",
    "409": "webhook_delivery_pending, monitor_without_webhook",
  },
};

export const testEventDoc: ServiceRouteDoc = {
  method: "post",
  path: "/v1/monitors/{monitorId}/test",
  operationId: "sendMonitorTestEvent",
  output: { "202": z.object({ deliveryId: z.string() }) },
  tag: "Monitors",
  summary: "Send a signed monitor.test event (no items) to the monitor's webhook.",
  responses: { "202": "{ deliveryId }", "404": "monitor_not_found", "409": "monitor_without_webhook" },
};

/** `GET /v1/monitors/{monitorId}/runs`. */
export function listRuns(deps: GatewayDeps): RequestHandler {
  return async (req, res) => {
    const page = await deps.monitors.runs(principalOf(res), pathParam(req, "monitorId"), listingQuery(req));
    sendMonitorsJson(res, 200, listingData("runs", page));
  };
}

/** `GET /v1/monitors/{monitorId}/deliveries`. */
export function listDeliveries(deps: GatewayDeps): RequestHandler {
  return async (req, res) => {
    const page = await deps.monitors.deliveries(
      principalOf(res),
      pathParam(req, "monitorId"),
      listingQuery(req),
    );
    sendMonitorsJson(res, 200, listingData("deliveries", page));
  };
}

/** `POST /v1/monitors/{monitorId}/deliveries/{deliveryId}/replay`. */
export function replayDelivery(deps: GatewayDeps): RequestHandler {
  return async (req, res) => {
    const replay = await deps.monitors.replay(
      principalOf(res),
      pathParam(req, "monitorId"),
      pathParam(req, "deliveryId"),
    );
    sendMonitorsJson(res, 202, replay);
  };
}

/** `POST /v1/monitors/{monitorId}/test`. */
export function sendTestEvent(deps: GatewayDeps): RequestHandler {
  return async (req, res) => {
    sendMonitorsJson(res, 202, await deps.monitors.test(principalOf(res), pathParam(req, "monitorId")));
  };
}

import { listQuery, monitorRunPage } from "@sda/monitors";
import { webhookDeliveryPage } from "@sda/webhooks";
import { z } from "zod";
import { defineRoute } from "../define-route.ts";
import { listingData, listingQuery } from "./respond.ts";

/** `GET /v1/monitors/{monitorId}/runs`. */
export const listRunsRoute = defineRoute({
  method: "get",
  path: "/v1/monitors/{monitorId}/runs",
  operationId: "listMonitorRuns",
  operation: "monitors.runs",
  output: monitorRunPage,
  tag: "Monitors",
  summary: "The monitor's runs, newest first: startedAt, status, itemsSeen, newItems, credits, error.",
  query: listQuery,
  responses: { "200": "{ runs, nextCursor, hasMore }", "400": "invalid_cursor", "404": "monitor_not_found" },
  handler: (deps) => async (call) => {
    const page = await deps.monitors.runs(call.principal(), call.param("monitorId"), listingQuery(call.req));
    return { data: listingData("runs", page), source: "monitors" };
  },
});

/** `GET /v1/monitors/{monitorId}/deliveries`. */
export const listDeliveriesRoute = defineRoute({
  method: "get",
  path: "/v1/monitors/{monitorId}/deliveries",
  operationId: "listMonitorDeliveries",
  operation: "monitors.deliveries",
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
  handler: (deps) => async (call) => {
    const page = await deps.monitors.deliveries(
      call.principal(),
      call.param("monitorId"),
      listingQuery(call.req),
    );
    return { data: listingData("deliveries", page), source: "monitors" };
  },
});

/** `POST /v1/monitors/{monitorId}/deliveries/{deliveryId}/replay`. */
export const replayDeliveryRoute = defineRoute({
  method: "post",
  path: "/v1/monitors/{monitorId}/deliveries/{deliveryId}/replay",
  operationId: "replayMonitorDelivery",
  operation: "monitors.replay",
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
  handler: (deps) => async (call) => ({
    status: 202,
    data: await deps.monitors.replay(call.principal(), call.param("monitorId"), call.param("deliveryId")),
    source: "monitors",
  }),
});

/** `POST /v1/monitors/{monitorId}/test`. */
export const testEventRoute = defineRoute({
  method: "post",
  path: "/v1/monitors/{monitorId}/test",
  operationId: "sendMonitorTestEvent",
  operation: "monitors.test",
  output: { "202": z.object({ deliveryId: z.string() }) },
  tag: "Monitors",
  summary: "Send a signed monitor.test event (no items) to the monitor's webhook.",
  responses: { "202": "{ deliveryId }", "404": "monitor_not_found", "409": "monitor_without_webhook" },
  handler: (deps) => async (call) => ({
    status: 202,
    data: await deps.monitors.test(call.principal(), call.param("monitorId")),
    source: "monitors",
  }),
});

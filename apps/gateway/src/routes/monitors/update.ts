import { monitorResource } from "@sda/core";
import { documentedBodies } from "@sda/monitors";
import type { RequestHandler } from "express";
import { z } from "zod";
import type { GatewayDeps } from "../../deps.ts";
import { principalOf } from "../../middleware/auth.ts";
import type { ServiceRouteDoc } from "../service-docs.ts";
import { pathParam, sendMonitorsJson } from "./respond.ts";

export const updateMonitorDoc: ServiceRouteDoc = {
  method: "patch",
  path: "/v1/monitors/{monitorId}",
  operationId: "updateMonitor",
  output: monitorResource,
  tag: "Monitors",
  summary:
    "Pause or resume (status), change the schedule, params (a new baseline), webhook URL or description.",
  description:
    "Resuming (status: active) also re-enables a monitor that stopped by itself and clears its reason.",
  body: documentedBodies.update,
  responses: { "200": "the monitor", "400": "invalid field", "404": "monitor_not_found" },
};

export const deleteMonitorDoc: ServiceRouteDoc = {
  method: "delete",
  path: "/v1/monitors/{monitorId}",
  operationId: "deleteMonitor",
  output: z.object({ id: z.string(), deleted: z.literal(true) }),
  tag: "Monitors",
  summary: "Delete a monitor with its schedule, runs, seen items and delivery log.",
  responses: { "200": "{ id, deleted: true }", "404": "monitor_not_found" },
};

export const rotateSecretDoc: ServiceRouteDoc = {
  method: "post",
  path: "/v1/monitors/{monitorId}/rotate-secret",
  operationId: "rotateMonitorSecret",
  output: z.object({ id: z.string(), secret: z.string() }),
  tag: "Monitors",
  summary: "A new signing secret (shown once) for the deliveries made from now on.",
  responses: { "200": "{ id, secret }", "404": "monitor_not_found", "409": "monitor_without_webhook" },
};

/** `PATCH /v1/monitors/{monitorId}`. */
export function updateMonitor(deps: GatewayDeps): RequestHandler {
  return async (req, res) => {
    sendMonitorsJson(
      res,
      200,
      await deps.monitors.update(principalOf(res), pathParam(req, "monitorId"), req.body),
    );
  };
}

/** `DELETE /v1/monitors/{monitorId}`. */
export function deleteMonitor(deps: GatewayDeps): RequestHandler {
  return async (req, res) => {
    const id = pathParam(req, "monitorId");
    await deps.monitors.delete(principalOf(res), id);
    sendMonitorsJson(res, 200, { id, deleted: true });
  };
}

/** `POST /v1/monitors/{monitorId}/rotate-secret`. */
export function rotateSecret(deps: GatewayDeps): RequestHandler {
  return async (req, res) => {
    sendMonitorsJson(
      res,
      200,
      await deps.monitors.rotateSecret(principalOf(res), pathParam(req, "monitorId")),
    );
  };
}

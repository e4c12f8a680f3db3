import { documentedBodies, monitorResource } from "@sda/monitors";
import { z } from "zod";
import { defineRoute } from "../define-route.ts";
import { JSON_BODY } from "./body.ts";

/** `PATCH /v1/monitors/{monitorId}`. */
export const updateMonitorRoute = defineRoute({
  method: "patch",
  path: "/v1/monitors/{monitorId}",
  operationId: "updateMonitor",
  operation: "monitors.update",
  output: monitorResource,
  tag: "Monitors",
  summary:
    "Pause or resume (status), change the schedule, params (a new baseline), webhook URL or description.",
  description:
    "Resuming (status: active) also re-enables a monitor that stopped by itself and clears its reason.",
  body: documentedBodies.update,
  responses: { "200": "the monitor", "400": "invalid field", "404": "monitor_not_found" },
  accepts: JSON_BODY,
  handler: (deps) => async (call) => ({
    data: await deps.monitors.update(call.principal(), call.param("monitorId"), call.req.body),
    source: "monitors",
  }),
});

/** `DELETE /v1/monitors/{monitorId}`. */
export const deleteMonitorRoute = defineRoute({
  method: "delete",
  path: "/v1/monitors/{monitorId}",
  operationId: "deleteMonitor",
  operation: "monitors.delete",
  output: z.object({ id: z.string(), deleted: z.literal(true) }),
  tag: "Monitors",
  summary: "Delete a monitor with its schedule, runs, seen items and delivery log.",
  responses: { "200": "{ id, deleted: true }", "404": "monitor_not_found" },
  handler: (deps) => async (call) => {
    const id = call.param("monitorId");
    await deps.monitors.delete(call.principal(), id);
    return { data: { id, deleted: true }, source: "monitors" };
  },
});

/** `POST /v1/monitors/{monitorId}/rotate-secret`. */
export const rotateSecretRoute = defineRoute({
  method: "post",
  path: "/v1/monitors/{monitorId}/rotate-secret",
  operationId: "rotateMonitorSecret",
  operation: "monitors.rotate-secret",
  output: z.object({ id: z.string(), secret: z.string() }),
  tag: "Monitors",
  summary: "A new signing secret (shown once) for the deliveries made from now on.",
  responses: { "200": "{ id, secret }", "404": "monitor_not_found", "409": "monitor_without_webhook" },
  handler: (deps) => async (call) => ({
    data: await deps.monitors.rotateSecret(call.principal(), call.param("monitorId")),
    source: "monitors",
  }),
});

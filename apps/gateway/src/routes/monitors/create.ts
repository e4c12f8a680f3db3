import { monitorResource } from "@sda/core";
import { documentedBodies } from "@sda/monitors";
import { defineRoute } from "../define-route.ts";
import { JSON_BODY } from "./body.ts";

/** `POST /v1/monitors`. */
export const createMonitorRoute = defineRoute({
  method: "post",
  path: "/v1/monitors",
  operationId: "createMonitor",
  operation: "monitors.create",
  output: { "201": monitorResource },
  tag: "Monitors",
  summary:
    "Create a monitor: a scheduled re-run of a list operation that POSTs its new items to your webhook.",
  description:
    "The path and params are validated like a direct call; only list operations with stable item ids are accepted. " +
    "The answer carries the signing secret (whsec_…) once. The first run records a baseline and delivers nothing " +
    "unless deliverInitial is true. Each run is billed like a direct call.",
  body: documentedBodies.create,
  responses: {
    "201": "the monitor, with its signing secret (shown once)",
    "400": "invalid body, operation_not_monitorable, invalid_schedule, invalid_webhook_url",
    "422": "unsupported_url in params.url",
  },
  accepts: JSON_BODY,
  handler: (deps) => async (call) => ({
    status: 201,
    data: await deps.monitors.create(call.principal(), call.req.body),
    source: "monitors",
  }),
});

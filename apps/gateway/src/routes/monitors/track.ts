import { documentedBodies, monitorResource } from "@sda/monitors";
import { defineRoute } from "../define-route.ts";
import { JSON_BODY } from "./body.ts";

/** `POST /v1/history/track`. */
export const trackHistoryRoute = defineRoute({
  method: "post",
  path: "/v1/history/track",
  operationId: "trackHistory",
  operation: "history.track",
  output: { "201": monitorResource },
  tag: "History",
  summary:
    "Start a metric time series in one call: a monitor that runs the URL's details operation on a schedule.",
  description:
    "Creates a tracking monitor without a webhook (kind track); each run is billed like a direct details call and " +
    "records the resource's metrics in the history. Manage it under /v1/monitors/{monitorId}.",
  body: documentedBodies.track,
  responses: { "201": "the tracking monitor", "400": "invalid_schedule", "422": "unsupported_url" },
  accepts: JSON_BODY,
  handler: (deps) => async (call) => ({
    status: 201,
    data: await deps.monitors.track(call.principal(), call.req.body),
    source: "monitors",
  }),
});

import { listQuery, monitorPage, monitorResource } from "@sda/monitors";
import { freeAnswer, queryValues } from "../../mcp/tool.ts";
import { defineRoute } from "../define-route.ts";
import { listingData, listingQuery } from "./respond.ts";

/** `GET /v1/monitors` (the monitor service parses the query). */
export const listMonitorsRoute = defineRoute({
  method: "get",
  path: "/v1/monitors",
  operationId: "listMonitors",
  operation: "monitors.list",
  output: monitorPage,
  tag: "Monitors",
  summary: "The key's monitors, newest first (cursor-paged).",
  query: listQuery,
  responses: { "200": "{ monitors, nextCursor, hasMore }", "400": "invalid_cursor" },
  tool: {
    name: "monitor_list",
    query: true,
    readOnly: true,
    run: async (ctx, args) => {
      const page = await ctx.deps.monitors.list(ctx.principal, queryValues(args));
      return freeAnswer(listingData("monitors", page), "monitors");
    },
  },
  handler: (deps) => async (call) => ({
    data: listingData("monitors", await deps.monitors.list(call.principal(), listingQuery(call.req))),
    source: "monitors",
  }),
});

/** `GET /v1/monitors/{monitorId}`. */
export const getMonitorRoute = defineRoute({
  method: "get",
  path: "/v1/monitors/{monitorId}",
  operationId: "getMonitor",
  operation: "monitors.get",
  output: monitorResource,
  tag: "Monitors",
  summary: "One monitor (status, statusReason, schedule, nextRunAt, lastRunAt).",
  responses: { "200": "the monitor", "404": "monitor_not_found" },
  handler: (deps) => async (call) => ({
    data: await deps.monitors.get(call.principal(), call.param("monitorId")),
    source: "monitors",
  }),
});

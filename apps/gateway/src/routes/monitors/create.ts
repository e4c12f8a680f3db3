import { assertStorableBody } from "@sda/core";
import { documentedBodies, monitorResource } from "@sda/monitors";
import { z } from "zod";
import { freeAnswer } from "../../mcp/tool.ts";
import { defineRoute } from "../define-route.ts";
import { JSON_BODY } from "./body.ts";

/** `monitor_create`'s input: REST's body, its `schedule` described in the caller's terms (no setting names). */
const monitorCreateInput = documentedBodies.create.extend({
  schedule: z.union([
    z.object({
      every: z
        .string()
        .describe(
          "an interval: 5m, 15m, 2h, 1d — at least 5 minutes (the service's minimum; shorter is refused)",
        ),
    }),
    z.object({
      cron: z.string().describe("a five-field cron pattern, e.g. 0 * * * *"),
      tz: z.string().optional().describe("IANA time zone of the pattern (default UTC)"),
    }),
  ]),
});

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
  tool: {
    name: "monitor_create",
    input: monitorCreateInput,
    description:
      "Create a monitor: a scheduled re-run of a list operation that POSTs its new items to your webhook. The " +
      "path and params are validated like a direct call; only list operations with stable item ids are accepted. " +
      "The schedule is an interval of at least 5 minutes or a cron pattern. The answer carries the signing " +
      "secret (whsec_…) once. The first run records a baseline and delivers nothing unless deliverInitial is " +
      "true. Each run is billed like a direct call. Example: " +
      '{"path": "/v1/videosite/comments", "params": {"url": "https://www.youtube.com/watch?v=xaQJbozY_Is"}, ' +
      '"schedule": {"every": "1h"}, "webhookUrl": "https://hooks.example.com/sda"}',
    readOnly: false,
    run: async (ctx, args) => {
      assertStorableBody(args);
      return freeAnswer(await ctx.deps.monitors.create(ctx.principal, args), "monitors", 201);
    },
  },
  handler: (deps) => async (call) => ({
    status: 201,
    data: await deps.monitors.create(call.principal(), call.req.body),
    source: "monitors",
  }),
});

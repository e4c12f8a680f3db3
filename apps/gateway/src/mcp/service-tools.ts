import { assertStorableBody, ServiceError } from "@sda/core";
import { documentedBodies } from "@sda/monitors";
import { standaloneSchema } from "@sda/openapi";
import { z } from "zod";
import { accountSummary } from "../routes/account/get-account.ts";
import { accountRoutes } from "../routes/account/routes.ts";
import { getBatchRoute } from "../routes/batch/get.ts";
import { submitBatchRoute } from "../routes/batch/submit.ts";
import type { ServiceRoute } from "../routes/define-route.ts";
import { createMonitorRoute } from "../routes/monitors/create.ts";
import { listMonitorsRoute } from "../routes/monitors/read.ts";
import { listingData } from "../routes/monitors/respond.ts";
import { estimateCall, estimateRoute } from "../routes/utilities/estimate.ts";
import { LIGHT_OUTPUT } from "./compact.ts";
import { RETRY_SENTENCE, splitIdempotencyKey, withIdempotencyKey } from "./idempotency.ts";
import { outcomeAnswer, resultSchema } from "./operation-tools.ts";
import { type McpTool, queryValues, type ToolAnswer, type ToolContext } from "./tool.ts";

/** The 200/201/202 `data` schema a service route declares. */
function outputOf(doc: ServiceRoute): z.ZodType {
  const { output } = doc;
  if (!output) throw new Error(`${doc.path} declares no output`);
  if ("safeParse" in output) return output as z.ZodType;
  const data = Object.values(output)[0];
  if (!data) throw new Error(`${doc.path} declares no output`);
  return data;
}

/** A free answer of the service's own data (nothing charged, nothing cached), with the REST status. */
function free(data: unknown, source: string, status = 200): ToolAnswer {
  return { ok: true, status, data: data as Record<string, unknown>, credits: 0, cache: "BYPASS", source };
}

/** Waits for the key's rate-limit check, as the REST group routes do before they run. */
async function admit(ctx: ToolContext): Promise<void> {
  const { admission } = await ctx.limit.admitKey(ctx.principal.keyId);
  await admission;
}

/**
 * A tool over one REST service route: its request-log operation, description, output (and input, unless given) from
 * the route's one value, so the tool says and logs what the route does; `run` calls the same service function the
 * route calls.
 */
function serviceTool(
  name: string,
  doc: ServiceRoute,
  options: {
    /** The arguments are a query (logged as the row's `params`), not a body. */
    query?: boolean;
    input?: z.ZodType;
    /** The tool's own description, when the REST route's would mislead an agent (it names headers or settings). */
    description?: string;
    /** The tool charges: it takes the optional `idempotencyKey` argument (`idempotency.ts`). */
    idempotent?: boolean;
    readOnly: boolean;
    run: (ctx: ToolContext, args: Record<string, unknown>) => Promise<ToolAnswer>;
  },
): McpTool {
  const input = options.input ?? doc.body ?? doc.query ?? z.object({});
  const inputSchema = {
    type: "object",
    ...standaloneSchema(input, "input"),
  } as McpTool["definition"]["inputSchema"];
  return {
    operation: doc.operation,
    logsArguments: options.query === true,
    fullOutputSchema: resultSchema(outputOf(doc)),
    definition: {
      name,
      title: doc.summary.replace(/\.$/, ""),
      description: options.description ?? [doc.summary, doc.description].filter(Boolean).join("\n\n"),
      inputSchema: options.idempotent ? withIdempotencyKey(inputSchema) : inputSchema,
      outputSchema: LIGHT_OUTPUT,
      annotations: { readOnlyHint: options.readOnly, openWorldHint: false },
    },
    async run(ctx, args) {
      await admit(ctx);
      return options.run(ctx, args);
    },
  };
}

const getAccountRoute = accountRoutes.find((route) => route.path === "/v1/account") as ServiceRoute;

const estimateInput = z.object({
  tool: z.string().describe("The platform tool to price, e.g. `videosite_transcript`."),
  arguments: z
    .record(z.string(), z.unknown())
    .optional()
    .describe("The arguments that tool would be called with (validated as the call would validate them)."),
});

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

/**
 * The service tools beside the platform ones, each the REST route's own logic: `account_balance`
 * (`GET /v1/account`), `estimate_cost` (`GET /v1/utilities/estimate`, by tool name), `batch_submit` and
 * `batch_status` (`POST /v1/batch`, `GET /v1/batch/{id}`), `monitor_create` and `monitor_list`
 * (`POST`/`GET /v1/monitors`). Same validation, billing (items and runs are billed as direct calls) and errors.
 * @param toolPaths each platform tool's REST path, by tool name (for `estimate_cost`).
 */
export function serviceTools(toolPaths: ReadonlyMap<string, string>): McpTool[] {
  return [
    serviceTool("account_balance", getAccountRoute, {
      readOnly: true,
      run: async (ctx) => {
        const body = await accountSummary(ctx.deps, ctx.principal);
        return free(body.data, body.source);
      },
    }),
    serviceTool("estimate_cost", estimateRoute, {
      query: true,
      input: estimateInput,
      description:
        "What a platform tool call would cost, without making it. Free. Pass the tool's name and the arguments " +
        "you would call it with; the answer gives the credits it would charge (a range when the count of results " +
        'decides) and whether a cached answer would be free. Example: {"tool": "videosite_transcript", ' +
        '"arguments": {"url": "https://youtu.be/M4gD1WSo5mA"}}',
      readOnly: true,
      run: async (ctx, args) => {
        const tool = typeof args.tool === "string" ? args.tool : "";
        const path = toolPaths.get(tool);
        if (!path)
          throw new ServiceError(
            "invalid_parameter",
            `tool must name a platform tool (got "${tool.slice(0, 100)}")`,
            {
              details: { param: "tool" },
            },
          );
        const given = args.arguments;
        const raw =
          given && typeof given === "object" && !Array.isArray(given)
            ? queryValues(given as Record<string, unknown>)
            : {};
        const outcome = await estimateCall(ctx.deps, ctx.principal, ctx.requestId, path, raw);
        if (outcome.state === "priced")
          return {
            ...free(outcome.data, outcome.source),
            ...(outcome.jobId ? { jobId: outcome.jobId } : {}),
          };
        return outcomeAnswer(
          outcome.state === "pending"
            ? outcome
            : { state: "finished", jobId: outcome.jobId, result: outcome.result },
        );
      },
    }),
    serviceTool("batch_submit", submitBatchRoute, {
      description:
        "Submit up to 1,000 platform calls as one batch, each as its REST path and query parameters. Every call is " +
        "validated before anything is queued; items run behind direct calls, sharing the batch capacity fairly " +
        "between accounts, and each is billed as a direct call when it runs. Read progress and results with " +
        "batch_status. With webhookUrl, one signed batch.completed event is sent (its secret is in this answer, " +
        `once). ${RETRY_SENTENCE} Example: {"calls": [{"path": "/v1/videosite/video-details", "params": ` +
        '{"url": "https://youtu.be/M4gD1WSo5mA"}}], "label": "nightly", "idempotencyKey": "nightly-2026-12-02"}',
      idempotent: true,
      readOnly: false,
      run: async (ctx, args) => {
        const { key, rest } = splitIdempotencyKey(args, ctx.idempotencyKey);
        const answer = await ctx.deps.batches.submit({
          principal: ctx.principal,
          body: rest,
          idempotencyKey: key,
        });
        return free(answer.data, "batch", 202);
      },
    }),
    serviceTool("batch_status", getBatchRoute, {
      input: z.object({ batchId: z.string().describe("The batch's `bat_…` id (from batch_submit).") }),
      readOnly: true,
      run: async (ctx, args) =>
        free(await ctx.deps.batches.get(ctx.principal, String(args.batchId ?? "")), "batch"),
    }),
    serviceTool("monitor_create", createMonitorRoute, {
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
        return free(await ctx.deps.monitors.create(ctx.principal, args), "monitors", 201);
      },
    }),
    serviceTool("monitor_list", listMonitorsRoute, {
      query: true,
      readOnly: true,
      run: async (ctx, args) => {
        const page = await ctx.deps.monitors.list(ctx.principal, queryValues(args));
        return free(listingData("monitors", page), "monitors");
      },
    }),
  ];
}

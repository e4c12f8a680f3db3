import { standaloneSchema } from "@sda/openapi";
import { z } from "zod";
import type { ServiceRoute } from "../routes/define-route.ts";
import { SERVICE_ROUTES } from "../routes/service-routes.ts";
import { LIGHT_OUTPUT } from "./compact.ts";
import { withIdempotencyKey } from "./idempotency.ts";
import { resultSchema } from "./operation-tools.ts";
import type { McpTool, RouteTool, ToolContext } from "./tool.ts";

/** The 200/201/202 `data` schema a service route declares. */
function outputOf(doc: ServiceRoute): z.ZodType {
  const { output } = doc;
  if (!output) throw new Error(`${doc.path} declares no output`);
  if ("safeParse" in output) return output as z.ZodType;
  const data = Object.values(output)[0];
  if (!data) throw new Error(`${doc.path} declares no output`);
  return data;
}

/** Waits for the key's rate-limit check, as the REST group routes do before they run. */
async function admit(ctx: ToolContext): Promise<void> {
  const { admission } = await ctx.limit.admitKey(ctx.principal.keyId);
  await admission;
}

/**
 * The MCP tool over one REST service route, from the route's one value: its request-log operation, title,
 * description, output (and input, unless the route's `tool` gives its own), so the tool says and logs what the route
 * does; `run` (the route's `tool.run`) calls the same service function the route's handler calls, after the key's
 * rate-limit check.
 */
function serviceTool(route: ServiceRoute, tool: RouteTool): McpTool {
  const input = tool.input ?? route.body ?? route.query ?? z.object({});
  const inputSchema = {
    type: "object",
    ...standaloneSchema(input, "input"),
  } as McpTool["definition"]["inputSchema"];
  return {
    operation: route.operation,
    logsArguments: tool.query === true,
    fullOutputSchema: resultSchema(outputOf(route)),
    definition: {
      name: tool.name,
      title: route.summary.replace(/\.$/, ""),
      description: tool.description ?? [route.summary, route.description].filter(Boolean).join("\n\n"),
      inputSchema: tool.idempotent ? withIdempotencyKey(inputSchema) : inputSchema,
      outputSchema: LIGHT_OUTPUT,
      annotations: { readOnlyHint: tool.readOnly, openWorldHint: false },
    },
    async run(ctx, args) {
      await admit(ctx);
      return tool.run(ctx, args);
    },
  };
}

/**
 * The service tools beside the platform ones, one per service route that declares a `tool` (in the route list's
 * order): `account_balance` (`GET /v1/account`), `monitor_create` and `monitor_list` (`POST`/`GET /v1/monitors`),
 * `batch_submit` and `batch_status` (`POST /v1/batch`, `GET /v1/batch/{id}`), `estimate_cost`
 * (`GET /v1/utilities/estimate`, by tool name). Same validation, billing (items and runs are billed as direct calls)
 * and errors as the routes.
 */
export function serviceTools(routes: readonly ServiceRoute[] = SERVICE_ROUTES): McpTool[] {
  return routes.flatMap((route) => (route.tool ? [serviceTool(route, route.tool)] : []));
}

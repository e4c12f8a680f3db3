import { ServiceError } from "@sda/core";
import { standaloneSchema } from "@sda/openapi";
import { z } from "zod";
import type { McpTool } from "./tool.ts";

const describeOutputInput = z.object({
  tool: z.string().describe("The tool whose result to describe, e.g. `videosite_transcript`."),
});

/**
 * `describe_output`: the full JSON Schema of a tool's result (`structuredContent`: `anyOf` its data, the job handle
 * of a call past the deadline, the error of an `isError` result), which the tool list publishes in a light form to
 * stay small (`compact.ts`). Free, local (no request to any platform).
 * @param tools every tool of the catalog, by name (not only those a selection lists).
 */
export function describeOutputTool(tools: ReadonlyMap<string, McpTool>): McpTool {
  return {
    operation: "mcp.describe-output",
    logsArguments: true,
    definition: {
      name: "describe_output",
      title: "The full output schema of a tool",
      description:
        "The full JSON Schema of a tool's result (its structuredContent), field by field with their meaning. The " +
        "tool list gives each tool a light output schema to stay small; call this before reading a tool's result " +
        'in code. Free. Example: {"tool": "videosite_transcript"}',
      inputSchema: { type: "object", ...standaloneSchema(describeOutputInput, "input") },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async run(_ctx, args) {
      const parsed = describeOutputInput.safeParse(args);
      const tool = parsed.success ? tools.get(parsed.data.tool) : undefined;
      if (!tool?.fullOutputSchema)
        throw new ServiceError(
          parsed.success ? "invalid_parameter" : "missing_parameter",
          "tool must name a tool with a structured result, e.g. videosite_transcript",
          { details: { param: "tool" } },
        );
      return {
        ok: true,
        status: 200,
        data: { tool: tool.definition.name, outputSchema: tool.fullOutputSchema },
        credits: 0,
        cache: "BYPASS",
        source: "mcp",
      };
    },
  };
}

import type { OperationRegistry } from "@sda/core";
import { getJobTool } from "./job-tool.ts";
import { operationTool, toolName } from "./operation-tools.ts";
import { serviceTools } from "./service-tools.ts";
import type { McpTool } from "./tool.ts";

/**
 * The tools the MCP endpoint offers: one per registry operation (nothing written per operation), `get_job`, then the
 * service tools (account, estimate, batch, monitors), kept to `allow` when set (`MCP_TOOLS`: a comma-separated list
 * of tool names, or prefixes — an entry also keeps every tool named `<entry>_…`, so `videosite` keeps the platform's
 * tools and `account` the account tool).
 * @throws Error naming MCP_TOOLS when an entry matches no tool (a typo would silently hide tools).
 */
export function mcpTools(registry: OperationRegistry, allow: string | undefined): Map<string, McpTool> {
  const toolPaths = new Map(registry.operations.map((op) => [toolName(op), op.path]));
  const all = [...registry.operations.map(operationTool), getJobTool, ...serviceTools(toolPaths)];
  const entries = (allow ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const kept = (name: string, entry: string) =>
    name === entry || name.startsWith(entry.endsWith("_") ? entry : `${entry}_`);
  for (const entry of entries)
    if (!all.some((tool) => kept(tool.definition.name, entry)))
      throw new Error(`MCP_TOOLS: "${entry}" is no tool name nor the prefix of one`);
  const offered = entries.length
    ? all.filter((tool) => entries.some((entry) => kept(tool.definition.name, entry)))
    : all;
  return new Map(offered.map((tool) => [tool.definition.name, tool]));
}

import type { OperationRegistry } from "@sda/core";
import { operationTool } from "./operation-tools.ts";
import type { McpTool } from "./tool.ts";

/**
 * The tools the MCP endpoint offers: one per registry operation (nothing written per operation), then the service
 * tools, kept to `allow` when set (`MCP_TOOLS`: a comma-separated list of tool names, or prefixes — an entry also
 * keeps every tool named `<entry>_…`, so `videosite` keeps the platform's tools).
 * @throws Error naming MCP_TOOLS when an entry matches no tool (a typo would silently hide tools).
 */
export function mcpTools(
  registry: OperationRegistry,
  service: readonly McpTool[],
  allow: string | undefined,
): Map<string, McpTool> {
  const all = [...registry.operations.map(operationTool), ...service];
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
    ? all.filter((tool) => entries.some((e) => kept(tool.definition.name, e)))
    : all;
  return new Map(offered.map((tool) => [tool.definition.name, tool]));
}

import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import type { OperationRegistry } from "@sda/contract";
import { ServiceError } from "@sda/core";
import { getJobTool } from "./job-tool.ts";
import { operationTool } from "./operation-tools.ts";
import { describeOutputTool } from "./output-tool.ts";
import { serviceTools } from "./service-tools.ts";
import type { McpTool } from "./tool.ts";

/**
 * The tools the MCP endpoint offers: one per registry operation (nothing written per operation), `get_job`, the
 * service tools (account, estimate, batch, monitors), then `describe_output` (over all of them), kept to `allow` when set (`MCP_TOOLS`: a comma-separated list
 * of tool names, or prefixes — an entry also keeps every tool named `<entry>_…`, so `videosite` keeps the platform's
 * tools and `account` the account tool).
 * @throws Error naming MCP_TOOLS when an entry matches no tool (a typo would silently hide tools).
 */
export function mcpTools(registry: OperationRegistry, allow: string | undefined): Map<string, McpTool> {
  const catalog = [...registry.operations.map(operationTool), getJobTool, ...serviceTools()];
  const all = [...catalog, describeOutputTool(new Map(catalog.map((tool) => [tool.definition.name, tool])))];
  const entries = (allow ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries)
    if (!all.some((tool) => kept(tool.definition.name, entry)))
      throw new Error(`MCP_TOOLS: "${entry}" is no tool name nor the prefix of one`);
  const offered = entries.length
    ? all.filter((tool) => entries.some((entry) => kept(tool.definition.name, entry)))
    : all;
  return new Map(offered.map((tool) => [tool.definition.name, tool]));
}

/** True when tool `name` is `entry` or one of its `<entry>_…` tools. */
const kept = (name: string, entry: string) =>
  name === entry || name.startsWith(entry.endsWith("_") ? entry : `${entry}_`);

/** The comma-separated entries of a list query value (`a,b`), or [] when absent. */
function entriesOf(value: unknown, param: string): string[] {
  if (value === undefined) return [];
  if (typeof value !== "string" || value.length > 2000)
    throw new ServiceError("invalid_parameter", `${param} is a comma-separated list of names`, {
      details: { param },
    });
  return value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** The tools that stay listed whatever the selection: reading a job handle and a result's full schema. */
const ALWAYS_LISTED = new Set(["get_job", "describe_output"]);

/**
 * The tool list one request asks for (`/mcp?platforms=videosite,chatsite`, `?tools=account_balance,newssite`,
 * `?schemas=full`): with `platforms`, those platforms' tools and every service tool; with `tools`, the named tools
 * and `<entry>_…` prefixes (as `MCP_TOOLS`); both: their union; `get_job` and `describe_output` always. Calls are
 * not restricted: a selection only shortens the list an agent reads. `schemas=full` publishes each tool's full
 * output schema instead of the light one.
 * @param query the request's query (`req.query`).
 * @throws ServiceError 400 `invalid_parameter` naming the entry that matches no platform or tool.
 */
export function listedTools(tools: ReadonlyMap<string, McpTool>, query: Record<string, unknown>): Tool[] {
  const platforms = entriesOf(query.platforms, "platforms");
  const names = entriesOf(query.tools, "tools");
  const all = [...tools.values()];
  const known = new Set(all.map((tool) => tool.platform).filter(Boolean));
  for (const platform of platforms)
    if (!known.has(platform))
      throw new ServiceError("invalid_parameter", `platforms: "${platform.slice(0, 100)}" is no platform`, {
        details: { param: "platforms" },
      });
  for (const entry of names)
    if (!all.some((tool) => kept(tool.definition.name, entry)))
      throw new ServiceError(
        "invalid_parameter",
        `tools: "${entry.slice(0, 100)}" is no tool name nor the prefix of one`,
        {
          details: { param: "tools" },
        },
      );
  const full = query.schemas === "full";
  if (query.schemas !== undefined && !full && query.schemas !== "light")
    throw new ServiceError("invalid_parameter", "schemas is `light` (the default) or `full`", {
      details: { param: "schemas" },
    });
  const selected =
    platforms.length === 0 && names.length === 0
      ? all
      : all.filter(
          (tool) =>
            ALWAYS_LISTED.has(tool.definition.name) ||
            (platforms.length > 0 && (tool.platform === undefined || platforms.includes(tool.platform))) ||
            names.some((entry) => kept(tool.definition.name, entry)),
        );
  return selected.map((tool) =>
    full && tool.fullOutputSchema
      ? { ...tool.definition, outputSchema: tool.fullOutputSchema }
      : tool.definition,
  );
}

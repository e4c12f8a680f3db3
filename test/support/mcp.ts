import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { onTestFinished } from "vitest";
import type { Stack } from "./stack.ts";

/** An MCP client (the official SDK's, Streamable HTTP) connected to the stack's `/mcp` with `key`; closed after the test. */
export async function mcpClient(stack: Stack, key: string, gatewayUrl = stack.gateway.url): Promise<Client> {
  const client = new Client({ name: "sda-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL("/mcp", gatewayUrl), {
    requestInit: { headers: { authorization: `Bearer ${key}` } },
  });
  await client.connect(transport);
  onTestFinished(() => client.close());
  return client;
}

/** A tool result with the fields the gateway always sets. */
export type ToolResult = CallToolResult & {
  _meta: { requestId: string; creditsCharged: number; cache: string; status: number; jobId?: string };
  // biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON
  structuredContent: any;
};

/** Calls `name` with `args` and returns its result. */
export async function callTool(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<ToolResult> {
  return (await client.callTool({ name, arguments: args })) as ToolResult;
}

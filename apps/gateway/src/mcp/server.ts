import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { newId } from "@sda/core";
import type { Principal } from "@sda/ledger";
import { answeredError } from "../middleware/errors.ts";
import { RETRY_SENTENCE } from "./idempotency.ts";
import { toolResult } from "./result.ts";
import type { McpTool, ToolAnswer, ToolContext } from "./tool.ts";

/** What the server tells agents at initialization. */
const INSTRUCTIONS =
  "Public data of social platforms. Each platform tool <platform>_<operation> is one call of the REST API " +
  "(GET /v1/<platform>/<operation>) with the same API key and credits; its description gives its price; errors " +
  "are never billed. `url` takes a public link of the tool's own platform (a link of another platform is refused). " +
  '`cache: "true"` lets a stored answer under 24 h old be served, free where the operation allows it (its price ' +
  "says when cache hits are billed); without it the answer is fresh. `cursor` continues a list: pass the previous " +
  "answer's `nextCursor`. A call that outlives the deadline returns a job handle: read it with get_job. " +
  "Each tool lists a light output schema; describe_output gives a tool's full one. account_balance shows the " +
  `credits left; estimate_cost prices a call without making it. ${RETRY_SENTENCE}`;

/** A call's arguments without its `idempotencyKey`. */
function withoutKey(args: Record<string, unknown>): Record<string, unknown> {
  const { idempotencyKey: _, ...rest } = args;
  return rest;
}

/**
 * One MCP server for one HTTP request (stateless: no session, any gateway can answer the next request) of an
 * authenticated key: `tools/list` lists `listed` (the request's selection, `listedTools`), `tools/call` runs one of `tools` with a fresh request id and answers its
 * REST outcome as a tool result ({@link toolResult}); every call writes its request-log row (channel `mcp`).
 * @throws McpError InvalidParams (a JSON-RPC error, not a tool result) for a tool name that is not offered.
 */
export function createMcpServer(
  tools: ReadonlyMap<string, McpTool>,
  principal: Principal,
  context: Omit<ToolContext, "principal" | "requestId">,
  listed: readonly Tool[] = [...tools.values()].map((tool) => tool.definition),
): Server {
  const server = new Server(
    { name: "social-data-api", version: "0.1.0" },
    { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [...listed] }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const tool = tools.get(request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `no tool named ${request.params.name}`);
    const requestId = newId("req");
    const args = request.params.arguments ?? {};
    const started = performance.now();
    const createdAt = new Date();
    let answer: ToolAnswer;
    try {
      answer = await tool.run({ ...context, principal, requestId }, args);
    } catch (error) {
      answer = { ok: false, error: answeredError(error, context.deps.log, requestId) };
    }
    context.deps.requestLog.add({
      id: requestId,
      accountId: principal.accountId,
      keyId: principal.keyId,
      operation: tool.operation,
      method: "POST",
      path: "/mcp",
      // The arguments as REST logs a query: without the idempotency key (REST's is a header, not logged).
      params: tool.logsArguments ? withoutKey(args) : {},
      status: answer.ok ? answer.status : answer.error.status,
      errorCode: answer.ok ? null : answer.error.code,
      cache: answer.ok ? answer.cache : "BYPASS",
      source: answer.source ?? null,
      durationMs: Math.round(performance.now() - started),
      jobId: answer.jobId ?? null,
      channel: "mcp",
      createdAt,
    });
    return toolResult(answer, requestId);
  });
  return server;
}

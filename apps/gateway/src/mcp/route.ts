import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { ServiceError } from "@sda/core";
import express, { type Request, type RequestHandler, type Response, type Router } from "express";
import type { GatewayDeps } from "../deps.ts";
import { principalOf } from "../middleware/auth.ts";
import type { RateLimit } from "../middleware/rate-limit.ts";
import { submitDeps } from "../routes/operation.ts";
import { mcpRequestGuard } from "./request-guard.ts";
import { createMcpServer } from "./server.ts";
import type { McpTool } from "./tool.ts";
import { listedTools } from "./tools.ts";

/**
 * `/mcp`: the MCP Streamable HTTP transport (the official SDK's), stateless — every POST gets its own server and
 * transport, answered as JSON (no session id, no SSE stream), so any gateway process answers any request. The key is
 * checked first, exactly as for REST (`authenticate`: 401 in the error envelope before any MCP message is read).
 * The query selects the listed tools (`listedTools`: `?platforms=`, `?tools=`, `?schemas=full`; an unknown entry is a
 * 400 in the REST envelope). REST's input limits hold before the SDK reads a message (`mcpRequestGuard`: size, depth, NUL and lone surrogates,
 * -32602 for invalid params). GET (a server-sent stream) and DELETE (ending a session) are 405: a stateless server
 * has neither. Tool calls wait
 * `MCP_DEADLINE_MS` (at most `REQUEST_DEADLINE_MS`) before answering a job handle.
 */
export function mcpRouter(
  gateway: GatewayDeps,
  tools: ReadonlyMap<string, McpTool>,
  authenticate: RequestHandler,
  limit: RateLimit,
): Router {
  // MCP clients give up on a request after 60 s by default (the official SDKs' clients): a tool call returns its job
  // handle at MCP_DEADLINE_MS, so no agent sees a timeout (and retries, paying twice) while its call still runs.
  const deadline = Math.min(gateway.config.REQUEST_DEADLINE_MS, gateway.config.MCP_DEADLINE_MS);
  const deps: GatewayDeps = { ...gateway, config: { ...gateway.config, REQUEST_DEADLINE_MS: deadline } };
  const submit = submitDeps(deps);
  const router = express.Router();
  router.post("/mcp", authenticate, mcpRequestGuard, async (req: Request, res: Response) => {
    const listed = listedTools(tools, req.query);
    const idempotencyKey = req.get("idempotency-key") ?? null;
    const server = createMcpServer(tools, principalOf(res), { deps, limit, submit, idempotencyKey }, listed);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    res.on("close", () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, res.locals.mcpBody);
  });
  router.all("/mcp", authenticate, () => {
    throw new ServiceError(
      "method_not_allowed",
      "this MCP endpoint is stateless: send JSON-RPC messages by POST",
      {
        details: { allow: "POST" },
      },
    );
  });
  return router;
}

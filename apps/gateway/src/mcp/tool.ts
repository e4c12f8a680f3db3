import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import type { ServiceError } from "@sda/core";
import type { CacheStatus, SubmitDeps } from "@sda/engine";
import type { Principal } from "@sda/ledger";
import type { z } from "zod";
import type { GatewayDeps } from "../deps.ts";
import type { RateLimit } from "../middleware/rate-limit.ts";

/** What one tool call runs with: the gateway, the key that called, the call's own request id. */
export interface ToolContext {
  deps: GatewayDeps;
  principal: Principal;
  /** The `req_…` id of this tool call (its reservation, ledger entry and request-log row). */
  requestId: string;
  limit: RateLimit;
  submit: SubmitDeps;
  /** The MCP request's `Idempotency-Key` header, if any (a paying tool's `idempotencyKey` argument wins). */
  idempotencyKey: string | null;
}

/** How a tool call ended, as the REST answer of the same call would have: its data (200, 201, 202) or its error. */
export type ToolAnswer =
  | {
      ok: true;
      /** The REST status: 200 or 201, 202 for a job handle past the deadline. */
      status: number;
      /** The REST answer's `data`. */
      data: Record<string, unknown>;
      credits: number;
      cache: CacheStatus;
      source: string | null;
      jobId?: string;
      /** The account's balance after the call, when known. */
      balance?: number;
      /** Extra fields of the REST envelope (`cached`, `cachedAt`, an operation's own). */
      envelope?: Record<string, unknown>;
    }
  | { ok: false; error: ServiceError; source?: string | null; jobId?: string };

/** One MCP tool: its published definition and what a call of it runs. */
export interface McpTool {
  definition: Tool;
  /**
   * The full JSON Schema of a result (`anyOf` the `data`, the job handle, the error), published by `describe_output`
   * and `/mcp?schemas=full`; `definition.outputSchema` is the light form (`compact.ts`).
   */
  fullOutputSchema?: Tool["outputSchema"];
  /** The platform of a registry operation's tool (`videosite`), for `/mcp?platforms=`; unset for the others. */
  platform?: string;
  /** The request log's `operation` of its calls (`videosite.transcript`, `account.get`). */
  operation: string;
  /** The request-log row keeps the call's arguments as its `params` (as REST keeps a GET's query; not a body). */
  logsArguments: boolean;
  /**
   * Runs one call with the client's arguments.
   * @throws ServiceError (answered as an `isError` result); anything else is answered as the REST error handler would.
   */
  run(ctx: ToolContext, args: Record<string, unknown>): Promise<ToolAnswer>;
}

/**
 * The MCP tool over a service route, declared on the route (`defineRoute`'s `tool`): the tool's name and what differs
 * from the route; its request-log operation, title, description, input and output schemas are the route's own.
 */
export interface RouteTool {
  name: string;
  /** The arguments are a query (logged as the row's `params`), not a body. */
  query?: boolean;
  /** The tool's input, when not the route's body or query (a path parameter as an argument, agent-facing wording). */
  input?: z.ZodType;
  /** The tool's own description, when the REST route's would mislead an agent (it names headers or settings). */
  description?: string;
  /** The tool charges: it takes the optional `idempotencyKey` argument (`idempotency.ts`). */
  idempotent?: boolean;
  readOnly: boolean;
  /**
   * Runs one call (after the key's rate-limit check) with the client's arguments, through the same service function
   * the route calls. @throws ServiceError as the route would.
   */
  run(ctx: ToolContext, args: Record<string, unknown>): Promise<ToolAnswer>;
}

/** A free answer of the service's own data (nothing charged, nothing cached), with the REST status. */
export function freeAnswer(data: unknown, source: string, status = 200): ToolAnswer {
  return { ok: true, status, data: data as Record<string, unknown>, credits: 0, cache: "BYPASS", source };
}

/** Tool annotations of a call that reads public platform data and changes nothing of the caller's but its credits. */
export const READ_PLATFORM = { readOnlyHint: true, openWorldHint: true } as const;

/**
 * Arguments as REST query values: strings kept, numbers and booleans written as the query would carry them (`20`,
 * `true`), absent, null and empty values dropped; anything else kept as is (the schema refuses it).
 */
export function queryValues(args: Record<string, unknown>): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) {
    if (value === undefined || value === null || value === "") continue;
    raw[key] = typeof value === "number" || typeof value === "boolean" ? String(value) : value;
  }
  return raw;
}

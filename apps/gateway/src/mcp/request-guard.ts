import {
  CallToolRequestSchema,
  ErrorCode,
  InitializeRequestSchema,
  ListToolsRequestSchema,
  PingRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { assertStorableBody, MAX_BODY_DEPTH, ServiceError } from "@sda/core";
import type { Request, RequestHandler, Response } from "express";
import type { z } from "zod";
import { DepthMeter } from "./depth-meter.ts";
import { type JsonRpcId, topLevelId } from "./json-scan.ts";

/**
 * `/mcp` holds REST's input limits before the MCP SDK reads a message (issue 34 #4: 5,000-deep arguments overflowed
 * the stack, a 2 MB 10⁶-deep body cost ~1.9 s of CPU, `arguments: "x"` answered -32603 with a zod dump):
 * - the body at most {@link MCP_MAX_BODY} (as `POST /v1/batch`), UTF-8;
 * - nesting measured as the bytes arrive: at most {@link MAX_MESSAGE_DEPTH} levels (a message's envelope plus REST's
 *   {@link MAX_BODY_DEPTH} for the tool arguments), so a deeper body is never buffered, decoded nor parsed;
 * - a `tools/call`'s `arguments` an object (or absent), REST's body rule on it (`assertStorableBody`: ≤ 32 levels,
 *   no NUL, no lone surrogate), and every request the SDK serves valid against the SDK's own request schema.
 * A refusal is a JSON-RPC error with a short message: -32602 invalid params (with the request's `id` when it was
 * read), -32700 for a body that is not JSON, -32600 for one too large.
 */

/** Largest `/mcp` body, in bytes: 5 MB, as `POST /v1/batch`'s (a `batch_submit` of 1,000 calls fits many times over). */
const MCP_MAX_BODY = 5 * 2 ** 20;

/** Levels of a `tools/call` message around its arguments: a batch array, the message, `params`, `arguments`. */
const ENVELOPE_DEPTH = 4;

/** Deepest JSON-RPC body accepted, in levels of arrays and objects. */
const MAX_MESSAGE_DEPTH = MAX_BODY_DEPTH + ENVELOPE_DEPTH;

/** The SDK's schema of each request the server answers: a request that fails it is -32602, not a -32603 dump. */
const REQUEST_SCHEMAS: Readonly<Record<string, z.ZodType>> = {
  initialize: InitializeRequestSchema as unknown as z.ZodType,
  ping: PingRequestSchema as unknown as z.ZodType,
  "tools/list": ListToolsRequestSchema as unknown as z.ZodType,
  "tools/call": CallToolRequestSchema as unknown as z.ZodType,
};

/** A JSON-RPC error answer. */
interface RpcError {
  jsonrpc: "2.0";
  id: JsonRpcId;
  error: { code: number; message: string };
}

const rpcError = (id: JsonRpcId, code: number, message: string): RpcError => ({
  jsonrpc: "2.0",
  id,
  error: { code, message },
});

function send(res: Response, status: number, body: RpcError | RpcError[]): void {
  res.status(status).type("application/json").send(JSON.stringify(body));
}

/** `params.arguments: Invalid input: expected record, received string`: the first issue, in one line. */
function shortIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "invalid params";
  const path = issue.path.map(String).join(".");
  return `${path || "params"}: ${issue.message}`.slice(0, 300);
}

/** What is given, in a word (`a string`, `null`, `an array`). */
function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return `a ${typeof value}`;
}

/** Why one message is refused before the SDK reads it, or null. */
function refusal(message: unknown): string | null {
  if (typeof message !== "object" || message === null || Array.isArray(message)) return null;
  const { method, params } = message as { method?: unknown; params?: unknown };
  if (typeof method !== "string" || !("id" in message)) return null;
  if (method === "tools/call" && typeof params === "object" && params !== null && "arguments" in params) {
    const args = (params as { arguments?: unknown }).arguments;
    if (args !== undefined && (typeof args !== "object" || args === null || Array.isArray(args)))
      return `arguments must be an object of the tool's parameters, not ${kindOf(args)}`;
    try {
      assertStorableBody(args);
    } catch (error) {
      if (error instanceof ServiceError) return `arguments: ${error.message}`;
      throw error;
    }
  }
  const schema = REQUEST_SCHEMAS[method];
  const parsed = schema?.safeParse(message);
  return parsed && !parsed.success ? shortIssue(parsed.error) : null;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** What reading the body found: its bytes, or why it was not kept (too large, too deep: the id read before). */
type BodyRead =
  | { kind: "body"; bytes: Buffer }
  | { kind: "tooLarge" }
  | { kind: "tooDeep"; id: JsonRpcId }
  | { kind: "broken" };

/**
 * Reads the body chunk by chunk, measuring its nesting as it arrives ({@link DepthMeter}): a body past
 * {@link MAX_MESSAGE_DEPTH} or {@link MCP_MAX_BODY} stops being kept at once (the rest is drained, never buffered,
 * decoded or parsed), so a 2 MB, 10⁶-deep body costs the gateway its socket reads only.
 */
function readBody(req: Request): Promise<BodyRead> {
  return new Promise((resolve) => {
    const meter = new DepthMeter(MAX_MESSAGE_DEPTH);
    const chunks: Buffer[] = [];
    let size = 0;
    let refused: BodyRead | null = null;
    req.on("data", (chunk: Buffer) => {
      if (refused) return;
      size += chunk.length;
      if (size > MCP_MAX_BODY) {
        refused = { kind: "tooLarge" };
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
      if (meter.feed(chunk)) return;
      const prefix = Buffer.concat(chunks).subarray(0, meter.tooDeepAt).toString("utf8");
      refused = { kind: "tooDeep", id: topLevelId(prefix) };
      chunks.length = 0;
    });
    req.on("end", () => resolve(refused ?? { kind: "body", bytes: Buffer.concat(chunks) }));
    req.on("error", () => resolve({ kind: "broken" }));
  });
}

/** The JSON-RPC refusal of a body, or its parsed messages. */
function parseBody(read: BodyRead): { status: number; error: RpcError } | { body: unknown } {
  if (read.kind === "tooLarge")
    return {
      status: 413,
      error: rpcError(null, ErrorCode.InvalidRequest, "Invalid Request: the body is larger than 5 MB"),
    };
  if (read.kind === "broken")
    return {
      status: 400,
      error: rpcError(null, ErrorCode.ParseError, "Parse error: the body could not be read"),
    };
  if (read.kind === "tooDeep") {
    const message = `Invalid params: the message is nested deeper than ${MAX_MESSAGE_DEPTH} levels (tool arguments: at most ${MAX_BODY_DEPTH})`;
    return {
      status: read.id === null ? 400 : 200,
      error: rpcError(read.id, ErrorCode.InvalidParams, message),
    };
  }
  let text: string;
  try {
    text = utf8.decode(read.bytes);
  } catch {
    return { status: 400, error: rpcError(null, ErrorCode.ParseError, "Parse error: the body is not UTF-8") };
  }
  try {
    return { body: JSON.parse(text) };
  } catch {
    return {
      status: 400,
      error: rpcError(null, ErrorCode.ParseError, "Parse error: the body is not valid JSON"),
    };
  }
}

/**
 * Reads, measures, parses and checks the body, answering a refusal itself; otherwise leaves the parsed messages in
 * `res.locals.mcpBody` for the transport (`handleRequest`'s `parsedBody`).
 */
export const mcpRequestGuard: RequestHandler = async (req, res, next) => {
  const parsed = parseBody(await readBody(req));
  if ("error" in parsed) {
    send(res, parsed.status, parsed.error);
    return;
  }
  const { body } = parsed;
  const messages = Array.isArray(body) ? body : [body];
  const refused = messages.map((message) => [message, refusal(message)] as const);
  if (refused.some(([, reason]) => reason !== null)) {
    const answers = refused
      .filter(([message]) => typeof message === "object" && message !== null && "id" in message)
      .map(([message, reason]) =>
        rpcError(
          (message as { id: JsonRpcId }).id,
          reason === null ? ErrorCode.InvalidRequest : ErrorCode.InvalidParams,
          reason === null
            ? "Invalid Request: not run, another message of this batch is invalid"
            : `Invalid params: ${reason}`,
        ),
      );
    send(
      res,
      200,
      Array.isArray(body)
        ? answers
        : (answers[0] ?? rpcError(null, ErrorCode.InvalidParams, "Invalid params")),
    );
    return;
  }
  res.locals.mcpBody = body;
  next();
};

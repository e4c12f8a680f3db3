import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { errorEnvelope } from "@sda/core";
import type { ToolAnswer } from "./tool.ts";

/**
 * A tool answer as an MCP tool result:
 * - success: `structuredContent` is the REST answer's `data` (a 202's job handle), `content` the same JSON as text;
 * - failure: `isError: true`, `structuredContent` the REST error (`code`, `message`, `retryable`, `requestId`,
 *   details), `content` the same JSON as text.
 * `_meta` carries `requestId`, `creditsCharged` and `cache` (and `status`, the REST status; `jobId`, `balance`, the
 * envelope's extra fields such as `cachedAt` when there are).
 */
export function toolResult(answer: ToolAnswer, requestId: string): CallToolResult {
  if (!answer.ok) {
    const error = errorEnvelope(answer.error, requestId).error as unknown as Record<string, unknown>;
    return {
      isError: true,
      content: [{ type: "text", text: JSON.stringify(error) }],
      structuredContent: error,
      _meta: {
        requestId,
        creditsCharged: 0,
        cache: "BYPASS",
        status: answer.error.status,
        ...(answer.jobId ? { jobId: answer.jobId } : {}),
      },
    };
  }
  return {
    content: [{ type: "text", text: JSON.stringify(answer.data) }],
    structuredContent: answer.data,
    _meta: {
      requestId,
      creditsCharged: answer.credits,
      cache: answer.cache,
      status: answer.status,
      ...(answer.jobId ? { jobId: answer.jobId } : {}),
      ...(answer.balance !== undefined ? { balance: answer.balance } : {}),
      ...answer.envelope,
    },
  };
}

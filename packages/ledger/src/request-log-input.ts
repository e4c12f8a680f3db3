/** A row of the request log (one per answered API call). */
export interface RequestLogInput {
  id: string;
  accountId: string | null;
  keyId: string | null;
  operation: string | null;
  method: string;
  path: string;
  params: Record<string, unknown>;
  status: number;
  errorCode: string | null;
  credits: number;
  cache: string;
  source: string | null;
  durationMs: number;
  jobId: string | null;
  /** The batch the call ran for (batch items only). */
  batchId?: string | null;
  /** The monitor whose run made the call (monitor runs only). */
  monitorId?: string | null;
  /** The time of the call (when it arrived); default: when the row is handed to the writer. */
  createdAt?: Date;
  /** The interface the call came through (default `rest`; `mcp` for a tool call on the MCP endpoint). */
  channel?: RequestChannel;
}

/**
 * What the settle of a billed call writes as its request-log row, in the settle's own transaction (no billed call
 * without its row, whatever dies after the settle): the row's columns the ledger does not know. Status 200, the
 * credits charged, the operation and the account come from the settle itself.
 */
export interface SettledCallLog {
  keyId: string | null;
  /** The operation's path (the gateway's row, written later, puts the path and query the caller sent). */
  path: string;
  params: Record<string, unknown>;
  cache: string;
  source: string | null;
  jobId: string | null;
  batchId?: string | null;
  monitorId?: string | null;
  /** The time of the call (its `created_at`). */
  calledAt: Date;
}

/** The interfaces a call can come through: the HTTP API (batch items and monitor runs included) or MCP. */
export type RequestChannel = "rest" | "mcp";

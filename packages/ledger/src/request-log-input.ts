/**
 * A row of the request log (one per answered API call): the access log, written once by the process that answered
 * (the gateway for REST and MCP calls, the worker for batch items and monitor runs), never updated. It carries no
 * credits: a call's credits are its charge's (`ledger_entries`, joined by request id).
 */
export interface RequestLogInput {
  id: string;
  accountId: string | null;
  keyId: string | null;
  operation: string | null;
  method: string;
  path: string;
  /**
   * What the caller sent: REST the query as received, MCP the tool's arguments, a batch item its stored params, a
   * monitor run its monitor's params.
   */
  params: Record<string, unknown>;
  /** The status answered (a call answered 202 keeps 202: its outcome and charge show through the ledger). */
  status: number;
  errorCode: string | null;
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
 * What a charge records of its call (`ledger_entries.channel`, `called_at`), so that usage shows a billed call even
 * when its request-log row is not written (a gateway killed between the charge and its answer).
 */
export interface ChargedCall {
  /** The interface the call came through. */
  channel: RequestChannel;
  /** When the call was made (its start). */
  calledAt: Date;
}

/** The interfaces a call can come through: the HTTP API (batch items and monitor runs included) or MCP. */
export type RequestChannel = "rest" | "mcp";

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
}

import type { Stack } from "./stack.ts";

/** One call as `GET /v1/account/usage` shows it to its owner (the fields tests read). */
export interface UsageRow {
  requestId: string;
  operation: string | null;
  status: number;
  credits: number;
  batchId: string | null;
  monitorId: string | null;
  channel: "rest" | "mcp";
}

/**
 * Every call of the key's account as its owner reads it (`GET /v1/account/usage`, all pages): the request log joined
 * with the charges by request id, a charge without its row included. @returns the rows by request id.
 */
export async function usageOf(stack: Stack, key: string): Promise<Map<string, UsageRow>> {
  const rows = new Map<string, UsageRow>();
  let cursor: string | undefined;
  do {
    const response = await stack.get("/v1/account/usage", key, {
      limit: "200",
      ...(cursor ? { cursor } : {}),
    });
    if (response.status !== 200) throw new Error(`usage answered ${response.status}`);
    for (const row of response.body.data.requests as UsageRow[]) rows.set(row.requestId, row);
    cursor = response.body.data.hasMore ? response.body.data.nextCursor : undefined;
  } while (cursor);
  return rows;
}

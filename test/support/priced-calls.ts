import { expect } from "vitest";
import type { Stack } from "./stack.ts";

/** One call of a platform's price table: the operation, its query, the credits it costs and the source it names. */
export type PricedCall = [operation: string, query: Record<string, string>, credits: number, source: string];

/**
 * Calls each operation under `base` (e.g. `/v1/forumsite`) with `key`, in order, and expects a fresh paid answer:
 * 200 with `success`, `X-Service-Credits` its credits, `X-Service-Source` its source, `X-Service-Cache: BYPASS` and an
 * `X-Service-Request-Id`. Returns the credits all calls cost together.
 */
export async function expectPricedCalls(
  stack: Stack,
  key: string,
  base: string,
  calls: readonly PricedCall[],
): Promise<number> {
  let spent = 0;
  for (const [operation, query, credits, source] of calls) {
    const response = await stack.get(`${base}/${operation}`, key, query);
    expect(response.status, `${operation}: ${JSON.stringify(response.body)}`).toBe(200);
    expect(response.body.success).toBe(true);
    expect(response.headers.get("x-service-credits"), operation).toBe(String(credits));
    expect(response.headers.get("x-service-source"), operation).toBe(source);
    expect(response.headers.get("x-service-cache"), operation).toBe("BYPASS");
    expect(response.headers.get("x-service-request-id"), operation).toMatch(/\S/);
    spent += credits;
  }
  return spent;
}

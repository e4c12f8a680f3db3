import type { Stack } from "./stack.ts";

/**
 * The value of one series of the gateway's `GET /metrics` (Prometheus text), read with the operator token.
 * @param series the series as the exposition writes it, e.g. `sda_gateway_auth_rejected_total{reason="invalid"}`.
 * @returns its value, 0 when the series is absent (a counter never incremented).
 */
export async function gatewayMetric(stack: Stack, token: string, series: string): Promise<number> {
  const text = String((await stack.get("/metrics", token)).body);
  const line = text.split("\n").find((l) => l.startsWith(series));
  return line ? Number(line.split(" ").pop()) : 0;
}

import { timingSafeEqual } from "node:crypto";

/**
 * True when an `Authorization` header value is `Bearer <token>` (compared in constant time); always false when no
 * token is configured, so an operator endpoint without `METRICS_TOKEN` refuses everyone.
 */
export function isOperatorBearer(authorization: string | undefined, token: string | undefined): boolean {
  if (!token) return false;
  const given = Buffer.from(authorization ?? "");
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

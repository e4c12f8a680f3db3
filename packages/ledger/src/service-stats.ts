import type { PrismaClient } from "./generated/prisma/client.ts";

/** Calls of one operation over a recent window, from the request log. */
export interface OperationStats {
  /** Operation id, e.g. `videosite.transcript`. */
  operation: string;
  calls: number;
  /** Answers below 500 (a 4xx is the caller's problem, not the service's health). */
  served: number;
  /** 5xx answers (platform failures, our failures). */
  failed: number;
  /** Median and 95th percentile of the answer time, ms. */
  p50Ms: number;
  p95Ms: number;
  /** The most frequent 5xx error code in the window, or null. */
  topErrorCode: string | null;
}

/**
 * Per-operation call statistics of the last `windowSeconds` (the status page's 15 minutes), one indexed range read
 * of `request_logs.created_at` (the calls' times). Rows without an operation (probes, 401s, account routes) are left out.
 */
export async function recentOperationStats(
  prisma: PrismaClient,
  windowSeconds: number,
): Promise<OperationStats[]> {
  const rows = await prisma.$queryRaw<
    {
      operation: string;
      calls: bigint;
      served: bigint;
      failed: bigint;
      p50: number | null;
      p95: number | null;
      topErrorCode: string | null;
    }[]
  >`
    SELECT "operation",
           COUNT(*) AS "calls",
           COUNT(*) FILTER (WHERE "status" < 500) AS "served",
           COUNT(*) FILTER (WHERE "status" >= 500) AS "failed",
           percentile_cont(0.5) WITHIN GROUP (ORDER BY "duration_ms") AS "p50",
           percentile_cont(0.95) WITHIN GROUP (ORDER BY "duration_ms") AS "p95",
           mode() WITHIN GROUP (ORDER BY "error_code") FILTER (WHERE "status" >= 500) AS "topErrorCode"
      FROM "request_logs"
     WHERE "created_at" > now() - make_interval(secs => ${windowSeconds})
       AND "operation" IS NOT NULL
     GROUP BY "operation"`;
  return rows.map((r) => ({
    operation: r.operation,
    calls: Number(r.calls),
    served: Number(r.served),
    failed: Number(r.failed),
    p50Ms: Math.round(r.p50 ?? 0),
    p95Ms: Math.round(r.p95 ?? 0),
    topErrorCode: r.topErrorCode,
  }));
}

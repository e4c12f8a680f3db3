import type { PrismaClient } from "./generated/prisma/client.ts";
import { type OperationStats, recentOperationStats } from "./service-stats.ts";

/** `ledger.stats`: what `GET /v1/status` reads of the request log. */
export class LedgerStats {
  readonly #prisma: PrismaClient;

  constructor(prisma: PrismaClient) {
    this.#prisma = prisma;
  }

  /**
   * Per-operation calls, served and failed answers, p50/p95 answer time (ms) and top 5xx code of the last
   * `windowSeconds` ({@link recentOperationStats}: one indexed range read).
   */
  recentOperationStats(windowSeconds: number): Promise<OperationStats[]> {
    return recentOperationStats(this.#prisma, windowSeconds);
  }
}

import type { LedgerEntryRow } from "./credits.ts";
import type { PrismaClient } from "./generated/prisma/client.ts";
import {
  type DailyUsageRow,
  dailyUsage,
  listLedgerEntries,
  listRequestLogs,
  type Page,
  type PagePosition,
  type RequestLogFilter,
  type RequestLogRow,
} from "./usage.ts";

/** Where a page starts: `limit` rows (the caller bounds it) after `after` (none: the newest). */
export interface PageRequest {
  limit: number;
  after?: PagePosition;
}

/**
 * `ledger.usage`: what an account's owner reads of its use — the request log and the ledger entries, newest first,
 * keyset-paginated (a page's `next` is the `(createdAt, id)` to continue after; cursors are the caller's), and daily
 * totals. Every read filters by the account first (the `(account_id, created_at)` indexes). Credits are whole
 * credits; days are UTC.
 */
export class LedgerUsage {
  readonly #prisma: PrismaClient;

  constructor(prisma: PrismaClient) {
    this.#prisma = prisma;
  }

  /** A page of the account's request log matching `filter` ({@link listRequestLogs}). */
  requestLogPage(filter: RequestLogFilter, page: PageRequest): Promise<Page<RequestLogRow>> {
    return listRequestLogs(this.#prisma, filter, page);
  }

  /**
   * Calls, successful calls and credits per UTC day and operation over the last `days` UTC days, today included
   * ({@link dailyUsage}); days without calls are absent.
   */
  daily(accountId: string, days: number, now?: Date): Promise<DailyUsageRow[]> {
    return dailyUsage(this.#prisma, accountId, days, now);
  }

  /** A page of the account's ledger entries ({@link listLedgerEntries}); their amounts add up to the balance. */
  ledgerPage(accountId: string, page: PageRequest): Promise<Page<LedgerEntryRow>> {
    return listLedgerEntries(this.#prisma, accountId, page);
  }

  /** The operations the account's request log names, sorted (the dashboard's filter choices). */
  async operations(accountId: string): Promise<string[]> {
    const rows = await this.#prisma.requestLog.findMany({
      where: { accountId, operation: { not: null } },
      distinct: ["operation"],
      select: { operation: true },
      orderBy: { operation: "asc" },
    });
    return rows.flatMap((row) => (row.operation ? [row.operation] : []));
  }
}

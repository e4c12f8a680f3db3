/**
 * Politeness (issue 26): the request budgets a platform declares for its upstream hosts — a documented rate limit
 * ("100 requests per minute per client"), a cap on requests in flight, or both. The upstream client enforces them
 * across every worker process (Redis, `@sda/upstream`'s `Politeness`): a request waits for its host's budget when the
 * wait fits its own budget (`timeoutMs`), else the call fails with 429 `rate_limited_upstream` and `Retry-After`. A
 * platform's 429 with `Retry-After` (or `x-ratelimit-remaining: 0`) on a budgeted host spends the budget until then.
 */
export interface HostBudget {
  /** Name of the budget in `/v1/status` and in its Redis keys (default: the first host). Letters, digits, `.-_`. */
  name?: string;
  /** Host patterns it covers, as a platform's `hosts` (`*.example.com` matches every subdomain, not the apex). */
  hosts: readonly string[];
  /** At most `requests` requests started per `perSeconds`-second window, counted over all workers. */
  rate?: { requests: number; perSeconds: number };
  /** At most this many requests in flight at once over all workers. */
  concurrency?: number;
  /**
   * One budget per host matched instead of one for all of them together (platforms of many independent servers,
   * e.g. one budget per instance of a federated network, `hosts: ["*"]` matching any host).
   */
  perHost?: boolean;
  /** Where the figures come from (the platform's documentation), for the reader and the status page. */
  source?: string;
}

/** A {@link HostBudget} as declared and checked by `definePlatform`: its name resolved. */
export type DeclaredHostBudget = HostBudget & { readonly name: string };

const BUDGET_NAME = /^[A-Za-z0-9._-]+$/;
const positiveInt = (n: unknown) => typeof n === "number" && Number.isInteger(n) && n >= 1;

/**
 * Checks a platform's budgets and names each one.
 * @throws Error naming the platform and budget when a budget has no hosts, neither a rate nor a concurrency, a figure
 *   that is not a positive integer, a bad or repeated name.
 */
export function declareHostBudgets(platform: string, budgets: readonly HostBudget[]): DeclaredHostBudget[] {
  const names = new Set<string>();
  return budgets.map((budget) => {
    const name = budget.name ?? budget.hosts[0] ?? "";
    const fail = (why: string) => {
      throw new Error(`${platform}: host budget "${name}" ${why}`);
    };
    if (budget.hosts.length === 0) fail("names no hosts");
    if (!BUDGET_NAME.test(name)) fail(`needs a name matching ${BUDGET_NAME} (give it one)`);
    if (names.has(name)) fail("is declared twice");
    names.add(name);
    if (!budget.rate && budget.concurrency === undefined) fail("declares neither a rate nor a concurrency");
    if (budget.rate && !(positiveInt(budget.rate.requests) && positiveInt(budget.rate.perSeconds)))
      fail("needs a rate of positive whole requests per positive whole seconds");
    if (budget.concurrency !== undefined && !positiveInt(budget.concurrency))
      fail("needs a positive whole concurrency");
    return { ...budget, name };
  });
}

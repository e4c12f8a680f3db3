import type {
  HistoryCatalog,
  MonitorRule,
  MonitorRules,
  OperationRegistry,
  OperationSpec,
} from "@sda/contract";
import { ServiceError } from "@sda/core";
import { locateUrl } from "@sda/history";
import { fail } from "./errors.ts";

/** A list operation a monitor runs, with its item rule. */
export interface ItemsOperation {
  op: OperationSpec;
  rule: MonitorRule;
}

/** One item of a run's answer with its stable id. */
export interface IdentifiedItem {
  id: string;
  item: unknown;
}

/**
 * Which operations monitors may run, from the registry, the platforms' monitor rules (`@sda/catalog` `monitorRules`:
 * list operations) and the History declarations (`@sda/catalog` `history`: details operations, tracked through
 * `POST /v1/history/track`). Nothing here names a platform or a path.
 */
export class MonitorCatalog {
  readonly #registry: OperationRegistry;
  readonly #rules: MonitorRules;
  readonly #history: HistoryCatalog;

  /**
   * Rules of operations the registry does not have are ignored (a process started with a smaller registry); the
   * rules test checks that every rule names a real operation.
   */
  constructor(registry: OperationRegistry, rules: MonitorRules, history: HistoryCatalog) {
    this.#registry = registry;
    this.#rules = Object.fromEntries(Object.entries(rules).filter(([id]) => registry.byId(id)));
    this.#history = history;
  }

  /** The paths monitors accept, for error messages. */
  monitorablePaths(): string[] {
    return this.#registry.operations.filter((op) => this.#rules[op.id]).map((op) => op.path);
  }

  /**
   * The list operation at `path` (e.g. `/v1/videosite/comments`).
   * @throws ServiceError 400 `operation_not_monitorable` for an unknown path, a details operation (with a pointer to
   *   `POST /v1/history/track`) or any operation without a rule; `details.allowed` lists what is accepted.
   */
  itemsOperation(path: string): ItemsOperation {
    const op = this.#registry.byRoute("GET", path);
    const rule = op ? this.#rules[op.id] : undefined;
    if (op && rule) return { op, rule };
    const hint =
      op && this.#history.byOperation(op.id)
        ? `${path} is a details operation: track its metrics with POST /v1/history/track instead`
        : `${path} is not a list operation with stable item ids`;
    const allowed = this.monitorablePaths();
    throw fail("operation_not_monitorable", `${hint}; monitors accept ${allowed.join(", ")}`, {
      details: { param: "path", allowed },
    });
  }

  /** A stored monitor's operation with its item rule (null for a tracking monitor's details operation). */
  byId(id: string): { op: OperationSpec; rule: MonitorRule | null } | undefined {
    const op = this.#registry.byId(id);
    return op && { op, rule: this.#rules[op.id] ?? null };
  }

  /**
   * The details operation that reads `url` and records its History (History's own URL location, so a tracking
   * monitor records exactly the resource `GET /v1/history?url=` reads).
   * @throws ServiceError 422 `unsupported_url`, 400 `ambiguous_url` or the operation's own 400 for a malformed URL.
   */
  detailsOperationFor(url: string): OperationSpec {
    const located = locateUrl(this.#history, url);
    const op = this.#registry.byId(located.operationId);
    if (!op)
      throw new ServiceError("unsupported_url", `no operation reads ${url}`, { details: { param: "url" } });
    return op;
  }
}

/**
 * The items of one answer with their ids, in answer order: items without an id are left out, and an id repeated in
 * the same answer counts once (its first occurrence).
 */
export function identifyItems(rule: MonitorRule, data: unknown): IdentifiedItem[] {
  const seen = new Set<string>();
  const out: IdentifiedItem[] = [];
  for (const item of rule.items(data)) {
    const id = rule.itemId(item);
    if (id === null || seen.has(id)) continue;
    seen.add(id);
    out.push({ id, item });
  }
  return out;
}

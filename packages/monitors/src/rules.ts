import {
  type MonitorRule,
  type MonitorRules,
  type OperationDefinition,
  type OperationRegistry,
  ServiceError,
} from "@sda/core";

/** A list operation a monitor runs, with its item rule. */
export interface ItemsOperation {
  op: OperationDefinition;
  rule: Extract<MonitorRule, { kind: "items" }>;
}

/** One item of a run's answer with its stable id. */
export interface IdentifiedItem {
  id: string;
  item: unknown;
}

/**
 * Which operations monitors may run, from the registry and the platforms' monitor rules (`@sda/catalog`
 * `monitorRules`). Nothing here names a platform or a path.
 */
export class MonitorCatalog {
  readonly #registry: OperationRegistry;
  readonly #rules: MonitorRules;

  /**
   * Rules of operations the registry does not have are ignored (a process started with a smaller registry); the
   * rules test checks that every rule names a real operation.
   */
  constructor(registry: OperationRegistry, rules: MonitorRules) {
    this.#registry = registry;
    this.#rules = Object.fromEntries(Object.entries(rules).filter(([id]) => registry.byId(id)));
  }

  /** The operation ids monitors accept (`items` rules), for error messages and docs. */
  monitorablePaths(): string[] {
    return this.#registry.operations
      .filter((op) => this.#rules[op.id]?.kind === "items")
      .map((op) => op.path);
  }

  /**
   * The list operation at `path` (e.g. `/v1/videosite/comments`).
   * @throws ServiceError 400 `operation_not_monitorable` for an unknown path, a details operation (use
   *   `POST /v1/history/track`) or any operation without an items rule; the message lists what is accepted.
   */
  itemsOperation(path: string): ItemsOperation {
    const op = this.#registry.byRoute("GET", path);
    const rule = op ? this.#rules[op.id] : undefined;
    if (op && rule?.kind === "items") return { op, rule };
    const hint =
      rule?.kind === "details"
        ? `${path} is a details operation: track its metrics with POST /v1/history/track instead`
        : `${path} is not a list operation with stable item ids`;
    throw new ServiceError(
      "operation_not_monitorable",
      `${hint}; monitors accept ${this.monitorablePaths().join(", ")}`,
      {
        details: { param: "path", allowed: this.monitorablePaths() },
      },
    );
  }

  /** An operation by id with its rule (runs of stored monitors), or undefined when the build no longer has it. */
  byId(id: string): { op: OperationDefinition; rule: MonitorRule } | undefined {
    const op = this.#registry.byId(id);
    const rule = op ? this.#rules[op.id] : undefined;
    return op && rule ? { op, rule } : undefined;
  }

  /**
   * The details operation whose `url` parameter accepts `url` (the first in registry order), for
   * `POST /v1/history/track`.
   * @throws ServiceError 422 `unsupported_url` when no details operation accepts it.
   */
  detailsOperationFor(url: string): OperationDefinition {
    for (const op of this.#registry.operations) {
      if (this.#rules[op.id]?.kind !== "details") continue;
      const shape = (op.params as { shape?: Record<string, unknown> }).shape;
      if (!shape || !("url" in shape)) continue;
      if (op.params.safeParse({ url }).success) return op;
    }
    throw new ServiceError(
      "unsupported_url",
      "no details operation accepts this URL (a video, channel, playlist, subreddit, forum post, photo post or profile URL)",
      { details: { param: "url" } },
    );
  }
}

/**
 * The items of one answer with their ids, in answer order: items without an id are left out, and an id repeated in
 * the same answer counts once (its first occurrence).
 */
export function identifyItems(rule: ItemsOperation["rule"], data: unknown): IdentifiedItem[] {
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

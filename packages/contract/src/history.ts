import type { OperationRegistry, OperationSpec } from "./operation.ts";

/**
 * History (SPEC §1): which successful calls append metric snapshots, declared by the platform packages beside their
 * operations (`packages/<platform>/src/history.ts`) and composed in `packages/catalog`. `packages/history` stores and
 * reads the snapshots; nothing here does I/O.
 */

/** A resource whose metrics are recorded: `videosite/video/dQw4w9WgXcQ`, `forumsite/subreddit/golang`, … */
export interface HistoryResource {
  platform: string;
  /** What the id names on its platform: `video`, `channel`, `playlist`, `subreddit`, `post`, `profile`. */
  kind: string;
  /** The platform's stable id (video id, `UC…` channel id, lower-cased subreddit name, …). */
  id: string;
  /** Canonical URL of the resource. */
  url: string;
}

/**
 * Where a call's parameters point, before any upstream call: the resource id itself, or an alias (a handle, a legacy
 * channel path, a share link) that only a recorded call can map to an id.
 */
export type HistoryLocation = { id: string; url: string } | { alias: string; url: string };

/**
 * How one operation's successes become snapshots.
 * @typeParam T the operation's result (`data`).
 * @typeParam P the output of the operation's params schema.
 * @typeParam M the metric names: the result's field names (camelCase), e.g. `viewCount`.
 */
export interface HistorySpec<T = unknown, P = unknown, M extends string = string> {
  platform: string;
  kind: string;
  /** Every metric `metrics` may return (the `metrics` query parameter accepts these). */
  metricNames: readonly M[];
  /** The resource a result describes, with the aliases it is also known by (normalised as the platform compares them); null to record nothing. */
  resource(data: T): { id: string; url: string; aliases?: string[] } | null;
  /** Metric values of a result; null (hidden, unread) is a gap, not a zero. */
  metrics(data: T): Record<M, number | null>;
  /**
   * Where the operation's parsed `{ url }` parameter points (`GET /v1/history?url=` reuses the operation's own URL
   * parsing); absent for operations not addressed by a `url` (they still record). An alias returned here is also
   * recorded for the resource each call of this operation returns. Null when the parameters, though the operation
   * accepts them, do not name a resource unambiguously across platforms (a bare name several platforms take): the
   * operation then claims no such `url` in `GET /v1/history`.
   */
  locate?(params: P): HistoryLocation | null;
}

/**
 * A platform's declaration of one operation's history: a {@link HistorySpec} whose `platform` is the operation's
 * (filled by {@link createHistoryCatalog} from the operation it is keyed by), so a platform never writes its name.
 */
export type HistoryDeclaration<T = unknown, P = unknown, M extends string = string> = Omit<
  HistorySpec<T, P, M>,
  "platform"
> & {
  /** Default (and normally): the platform of the operation it is keyed by. */
  platform?: string;
};

/** Identity helper keeping the result, params and metric types at the declaration (like `defineOperation`). */
export function defineHistory<T, P, const M extends string>(
  spec: HistoryDeclaration<T, P, M>,
): HistoryDeclaration {
  return spec as unknown as HistoryDeclaration;
}

/** A platform package's history declarations, keyed by operation id. */
export type HistorySources = Readonly<Record<string, HistoryDeclaration>>;

/** A declaration bound to its operation. */
export interface BoundHistorySpec {
  op: OperationSpec;
  spec: HistorySpec;
}

/** Every history declaration of the service, checked against the registry. */
export interface HistoryCatalog {
  /** The declaration of an operation whose successes are recorded, if any. */
  byOperation(operationId: string): HistorySpec | undefined;
  /**
   * Declarations that can locate a resource from a `url`, in declaration order: when several operations of one
   * platform accept a URL (a post URL lies under its subreddit's path), the first declared names its resource.
   */
  readonly locators: readonly BoundHistorySpec[];
  /** Metric names recorded for a platform's resource kind (the union over its operations), sorted. */
  metricNames(platform: string, kind: string): readonly string[];
}

/**
 * Binds the platform packages' declarations to the registry, each naming the platform of the operation it is keyed by.
 * @throws Error when a declaration names an operation the registry does not have (a renamed operation), so the
 *   mistake fails at start-up, not silently.
 */
export function createHistoryCatalog(registry: OperationRegistry, sources: HistorySources): HistoryCatalog {
  const bound: BoundHistorySpec[] = [];
  const byId = new Map<string, HistorySpec>();
  const metrics = new Map<string, Set<string>>();
  for (const [id, declared] of Object.entries(sources)) {
    const op = registry.byId(id);
    if (!op) throw new Error(`history declares unknown operation ${id}`);
    const spec: HistorySpec = { ...declared, platform: declared.platform ?? op.platform };
    byId.set(id, spec);
    bound.push({ op, spec });
    const key = `${spec.platform}/${spec.kind}`;
    const names = metrics.get(key) ?? new Set<string>();
    for (const name of spec.metricNames) names.add(name);
    metrics.set(key, names);
  }
  const locators = bound.filter((b) => b.spec.locate !== undefined);
  return {
    byOperation: (operationId) => byId.get(operationId),
    locators,
    metricNames: (platform, kind) => [...(metrics.get(`${platform}/${kind}`) ?? [])].sort(),
  };
}

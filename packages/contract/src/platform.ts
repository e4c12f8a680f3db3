import {
  CORE_ERROR_CODES,
  type ErrorCodeOwner,
  type ErrorCodeSpec,
  type ErrorCodeTable,
  originVariable,
} from "@sda/core";
import type { z } from "zod";
import { CALL_ERROR_CODES } from "./error-codes.ts";
import type { HistorySources } from "./history.ts";
import type { MonitorRule, MonitorRules } from "./monitor-rule.ts";
import type {
  EstimateHandler,
  NoServices,
  OperationContext,
  OperationHandler,
  OperationRegistry,
  OperationSpec,
  OperationSpecInput,
} from "./operation.ts";
import type { AnyOperationEntry } from "./operation-entry.ts";
import { type DeclaredHostBudget, declareHostBudgets, type HostBudget } from "./politeness.ts";
import type { RecordingRule } from "./recording-rule.ts";

/**
 * A canary call (issue 14): one cheap, long-lived public resource a platform declares so operators learn first when
 * the platform changes (`packages/canary` runs them, never billed). `operation` is the operation's id.
 */
export interface CanaryCall {
  operation: string;
  /** The query parameters, as a caller would send them. */
  params: Record<string, string>;
}

/** How a platform whose hosts callers choose is guarded ({@link PlatformInput.callerHosts}). */
export interface CallerHostsInput {
  /** The platform's error code of a refused host (e.g. 422 `instance_not_allowed`). */
  readonly refusedCode: string;
}

/** {@link CallerHostsInput} with the refused code's status and retryability (from the platform's `errorCodes`). */
export interface CallerHosts extends CallerHostsInput {
  readonly refused: ErrorCodeSpec;
}

/** What a platform package declares in its `spec.ts` (no extraction code: params, prices, cache policies). */
export interface PlatformInput<
  N extends string,
  Ops extends readonly OperationSpecInput[],
  E extends z.ZodObject,
  C extends ErrorCodeTable = ErrorCodeTable,
> {
  /** Lower-case letters and digits (`examplesite`): path `/v1/<name>/…`, default queue and tag, `<NAME>_ORIGIN`. */
  name: N;
  /**
   * What it is called in copy a person reads (the dashboard's pages): the service it reads and what of it, e.g.
   * `YouTube` or `Telegram public channels`. Default: `name`.
   */
  title?: string;
  /**
   * Live hostnames the platform's requests go to; `*.example.com` matches every subdomain (not the apex). When
   * `<NAME>_ORIGIN` is set, the upstream client sends every request to these hosts there.
   */
  hosts: readonly string[];
  /**
   * Set when callers choose the hosts (a link naming any Mastodon instance), so `hosts` cannot be a fixed list: a
   * request of this platform may then go to any host, and the upstream client sends its live requests (every redirect
   * hop) only to `https` on port 443 and through the SSRF guard of `@sda/netguard` (public addresses only, judged on
   * the address each socket connects to). A refused host fails with `refusedCode`, one of its `errorCodes`, before a
   * byte is sent. When `<NAME>_ORIGIN` is set every request goes to that origin (the operator's replay or proxy).
   */
  callerHosts?: CallerHostsInput;
  /** The platform's own variables (credentials, tunables), each named `<NAME>_…`. */
  env?: E;
  /**
   * The platform's own error codes (a `const` table; its code throws them through `errorsOf(table)`), composed with
   * core's, the features' and every other platform's by the wiring (`@sda/services`, {@link platformErrorCodes}).
   */
  errorCodes?: C;
  /** Queues besides `<name>` that its operations use (e.g. `audio`, `ai`). */
  queues?: readonly string[];
  /**
   * How its recordings are matched: the path rule the replay applies, and the volatile query and body keys record
   * mode leaves out of a recording's `_match` (default: exact paths, only the service-wide volatile keys).
   */
  recording?: RecordingRule;
  /** Which of its operations append metric snapshots, and how (History; keyed by operation id). */
  history?: HistorySources;
  /** Which of its list operations monitors may run, and how their items are identified (by operation name). */
  monitors?: { readonly [K in Ops[number]["name"]]?: MonitorRule };
  /** Its canary calls (by operation name), run by `packages/canary` unless the operator sets `CANARY_CALLS`. */
  canaries?: readonly { operation: Ops[number]["name"]; params: Record<string, string> }[];
  /**
   * Request budgets of its upstream hosts (rate and/or concurrency; see `HostBudget`), enforced by the upstream client
   * across all workers (default: none).
   */
  politeness?: readonly HostBudget[];
  /**
   * The one list of its operations: each its spec bound to the lazy import of its handler,
   * `withHandler(<op>Spec, () => import("./operations/<op>.ts").then((m) => m.<op>Handler))`.
   */
  operations: Ops;
}

type SpecOf<O> =
  O extends OperationSpecInput<infer N, infer S, infer Out> ? OperationSpec<S, Out> & { name: N } : never;

/** A platform's declaration, as the catalog, the gateway, the env schema, the upstream client and tests read it. */
export interface PlatformSpec<
  N extends string = string,
  Ops extends readonly OperationSpecInput[] = readonly OperationSpecInput[],
  E extends z.ZodObject = z.ZodObject,
  C extends ErrorCodeTable = ErrorCodeTable,
> {
  readonly name: N;
  /** What it is called in copy a person reads ({@link PlatformInput.title}; `name` when none was given). */
  readonly title: string;
  readonly hosts: readonly string[];
  /** Set when callers choose the hosts ({@link PlatformInput.callerHosts}); null for a platform of fixed hosts. */
  readonly callerHosts: CallerHosts | null;
  readonly env: E;
  /** Its own codes, as declared (`{}` when none). */
  readonly errorCodes: C;
  /** Every queue its operations may use: `<name>` first, then the extra ones. */
  readonly queues: readonly string[];
  /** `<NAME>_ORIGIN`. */
  readonly originVariable: string;
  readonly recording: RecordingRule;
  readonly history: HistorySources;
  /** Monitor rules of its operations, by operation id (`<name>.<operation>`). */
  readonly monitors: MonitorRules;
  /** Its canary calls, with operation ids. */
  readonly canaries: readonly CanaryCall[];
  /** Its host budgets, checked and named. */
  readonly politeness: readonly DeclaredHostBudget[];
  readonly operations: { readonly [K in keyof Ops]: SpecOf<Ops[K]> };
}

const PLATFORM_NAME = /^[a-z][a-z0-9]*$/;
const OPERATION_NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/**
 * Declares a platform: derives each operation's `id` (`<platform>.<name>`), `path` (`/v1/<platform>/<name>`), `tag`
 * and `queue` (the platform's name) unless given, keeps its handler loader (and estimate loader, which marks it
 * `estimate: true`) and its error codes (registered nowhere: the wiring composes them, {@link platformErrorCodes}). Each handler must accept the platform's `env` (a compile error
 * otherwise).
 * @throws Error when the name is malformed, an env variable is not `<NAME>_…`, an operation name repeats or has no
 *   handler loader, an operation names a queue the platform did not list, a monitor rule or canary names no operation of it,
 *   `callerHosts.refusedCode` is not one of its error codes, an operation's `errors` names a code neither its
 *   platform nor core declares (unless a pipeline's table gives it) or gives one another status than they do, or a
 *   host budget is malformed (`declareHostBudgets`).
 */
export function definePlatform<
  const N extends string,
  const Ops extends readonly AnyOperationEntry<z.output<E>>[],
  E extends z.ZodObject = z.ZodObject<Record<never, never>>,
  const C extends ErrorCodeTable = Record<never, never>,
>(input: PlatformInput<N, Ops, E, C>): PlatformSpec<N, Ops, E, C> {
  const { name } = input;
  if (!PLATFORM_NAME.test(name)) throw new Error(`platform name "${name}" must match ${PLATFORM_NAME}`);
  const env = (input.env ?? ({ shape: {} } as unknown as E)) as E;
  const prefix = `${name.toUpperCase()}_`;
  for (const variable of Object.keys(env.shape))
    if (!variable.startsWith(prefix) || variable === originVariable(name))
      throw new Error(
        `${name}: env variable ${variable} must be named ${prefix}… (and not ${originVariable(name)})`,
      );
  const queues = [name, ...(input.queues ?? []).filter((q) => q !== name)];
  const names = new Set<string>();
  const operations = input.operations.map((op) => {
    if (!OPERATION_NAME.test(op.name))
      throw new Error(`${name}: operation name "${op.name}" is not kebab-case`);
    if (names.has(op.name)) throw new Error(`${name}: operation "${op.name}" is declared twice`);
    if (typeof op.handler !== "function") throw new Error(`${name}: no handler for operation "${op.name}"`);
    names.add(op.name);
    const queue = op.queue ?? name;
    if (!queues.includes(queue))
      throw new Error(`${name}.${op.name}: queue "${queue}" is not one of the platform's queues (${queues})`);
    const spec: OperationSpec = {
      id: `${name}.${op.name}`,
      platform: name,
      name: op.name,
      method: "GET",
      path: op.path ?? `/v1/${name}/${op.name}`,
      tag: op.tag ?? name,
      summary: op.summary,
      params: op.params,
      output: op.output,
      errorCodes: operationErrorCodes(Object.keys(input.errorCodes ?? {}), declaredCodes(op.errors)),
      price: op.price,
      queue,
      cache: op.cache,
      handler: op.handler as OperationSpec["handler"],
      ...(op.estimator ? { estimate: true, estimator: op.estimator as OperationSpec["estimator"] } : {}),
    };
    return spec;
  });
  const operationId = (op: string, what: string) => {
    if (!names.has(op)) throw new Error(`${name}: ${what} names no operation "${op}"`);
    return `${name}.${op}`;
  };
  const monitors: Record<string, MonitorRule> = {};
  for (const [op, rule] of Object.entries(input.monitors ?? {}) as [string, MonitorRule][])
    monitors[operationId(op, "a monitor rule")] = rule;
  const canaries = (input.canaries ?? []).map((call) => ({
    operation: operationId(call.operation, "a canary"),
    params: { ...call.params },
  }));
  const politeness = declareHostBudgets(name, input.politeness ?? []);
  const errorCodes = input.errorCodes ?? ({} as C);
  const refusedCode = input.callerHosts?.refusedCode;
  const refused =
    refusedCode !== undefined && Object.hasOwn(errorCodes, refusedCode) ? errorCodes[refusedCode] : undefined;
  if (refusedCode !== undefined && !refused)
    throw new Error(`${name}: callerHosts.refusedCode "${refusedCode}" is not one of its error codes`);
  for (const op of input.operations) checkDeclaredErrors(`${name}.${op.name}`, op.errors, errorCodes);
  return {
    name,
    title: input.title ?? name,
    hosts: input.hosts,
    callerHosts: refusedCode !== undefined && refused ? { refusedCode, refused } : null,
    env,
    errorCodes,
    queues,
    originVariable: originVariable(name),
    recording: input.recording ?? {},
    history: input.history ?? {},
    monitors,
    canaries,
    politeness,
    operations: operations as unknown as PlatformSpec<N, Ops, E, C>["operations"],
  };
}

/** The codes an operation's `errors` names, in order (a list's, or a pipeline table's keys). */
function declaredCodes(errors: OperationSpecInput["errors"]): readonly string[] {
  if (errors === undefined) return [];
  return isCodeList(errors) ? errors : Object.keys(errors);
}

function isCodeList(errors: readonly string[] | ErrorCodeTable): errors is readonly string[] {
  return Array.isArray(errors);
}

/**
 * Checks an operation's `errors`: a code named in a list must be its platform's or core's; a code of a pipeline's
 * table (`AUDIO_ERROR_CODES`) may be neither (the wiring composes the pipeline's table), but where either declares it,
 * the table must give it the same status and retryability.
 * @throws Error otherwise.
 */
function checkDeclaredErrors(
  where: string,
  errors: OperationSpecInput["errors"],
  platformCodes: ErrorCodeTable,
): void {
  const given: ErrorCodeTable = errors === undefined || isCodeList(errors) ? {} : errors;
  for (const code of declaredCodes(errors)) {
    const known = Object.hasOwn(platformCodes, code)
      ? platformCodes[code]
      : Object.hasOwn(CORE_ERROR_CODES, code)
        ? (CORE_ERROR_CODES as ErrorCodeTable)[code]
        : undefined;
    const spec = Object.hasOwn(given, code) ? given[code] : undefined;
    if (!known && !spec)
      throw new Error(
        `${where}: error "${code}" is neither one of its platform's codes nor core's (nor in a pipeline's table)`,
      );
    if (known && spec && (known.status !== spec.status || known.retryable !== spec.retryable))
      throw new Error(
        `${where}: error "${code}" is declared as ${known.status} (retryable ${known.retryable}); its errors table` +
          ` cannot make it ${spec.status} (retryable ${spec.retryable})`,
      );
  }
}

/** An operation's closed set of codes: the call codes, its platform's, its own; each once, in that order. */
function operationErrorCodes(
  platformCodes: readonly string[],
  own: readonly string[],
): [string, ...string[]] {
  return [...new Set<string>([...CALL_ERROR_CODES, ...platformCodes, ...own])] as [string, ...string[]];
}

/** The parsed env slice of a platform, as its handlers see `ctx.env`. */
export type PlatformEnv<P> =
  P extends PlatformSpec<string, readonly OperationSpecInput[], infer E, ErrorCodeTable>
    ? z.output<E>
    : never;

/**
 * Each platform's own codes as an owner of the composed table (`composeErrorCodes` of `@sda/core`): what the wiring
 * composes with core's and the features' codes, typed by each platform's table.
 */
export function platformErrorCodes<const P extends PlatformSpec>(
  platforms: readonly P[],
): ErrorCodeOwner<P["errorCodes"]>[] {
  return platforms.map((p) => ({ owner: p.name, codes: p.errorCodes }));
}

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void
  ? I
  : never;

/**
 * The handler services a platform's handlers read (`ctx.services`): every service one of its operations' handlers
 * names (`HandlerFor<spec, Env, Services>`), together. {@link NoServices} for a platform whose handlers name none.
 * What the wiring (`@sda/services` `createHandlerServices`) must build, and the platform tests' fixture too.
 */
export type PlatformServices<P> =
  P extends PlatformSpec<string, infer Ops, z.ZodObject>
    ? NoServices &
        UnionToIntersection<
          Ops[number] extends infer Op
            ? Op extends {
                handler: () => Promise<(params: never, ctx: OperationContext<never, infer S>) => unknown>;
              }
              ? S
              : never
            : never
        >
    : never;

/**
 * The handler type of one operation spec, for a handler written in its own file: `Env` its platform's env, `Services`
 * the handler services it reads (its platform's, e.g. `VideositeServices`; none by default).
 */
export type HandlerFor<
  S extends { params: z.ZodType; output: z.ZodType },
  Env = Readonly<Record<string, unknown>>,
  Services = NoServices,
> = OperationHandler<S["params"], Env, S["output"], Services>;

/**
 * The registry of a catalog: its platforms plus the {@link OperationRegistry} of all their operations. It composes no
 * error codes: the wiring composes the platforms' with core's and the features' ({@link platformErrorCodes}).
 */
export interface Catalog extends OperationRegistry {
  readonly platforms: readonly PlatformSpec[];
}

/**
 * Builds the registry from the catalog's lines (one platform spec each). An operation's handler (and estimate
 * function) is imported on the first `handler(id)` (`estimator(id)`) and kept; a failed import is forgotten, so the
 * next call retries it.
 * @throws Error when two platforms share a name, or two operations share an id or a route.
 */
export function createCatalog(platforms: readonly PlatformSpec[]): Catalog {
  const ids = new Map<string, OperationSpec>();
  const routes = new Map<string, OperationSpec>();
  const names = new Set<string>();
  const handlers = new Map<string, Promise<OperationHandler>>();
  const estimators = new Map<string, Promise<EstimateHandler>>();
  for (const platform of platforms) {
    if (names.has(platform.name)) throw new Error(`platform ${platform.name} is in the catalog twice`);
    names.add(platform.name);
    for (const op of platform.operations as readonly OperationSpec[]) {
      if (ids.has(op.id)) throw new Error(`duplicate operation id ${op.id}`);
      const route = `${op.method} ${op.path}`;
      if (routes.has(route)) throw new Error(`duplicate route ${route}`);
      ids.set(op.id, op);
      routes.set(route, op);
    }
  }
  const operations = [...ids.values()];
  const operationOf = (id: string) => {
    const op = ids.get(id);
    if (!op) throw new Error(`unknown operation ${id}`);
    return op;
  };
  /** `load()` once per operation id (forgotten after a failed import, so the next call retries). */
  function once<T>(cache: Map<string, Promise<T>>, id: string, load: () => Promise<T>): Promise<T> {
    let found = cache.get(id);
    if (!found) {
      found = load();
      cache.set(id, found);
      found.catch(() => cache.delete(id));
    }
    return found;
  }
  return {
    platforms,
    operations,
    byId: (id) => ids.get(id),
    byRoute: (method, path) => routes.get(`${method.toUpperCase()} ${path}`),
    queues: () => [...new Set(operations.map((op) => op.queue))],
    async handler(id) {
      return once(handlers, id, operationOf(id).handler);
    },
    async estimator(id) {
      const op = operationOf(id);
      if (!op.estimator) throw new Error(`${op.platform}: no estimate function for ${op.id}`);
      return once(estimators, id, op.estimator);
    },
  };
}

/**
 * Whether `host` is one of `patterns` (`www.example.com` exactly, `*.cdn.example.com` any subdomain of it).
 * Case-insensitive; a trailing dot is ignored.
 */
export function matchesHost(patterns: readonly string[], host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, "");
  return patterns.some((pattern) => {
    const p = pattern.toLowerCase();
    return p.startsWith("*.") ? h.endsWith(p.slice(1)) && h.length > p.length - 1 : h === p;
  });
}

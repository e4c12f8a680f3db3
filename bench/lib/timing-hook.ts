/**
 * Opt-in timing hook of the benchmark, preloaded into the gateway and worker processes it spawns
 * (`node --import tsx --import ./bench/lib/timing-hook.ts apps/worker/src/main.ts`), so the service's code carries
 * no timing code and nothing runs on its hot path unless the bench starts it.
 *
 * It sums, in its process:
 *  - upstream fetch: every undici request from `undici:request:create` to its last body byte
 *    (`undici:request:trailers`) or its error, read from undici's diagnostics channels;
 *  - the service's spans (`CallSpan` of `@sda/queue`: `sda:queue:submit` in the gateway, `sda:engine:handler`,
 *    `sda:engine:settle`, `sda:engine:store` in the worker; tracing channels published only while someone subscribes),
 *    from `start` to `asyncEnd`;
 *  - SQL: every `pg` query (Prisma runs on `pg` too), by wrapping `pg.Client#query`, split into the money statements
 *    (named `sda_reserve*`, `sda_settle`, `sda_release`) and the rest (History's snapshot, Prisma's queries).
 * The bench asks over the IPC channel (`{ type: "bench:timings", reset }`) and gets {@link ProcessTimings} back; for
 * `{ type: "bench:memory" }` it collects garbage (the processes run with `--expose-gc`) and answers
 * {@link ProcessMemory}.
 */
import { subscribe, tracingChannel } from "node:diagnostics_channel";
import { performance } from "node:perf_hooks";
import pg from "pg";

/** Totals since the last reset, in ms (counts where named so). */
export interface ProcessTimings {
  type: "bench:timings";
  upstreamMs: number;
  upstreamRequests: number;
  /** `sda:queue:submit` (gateway): the job's enqueue and the wait for its result. */
  submitMs: number;
  submits: number;
  /** `sda:engine:handler`: the operation's handler, its upstream fetches included. */
  handlerMs: number;
  handlers: number;
  /** `sda:engine:settle`: the settle call, its SQL round trip included. */
  settleMs: number;
  /** `sda:engine:store`: the result cache write and the observers (History), together. */
  storeMs: number;
  /** SQL time of the money statements (reserve, settle, release). */
  moneySqlMs: number;
  moneySqlQueries: number;
  /** SQL time of every other statement. */
  otherSqlMs: number;
  otherSqlQueries: number;
}

const ZERO = {
  upstreamMs: 0,
  upstreamRequests: 0,
  submitMs: 0,
  submits: 0,
  handlerMs: 0,
  handlers: 0,
  settleMs: 0,
  storeMs: 0,
  moneySqlMs: 0,
  moneySqlQueries: 0,
  otherSqlMs: 0,
  otherSqlQueries: 0,
};
const totals = { ...ZERO };
const started = new WeakMap<object, number>();

const finish = (message: unknown) => {
  const request = (message as { request?: object }).request;
  const t0 = request ? started.get(request) : undefined;
  if (request === undefined || t0 === undefined) return;
  started.delete(request);
  totals.upstreamMs += performance.now() - t0;
  totals.upstreamRequests += 1;
};
subscribe("undici:request:create", (message) => {
  const request = (message as { request?: object }).request;
  if (request) started.set(request, performance.now());
});
subscribe("undici:request:trailers", finish);
subscribe("undici:request:error", finish);

/** Sums one engine span into `add` (its context object keys the start time). */
function span(name: string, add: (ms: number) => void) {
  const begun = new WeakMap<object, number>();
  tracingChannel<object, object>(name).subscribe({
    start: (context) => void begun.set(context, performance.now()),
    end: () => undefined,
    asyncStart: () => undefined,
    asyncEnd: (context) => {
      const t0 = begun.get(context);
      if (t0 !== undefined) add(performance.now() - t0);
    },
    error: () => undefined,
  });
}
span("sda:queue:submit", (ms) => {
  totals.submitMs += ms;
  totals.submits += 1;
});
span("sda:engine:handler", (ms) => {
  totals.handlerMs += ms;
  totals.handlers += 1;
});
span("sda:engine:settle", (ms) => {
  totals.settleMs += ms;
});
span("sda:engine:store", (ms) => {
  totals.storeMs += ms;
});

const MONEY = /^sda_(reserve|settle|release)/;
type Query = (this: pg.Client, ...args: unknown[]) => unknown;
const query = pg.Client.prototype.query as unknown as Query;
(pg.Client.prototype as unknown as { query: Query }).query = function timedQuery(this: pg.Client, ...args) {
  const t0 = performance.now();
  const name = (args[0] as { name?: unknown } | null)?.name;
  const money = typeof name === "string" && MONEY.test(name);
  const done = () => {
    const ms = performance.now() - t0;
    if (money) {
      totals.moneySqlMs += ms;
      totals.moneySqlQueries += 1;
    } else {
      totals.otherSqlMs += ms;
      totals.otherSqlQueries += 1;
    }
  };
  const callback = args.findIndex((arg) => typeof arg === "function");
  if (callback >= 0) {
    const original = args[callback] as (...a: unknown[]) => unknown;
    args[callback] = (...a: unknown[]) => {
      done();
      return original(...a);
    };
    return query.apply(this, args);
  }
  const result = query.apply(this, args);
  if (result && typeof (result as Promise<unknown>).then === "function")
    (result as Promise<unknown>).then(done, done);
  return result;
};

/** The process's memory after a full collection (`--expose-gc`; without it, as it is), for the `memory` section. */
export interface ProcessMemory extends NodeJS.MemoryUsage {
  type: "bench:memory";
}

process.on("message", (message: unknown) => {
  if ((message as { type?: unknown }).type === "bench:memory") {
    (globalThis as { gc?: () => void }).gc?.();
    process.send?.({ type: "bench:memory", ...process.memoryUsage() } satisfies ProcessMemory);
    return;
  }
  if ((message as { type?: unknown }).type !== "bench:timings") return;
  process.send?.({ type: "bench:timings", ...totals } satisfies ProcessTimings);
  if ((message as { reset?: unknown }).reset) Object.assign(totals, ZERO);
});

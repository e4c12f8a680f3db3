/**
 * Opt-in timing hook of the benchmark, preloaded into the worker process it spawns
 * (`node --import tsx --import ./bench/lib/worker-hook.ts apps/worker/src/main.ts`), so the service's code carries
 * no timing code at all and nothing runs on its hot path unless the bench starts it.
 *
 * It sums, in this process:
 *  - upstream fetch: every undici request from `undici:request:create` to its last body byte
 *    (`undici:request:trailers`) or its error, read from undici's diagnostics channels;
 *  - SQL: every `pg` query (the charge / settle statements of the worker), by wrapping `pg.Client#query`.
 * The bench asks over the IPC channel (`{ type: "bench:timings", reset }`) and gets {@link WorkerTimings} back.
 */
import { subscribe } from "node:diagnostics_channel";
import { performance } from "node:perf_hooks";
import pg from "pg";

/** Totals since the last reset, in ms. */
export interface WorkerTimings {
  type: "bench:timings";
  upstreamMs: number;
  upstreamRequests: number;
  sqlMs: number;
  sqlQueries: number;
}

const totals = { upstreamMs: 0, upstreamRequests: 0, sqlMs: 0, sqlQueries: 0 };
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

type Query = (this: pg.Client, ...args: unknown[]) => unknown;
const query = pg.Client.prototype.query as unknown as Query;
(pg.Client.prototype as unknown as { query: Query }).query = function timedQuery(this: pg.Client, ...args) {
  const t0 = performance.now();
  const done = () => {
    totals.sqlMs += performance.now() - t0;
    totals.sqlQueries += 1;
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

process.on("message", (message: unknown) => {
  if ((message as { type?: unknown }).type !== "bench:timings") return;
  process.send?.({ type: "bench:timings", ...totals } satisfies WorkerTimings);
  if ((message as { reset?: unknown }).reset)
    Object.assign(totals, { upstreamMs: 0, upstreamRequests: 0, sqlMs: 0, sqlQueries: 0 });
});

import type { OperationDefinition } from "@sda/core";
import { type CallPlan, planCall } from "@sda/engine";
import type { Request, RequestHandler, Response } from "express";
import type { GatewayDeps } from "../deps.ts";
import type { GatewayMetrics } from "../metrics.ts";
import { principalOf } from "../middleware/auth.ts";
import { onlyMethods } from "../middleware/methods.ts";
import type { RateLimit } from "../middleware/rate-limit.ts";
import { locals, pollBody, sendJobResult } from "../respond.ts";

/** Query values as strings (repeated keys stay arrays so the schema can refuse them). */
function rawQuery(req: Request): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(req.query))
    if (value !== "" && value !== undefined) raw[key] = value;
  return raw;
}

/**
 * The HTTP side of one registry operation: the engine plans the call (parameters, cache, credit reservation), the
 * route enqueues it, waits up to the deadline and answers. Every money decision is the engine's (`planCall`) and
 * the worker's (`executeJob`); the locals set here only feed the request log.
 */
function operationRoute(
  op: OperationDefinition,
  deps: GatewayDeps,
  limit: RateLimit,
  metrics: GatewayMetrics,
): RequestHandler {
  return async (req: Request, res: Response) => {
    const principal = principalOf(res);
    const l = locals(res);
    l.operationId = op.id;
    const raw = rawQuery(req);
    l.params = raw;
    // The key's rate-limit check runs alongside the plan's first round trip; a 429 wins over the plan's answer.
    const { admission } = await limit.admit(res);
    // A speculative call's credits count as in flight for its account until it is answered.
    const speculating: { done: (() => void) | null } = { done: null };
    try {
      const plan = await planCall(op, raw, principal, l.requestId, {
        ledger: deps.ledger,
        cache: deps.cache,
        reservationTtlSeconds: deps.config.RESERVATION_TTL_SECONDS,
        rawCacheData: true,
        ...(admission ? { admission } : {}),
        ...(deps.speculation
          ? {
              speculation: {
                words: deps.holdWords,
                allow: (accountId: string, credits: number) => {
                  speculating.done = deps.speculation?.admit(accountId, credits) ?? null;
                  return speculating.done !== null;
                },
              },
            }
          : {}),
      });
      if (plan.kind === "answer") {
        // A free cache hit settled nothing: its balance is read from PostgreSQL (batched with the concurrent hits'
        // reads) so X-Service-Balance is exact.
        const balance = plan.answer.balance ?? (await deps.balances.read(principal.accountId)) ?? undefined;
        if (balance !== undefined) deps.speculation?.observe(principal.accountId, balance);
        sendJobResult(res, { ...plan.answer, ...(balance !== undefined ? { balance } : {}) });
        return;
      }
      const outcome = await enqueueAndWait(deps, op, plan, metrics);
      if (outcome.state === "finished" && outcome.result.ok && outcome.result.balance !== undefined)
        deps.speculation?.observe(principal.accountId, outcome.result.balance);
      l.jobId = outcome.jobId;
      if (outcome.state === "pending") {
        res.status(202).json(pollBody(outcome.jobId, outcome.status));
        return;
      }
      sendJobResult(res, outcome.result);
    } finally {
      speculating.done?.();
    }
  };
}

/**
 * Enqueues a planned call and waits for it up to the deadline. A speculative plan's job is added at once, alongside
 * its reservation (`plan.hold`): a refused reservation is the answer (the wait is abandoned; the worker discards the
 * job's result on the gateway's word), and a job that failed gives its hold back (the worker may have tried before
 * the hold was made). A job that could not be enqueued gives the hold back now rather than at its expiry.
 */
async function enqueueAndWait(
  deps: GatewayDeps,
  op: OperationDefinition,
  plan: Extract<CallPlan, { kind: "enqueue" }>,
  metrics: GatewayMetrics,
) {
  const { requestId } = plan.payload;
  const stop = new AbortController();
  const submitted = deps.bridge.submit(op.queue, plan.payload, deps.config.REQUEST_DEADLINE_MS, stop.signal);
  // Awaited below; handled here too, for the refused speculative call that never awaits it.
  submitted.catch(() => undefined);
  if (plan.hold)
    try {
      await plan.hold;
      metrics.speculative.inc({ outcome: "held" });
    } catch (error) {
      metrics.speculative.inc({ outcome: "refused" });
      stop.abort();
      throw error;
    }
  let outcome: Awaited<typeof submitted>;
  try {
    outcome = await submitted;
  } catch (error) {
    // Never enqueued (or not known to be). A job that did reach Redis settles against the available balance.
    await deps.ledger.release(requestId).catch(() => undefined);
    throw error;
  }
  if (plan.hold && outcome.state === "finished" && !outcome.result.ok)
    await deps.ledger.release(requestId).catch(() => undefined);
  return outcome;
}

/** The Express pattern every registry operation's path has (`/v1/<platform>/<operation>`). */
export const OPERATION_PATTERN = "/v1/:platform/:operation";

/** A path as Express's default routing compares it: case-insensitive, one trailing slash ignored. */
function pathKey(path: string): string {
  const lower = path.toLowerCase();
  return lower.length > 1 && lower.endsWith("/") ? lower.slice(0, -1) : lower;
}

/**
 * Every registry operation behind ONE Express route (mounted on {@link OPERATION_PATTERN} for every method) instead of
 * one route per operation: Express tries routes one after the other, so a call of the last operation made ~80 path
 * matches; here the path is looked up in a map once, matching as Express did (case-insensitive, one trailing slash
 * ignored). `handlers(authenticate, limit)` gives the route's handlers:
 * - the lookup: paths that are no operation leave the route (`next("route")`); any method but GET (HEAD included) on
 *   an operation's path is 405 `method_not_allowed` before anything runs;
 * - `authenticate`;
 * - the operation's handler, which runs the key's rate limit (`limit.admit`) alongside its plan.
 */
export function operationRoutes(deps: GatewayDeps, metrics: GatewayMetrics) {
  const byPath = new Map(
    deps.registry.operations.map((op) => [pathKey(op.path), { op, methods: onlyMethods(op.path, ["GET"]) }]),
  );
  const handlers = (authenticate: RequestHandler, limit: RateLimit): RequestHandler[] => {
    const byRoute = new Map(
      deps.registry.operations.map((op) => [op.path, operationRoute(op, deps, limit, metrics)]),
    );
    return [
      (req, res, next) => {
        const found = byPath.get(pathKey(req.path));
        if (!found) return next("route");
        // The operation of the request, also the metrics' route label (the Express route is the shared pattern).
        locals(res).route = found.op.path;
        found.methods(req, res, next);
      },
      authenticate,
      (req, res, next) => byRoute.get(locals(res).route as string)?.(req, res, next),
    ];
  };
  return { handlers };
}

import { requestHash } from "@sda/batch";
import type { OperationSpec } from "@sda/contract";
import {
  type CallOutcome,
  type CallPrincipal,
  planCall,
  type SubmitCallOptions,
  type SubmitDeps,
  submitCall,
} from "@sda/engine";
import { IDEMPOTENCY_TTL_SECONDS, idempotencyKeyOf, type RequestChannel } from "@sda/ledger";
import type { Request, RequestHandler, Response } from "express";
import type { GatewayDeps } from "../deps.ts";
import { principalOf } from "../middleware/auth.ts";
import { onlyMethods, pathKey } from "../middleware/methods.ts";
import type { RateLimit } from "../middleware/rate-limit.ts";
import { locals, pollBody, sendJobResult } from "../respond.ts";
import { answerIdempotently } from "./idempotent-call.ts";

/** Query values as strings (repeated keys stay arrays so the schema can refuse them). */
function rawQuery(req: Request): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(req.query))
    if (value !== "" && value !== undefined) raw[key] = value;
  return raw;
}

/** What `submitCall` needs, from the gateway's deps. */
export function submitDeps(deps: GatewayDeps): SubmitDeps {
  return {
    bridge: deps.bridge,
    deadlineMs: deps.config.REQUEST_DEADLINE_MS,
    // A call whose outcome the gateway could not learn is fenced in PostgreSQL before it is answered "not billed".
    fence: (key) => deps.ledger.fence(key),
  };
}

/**
 * One call of a registry operation through the engine, whatever interface it came through (REST, MCP): the engine
 * plans the call (parameters, cache, credit reservation) and submits it (enqueue, wait up to the
 * deadline, releases). Every money decision is the engine's.
 * @param raw the caller's parameter values as REST query strings.
 * @param admission the caller's rate-limit check, already started (see `RateLimit.admit`).
 * @param rawCacheData answer a cache hit's data as its stored JSON text (`dataJson`, for an HTTP answer).
 * @param submit how the job is added (an idempotent call's own job id, kept as long as its key).
 * @param channel the interface the call came through (default `rest`), recorded on its charge.
 * @throws the plan's refusals (ServiceError 400/422, 402, 429) and the stores' errors; nothing is held after them.
 */
export async function callOperation(
  op: OperationSpec,
  raw: Record<string, unknown>,
  principal: CallPrincipal,
  requestId: string,
  deps: GatewayDeps,
  submit: SubmitDeps,
  options: {
    admission?: Promise<void>;
    rawCacheData: boolean;
    submit?: SubmitCallOptions;
    channel?: RequestChannel;
  },
): Promise<CallOutcome> {
  const plan = await planCall(op, raw, principal, requestId, {
    ...(options.channel ? { origin: { channel: options.channel } } : {}),
    ledger: deps.ledger,
    cache: deps.cache,
    releases: deps.releases,
    reservationTtlSeconds: deps.config.RESERVATION_TTL_SECONDS,
    rawCacheData: options.rawCacheData,
    // A free cache hit settles nothing: its X-Service-Balance is read from PostgreSQL alongside the cache read
    // (batched with the concurrent calls' reads, `BalanceReader`).
    readBalance: (accountId) => deps.balances.read(accountId),
    ...(options.admission ? { admission: options.admission } : {}),
  });
  return submitCall(plan, submit, options.submit);
}

/**
 * The HTTP side of one registry operation ({@link callOperation}): the route only translates the query into a call
 * and the outcome into an answer; the locals set here only feed the request log. A call with an `Idempotency-Key` is
 * answered through {@link answerIdempotently} (replays, one run).
 */
function operationRoute(
  op: OperationSpec,
  deps: GatewayDeps,
  limit: RateLimit,
  submit: SubmitDeps,
): RequestHandler {
  return async (req: Request, res: Response) => {
    const principal = principalOf(res);
    const l = locals(res);
    l.operationId = op.id;
    const raw = rawQuery(req);
    l.params = raw;
    const idempotencyKey = idempotencyKeyOf(req.get("idempotency-key"));
    // The key's rate-limit check runs alongside the plan's first round trip; a 429 wins over the plan's answer.
    const { admission } = await limit.admit(res);
    const run = (options: SubmitCallOptions = {}): Promise<CallOutcome> =>
      callOperation(op, raw, principal, l.requestId, deps, submit, {
        rawCacheData: true,
        submit: options,
        ...(admission ? { admission } : {}),
      });
    if (idempotencyKey) {
      // A replay answers without the plan; its admission is settled either way (no unhandled rejection).
      admission?.catch(() => undefined);
      await answerIdempotently(deps, res, {
        keyId: principal.keyId,
        accountId: principal.accountId,
        operation: op.id,
        idempotencyKey,
        hash: requestHash({ operation: op.id, params: raw }),
        requestId: l.requestId,
        run: (jobId) => run({ jobId, keepSeconds: IDEMPOTENCY_TTL_SECONDS }),
      });
      return;
    }
    const outcome = await run();
    if (outcome.jobId) l.jobId = outcome.jobId;
    if (outcome.state === "pending") {
      res.status(202).json(pollBody(outcome.jobId, outcome.status));
      return;
    }
    sendJobResult(res, outcome.result, deps.errorCodes);
  };
}

/** The Express pattern every registry operation's path has (`/v1/<platform>/<operation>`). */
export const OPERATION_PATTERN = "/v1/:platform/:operation";

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
export function operationRoutes(deps: GatewayDeps) {
  const byPath = new Map(
    deps.registry.operations.map((op) => [pathKey(op.path), { op, methods: onlyMethods(op.path, ["GET"]) }]),
  );
  const handlers = (authenticate: RequestHandler, limit: RateLimit): RequestHandler[] => {
    const submit = submitDeps(deps);
    const byRoute = new Map(
      deps.registry.operations.map((op) => [op.path, operationRoute(op, deps, limit, submit)]),
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

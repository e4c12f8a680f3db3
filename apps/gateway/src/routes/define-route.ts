import { parseParams } from "@sda/contract";
import { admitted, type CacheStatus } from "@sda/engine";
import type { Principal } from "@sda/ledger";
import type { ServiceRouteDoc } from "@sda/openapi";
import express, {
  type ErrorRequestHandler,
  type Request,
  type RequestHandler,
  type Response,
  type Router,
} from "express";
import type { z } from "zod";
import type { GatewayDeps } from "../deps.ts";
import type { RouteTool } from "../mcp/tool.ts";
import { principalOf } from "../middleware/auth.ts";
import type { RateLimit } from "../middleware/rate-limit.ts";
import { locals, sendSuccess } from "../respond.ts";

/** What a route's handler is called with: the request, the answer, the key and the route's own parsing. */
export interface RouteCall<Q extends z.ZodObject = z.ZodObject> {
  req: Request;
  res: Response;
  /** The key that called. @throws Error on a route declared `authenticated: false`. */
  principal(): Principal;
  /**
   * The query parsed by the route's `query` schema (`{}` for a route without one).
   * @throws ServiceError 400 for a bad parameter.
   */
  query(): z.output<Q>;
  /** A path parameter (`batchId` of `/v1/batch/{batchId}`), as a string. */
  param(name: string): string;
}

/**
 * A 2xx a route answers: the SPEC §2.1 envelope (`success`, `data`, the extra `envelope` fields) with the SPEC §4.1
 * `X-Service-*` headers. The service's own routes charge nothing: credits 0, cache `BYPASS` unless told.
 */
export interface RouteAnswer {
  /** 200 (default), 201 or 202. */
  status?: number;
  data: unknown;
  /** `X-Service-Source`: which part of the service answered (`ledger`, `batch`, `monitors`). */
  source: string;
  cache?: CacheStatus;
  envelope?: Record<string, unknown>;
  /** Extra response headers (`Location`, `Idempotent-Replayed`). */
  headers?: Record<string, string>;
}

/**
 * One service route as one value: its OpenAPI description (every {@link ServiceRouteDoc} field, `{name}` path
 * parameters) plus what the mount needs to serve it. The mount ({@link mountRoutes}) derives the Express path, the
 * 405 table, auth, the request-log operation and the answer from it; the OpenAPI document reads the same value.
 */
export interface RouteSpec<Q extends z.ZodObject = z.ZodObject> extends ServiceRouteDoc {
  /** Stable camelCase OpenAPI id (`getBatch`). */
  operationId: string;
  /** The request log's `operation` of its calls, also the MCP tool's over the same logic (`batch.get`). */
  operation: string;
  query?: Q;
  /** Middleware run after auth and before the handler: the route's body parser and body checks. */
  accepts?: readonly (RequestHandler | ErrorRequestHandler)[];
  /**
   * The key's rate-limit check runs alongside the handler (one round trip instead of two, for routes that only
   * read); the answer waits for both, and a 429 wins over the handler's answer or error. Default: check first.
   */
  admitAlongside?: boolean;
  /** The MCP service tool over the same logic, when there is one (`mcp/service-tools.ts` derives it). */
  tool?: RouteTool;
  /**
   * Builds the route's handler once, at mount. The handler answers with a {@link RouteAnswer}, or with `undefined`
   * when it wrote the response itself (a download, a job's own answer).
   */
  handler(deps: GatewayDeps): (call: RouteCall<Q>) => Promise<RouteAnswer | undefined>;
}

/** A route as the mount and the OpenAPI document take it (its query type erased). */
export type ServiceRoute = RouteSpec<z.ZodObject>;

/** Declares one service route ({@link RouteSpec}); the value is listed in `service-routes.ts` and nowhere else. */
export function defineRoute<Q extends z.ZodObject = z.ZodObject>(spec: RouteSpec<Q>): ServiceRoute {
  return spec as unknown as ServiceRoute;
}

/** OpenAPI's `/v1/batch/{batchId}` as Express's `/v1/batch/:batchId`. */
export function expressPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ":$1");
}

/**
 * The methods each route path answers (`Allow` of its 405), grouped from the route list: `[["/v1/batch/:batchId",
 * ["GET", "DELETE"]], …]`, Express paths.
 */
export function routeMethods(routes: readonly ServiceRoute[]): [path: string, methods: string[]][] {
  const byPath = new Map<string, string[]>();
  for (const route of routes) {
    const path = expressPath(route.path);
    byPath.set(path, [...(byPath.get(path) ?? []), route.method.toUpperCase()]);
  }
  return [...byPath];
}

/** Writes a {@link RouteAnswer}: the envelope, its status and the `X-Service-*` headers. */
export function sendRouteAnswer(res: Response, answer: RouteAnswer) {
  if (answer.headers) res.set(answer.headers);
  const cache = answer.cache ?? "BYPASS";
  const status = answer.status ?? 200;
  const body = { data: answer.data, credits: 0, cache, source: answer.source };
  if (status === 200) {
    sendSuccess(res, answer.envelope ? { ...body, envelope: answer.envelope } : body);
    return;
  }
  const l = locals(res);
  l.cache = cache;
  l.source = answer.source;
  res
    .status(status)
    .set({ "X-Service-Credits": "0", "X-Service-Cache": cache, "X-Service-Source": answer.source })
    .json({ success: true, data: answer.data, ...answer.envelope });
}

/** The gateway's guards a mounted route runs behind. */
export interface RouteGuards {
  authenticated: RequestHandler;
  limit: RateLimit;
}

/**
 * The router of every route: each at its Express path and method, naming its request-log operation first, then (unless
 * `authenticated: false`) the key and its rate limit, the route's `accepts` middleware and its handler, whose answer
 * is written by {@link sendRouteAnswer}. Other methods of these paths are answered 405 by the app (from
 * {@link routeMethods}) before anything here runs.
 */
export function mountRoutes(routes: readonly ServiceRoute[], deps: GatewayDeps, guards: RouteGuards): Router {
  const router = express.Router();
  for (const route of routes) {
    const run = route.handler(deps);
    const named: RequestHandler = (_req, res, next) => {
      locals(res).operationId = route.operation;
      next();
    };
    const authenticated = route.authenticated !== false;
    const guard = !authenticated
      ? []
      : route.admitAlongside
        ? [guards.authenticated]
        : [guards.authenticated, guards.limit.middleware];
    const serve: RequestHandler = async (req, res) => {
      const call: RouteCall = {
        req,
        res,
        principal: () => {
          if (!authenticated) throw new Error(`${route.path} is not authenticated`);
          return principalOf(res);
        },
        query: () => (route.query ? parseParams(route.query, req.query as Record<string, unknown>) : {}),
        param: (name) => String(req.params[name] ?? ""),
      };
      let answer: RouteAnswer | undefined;
      if (route.admitAlongside && authenticated) {
        const { admission } = await guards.limit.admit(res);
        answer = await admitted(admission, run(call));
      } else answer = await run(call);
      if (answer) sendRouteAnswer(res, answer);
    };
    router[route.method](expressPath(route.path), named, ...guard, ...(route.accepts ?? []), serve);
  }
  return router;
}

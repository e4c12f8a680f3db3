import { dashboardRouter } from "@sda/dashboard";
import express, { type Express } from "express";
import type { GatewayDeps } from "./deps.ts";
import { mcpRouter } from "./mcp/route.ts";
import { mcpTools } from "./mcp/tools.ts";
import { createMetrics } from "./metrics.ts";
import { authenticate } from "./middleware/auth.ts";
import { AuthFailureLimiter } from "./middleware/auth-rate-limit.ts";
import { errorHandler, notFound } from "./middleware/errors.ts";
import { onlyMethods } from "./middleware/methods.ts";
import { rateLimit } from "./middleware/rate-limit.ts";
import { requestContext } from "./middleware/request-context.ts";
import { requestLog } from "./middleware/request-log.ts";
import { validateAnswers } from "./middleware/validate-answers.ts";
import { mountRoutes, routeMethods } from "./routes/define-route.ts";
import { docsRouter } from "./routes/docs.ts";
import { homeRouter } from "./routes/home.ts";
import { openApiRouter } from "./routes/openapi.ts";
import { OPERATION_PATTERN, operationRoutes } from "./routes/operation.ts";
import { SERVICE_ROUTES } from "./routes/service-routes.ts";
import { probesRouter } from "./routes/status.ts";

/** Known paths that are not registry operations nor service routes (the probes, docs, metrics), with their methods. */
const FIXED_ROUTES: [path: string, methods: string[]][] = [
  ["/healthz", ["GET", "HEAD"]],
  ["/readyz", ["GET", "HEAD"]],
  ["/metrics", ["GET"]],
  ["/v1/openapi.json", ["GET"]],
  ["/docs", ["GET", "HEAD"]],
  ["/", ["GET", "HEAD"]],
  ["/favicon.ico", ["GET", "HEAD"]],
];

/**
 * The methods each known path answers (others, HEAD included: 405 with `Allow` before anything runs): the fixed
 * routes, then the service routes' methods grouped by path from their one value (`routeMethods`).
 */
const allowedMethods = (): [path: string, methods: string[]][] => [
  ...FIXED_ROUTES,
  ...routeMethods(SERVICE_ROUTES),
];

/**
 * The gateway's Express 5 app. Public: probes, status, OpenAPI. Operator: `/metrics` (METRICS_TOKEN). Authenticated:
 * every registry operation (mounted from the registry, nothing per operation here), `GET /v1/jobs/{id}`, the
 * Account, Batch, History, Monitors and Utilities groups, and the MCP endpoint `/mcp` (`MCP_ENABLED`). Every known
 * path answers other methods (HEAD included on API paths) with 405 before anything runs.
 */
export function createGatewayApp(deps: GatewayDeps): Express {
  const app = express();
  app.disable("x-powered-by");
  // No ETags: a paid call answered 304 to a matching `If-None-Match` would charge for an empty answer, and a data
  // answer is never the same document twice (request id, balance, `cachedAt`).
  app.set("etag", false);
  app.set("trust proxy", trustProxy(deps.config.TRUST_PROXY));
  app.set("query parser", "simple");
  const metrics = createMetrics(deps.config.METRICS_TOKEN, { requestLog: deps.requestLog, keys: deps.keys });

  app.use(requestContext(deps.log));
  if (deps.config.VALIDATE_RESPONSES) app.use(validateAnswers(deps.registry, SERVICE_ROUTES, deps.log));
  app.use(metrics.observe);
  app.use(requestLog(deps.requestLog));
  const limit = rateLimit(deps.callRedis, deps.config.QUEUE_PREFIX, deps.config.RATE_LIMIT_PER_SECOND);
  const authenticated = authenticate(
    deps.keys,
    new AuthFailureLimiter(
      deps.callRedis,
      deps.config.QUEUE_PREFIX,
      deps.config.AUTH_RATE_LIMIT_PER_SECOND,
      deps.config.AUTH_RATE_LIMIT_WINDOW_SECONDS,
    ),
    metrics,
    deps.keyUse,
  );
  // Registry operations first: the busiest paths, found by one map lookup, pass no other route's path match (Express
  // tries every route in turn). Other paths fall through to the routes below. Operation calls run the rate-limit
  // check alongside their plan's first round trip (see `operationRoutes`).
  app.all(OPERATION_PATTERN, ...operationRoutes(deps).handlers(authenticated, limit));
  for (const [path, methods] of allowedMethods()) app.all(path, onlyMethods(path, methods));
  app.use(probesRouter(deps));
  app.use(mountRoutes(SERVICE_ROUTES, deps, { authenticated, limit }));
  app.use(openApiRouter(deps.registry));
  app.use(docsRouter());
  app.use(homeRouter());
  if (deps.config.EXPOSE_METRICS) app.get("/metrics", metrics.serve);
  app.use("/dashboard", dashboardRouter(deps));

  if (deps.config.MCP_ENABLED) {
    const tools = mcpTools(deps.registry, deps.config.MCP_TOOLS);
    app.use(mcpRouter(deps, tools, authenticated, limit));
  }
  app.use(notFound);
  app.use(errorHandler(deps.log));
  return app;
}

/** TRUST_PROXY as Express takes it: `true`/`false`, a hop count, or a list of addresses/subnets/names. */
function trustProxy(value: string): boolean | number | string {
  if (value === "true") return true;
  if (value === "false") return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

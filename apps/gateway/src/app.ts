import { ServiceError } from "@sda/core";
import { dashboardRouter } from "@sda/dashboard";
import express, { type Express } from "express";
import type { GatewayDeps } from "./deps.ts";
import { createMetrics } from "./metrics.ts";
import { authenticate } from "./middleware/auth.ts";
import { errorHandler, notFound } from "./middleware/errors.ts";
import { rateLimit } from "./middleware/rate-limit.ts";
import { requestContext } from "./middleware/request-context.ts";
import { requestLog } from "./middleware/request-log.ts";
import { accountRouteDocs } from "./routes/account/openapi.ts";
import { accountRouter } from "./routes/account.ts";
import { historyRouteDocs, historyRouter } from "./routes/history.ts";
import { jobsRouter } from "./routes/jobs.ts";
import { openApiRouter } from "./routes/openapi.ts";
import { operationRoute } from "./routes/operation.ts";
import { statusRouteDocs, statusRouter } from "./routes/status.ts";
import { utilitiesRouteDocs, utilitiesRouter } from "./routes/utilities/index.ts";

/**
 * The gateway's Express 5 app. Public: probes, status, OpenAPI, metrics. Authenticated: every registry operation
 * (mounted from the registry, nothing per operation here), `GET /v1/jobs/{id}` and `GET /v1/account`.
 */
export function createGatewayApp(deps: GatewayDeps): Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", true);
  app.set("query parser", "simple");
  const metrics = createMetrics();

  app.use(requestContext(deps.log));
  app.use(metrics.observe);
  app.use(requestLog(deps.ledger, deps.log));
  app.use(statusRouter(deps));
  app.use(
    openApiRouter(deps.registry, [
      ...statusRouteDocs,
      ...accountRouteDocs,
      ...historyRouteDocs,
      ...utilitiesRouteDocs,
    ]),
  );
  if (deps.config.EXPOSE_METRICS) app.get("/metrics", metrics.serve);
  app.use("/dashboard", dashboardRouter(deps));

  const auth = [
    authenticate(deps.ledger),
    rateLimit(deps.redis, deps.config.QUEUE_PREFIX, deps.config.RATE_LIMIT_PER_SECOND),
  ];
  for (const op of deps.registry.operations) {
    app.get(op.path, ...auth, operationRoute(op, deps));
    app.all(op.path, () => {
      throw new ServiceError("method_not_allowed", `${op.path} only answers GET`, {
        details: { allow: "GET" },
      });
    });
  }
  app.use(jobsRouter(deps, auth));
  app.use(accountRouter(deps, auth));
  app.use(historyRouter(deps, auth));
  app.use(utilitiesRouter(deps, auth));
  app.use(notFound);
  app.use(errorHandler(deps.log));
  return app;
}

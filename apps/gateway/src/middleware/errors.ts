import { isStoreUnreachable, type Logger, ServiceError } from "@sda/core";
import type { ErrorRequestHandler, RequestHandler } from "express";
import { sendError, toServiceError } from "../respond.ts";
import { serviceUnavailable } from "../store-errors.ts";

/** Unknown paths: 404 `route_not_found` in the envelope. */
export const notFound: RequestHandler = (req, _res, next) => {
  next(
    new ServiceError(
      "route_not_found",
      `no operation at ${req.method} ${req.path}; see GET /v1/openapi.json`,
    ),
  );
};

/**
 * The one place errors become responses: a {@link ServiceError} is answered as itself; Redis or PostgreSQL out of
 * reach is a 503 `service_unavailable` (retryable); anything else is logged with its stack and answered as a 500
 * without internals (no stack traces to callers).
 */
export function errorHandler(log: Logger): ErrorRequestHandler {
  return (error, _req, res, _next) => {
    if (res.headersSent) return;
    // Express's own body/URI errors carry a 4xx status: they are the caller's, not ours.
    const status = (error as { status?: number }).status;
    if (!(error instanceof ServiceError) && status && status >= 400 && status < 500) {
      sendError(res, new ServiceError("invalid_parameter", "the request could not be read"));
      return;
    }
    if (!(error instanceof ServiceError) && isStoreUnreachable(error)) {
      log.warn({ err: error, requestId: res.locals.requestId }, "a store is unreachable; answered 503");
      sendError(res, serviceUnavailable());
      return;
    }
    if (!(error instanceof ServiceError))
      log.error({ err: error, requestId: res.locals.requestId }, "unhandled error");
    sendError(res, toServiceError(error));
  };
}

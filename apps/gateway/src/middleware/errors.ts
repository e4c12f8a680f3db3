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

/** The one place errors become HTTP responses: the envelope of {@link answeredError}. */
export function errorHandler(log: Logger): ErrorRequestHandler {
  return (error, _req, res, _next) => {
    if (res.headersSent) return;
    sendError(res, answeredError(error, log, res.locals.requestId));
  };
}

/**
 * What a caller is answered for anything thrown while serving it (the error handler, and the MCP endpoint's tool
 * results): a {@link ServiceError} as itself; Express's own 4xx body/URI errors as 400 `invalid_parameter`; Redis or
 * PostgreSQL out of reach as 503 `service_unavailable` (retryable); anything else logged with its stack and answered
 * as a 500 without internals.
 */
export function answeredError(error: unknown, log: Logger, requestId: unknown): ServiceError {
  if (error instanceof ServiceError) return error;
  // Express's own body/URI errors carry a 4xx status: they are the caller's, not ours.
  const status = (error as { status?: number }).status;
  if (status && status >= 400 && status < 500)
    return new ServiceError("invalid_parameter", "the request could not be read");
  if (isStoreUnreachable(error)) {
    log.warn({ err: error, requestId }, "a store is unreachable; answered 503");
    return serviceUnavailable();
  }
  log.error({ err: error, requestId }, "unhandled error");
  return toServiceError(error);
}

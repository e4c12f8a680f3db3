import { type Logger, newId } from "@sda/core";
import type { RequestHandler } from "express";
import { pinoHttp } from "pino-http";
import { locals } from "../respond.ts";

/**
 * Gives every request a `req_…` id (answered as `X-Service-Request-Id` on every response, success or error), the
 * other `X-Service-*` headers' defaults, and an access log line carrying the id (`pino-http`; left out when the logger
 * writes nothing at all, `LOG_LEVEL=silent`, since it builds a child logger per request either way).
 */
export function requestContext(log: Logger): RequestHandler[] {
  const assignId: RequestHandler = (_req, res, next) => {
    const requestId = newId("req");
    locals(res).requestId = requestId;
    // Defaults for answers that are not operation calls (status, OpenAPI, probes): nothing charged, no cache, served
    // by the gateway itself. Operation answers overwrite them.
    res.set({
      "X-Service-Request-Id": requestId,
      "X-Service-Credits": "0",
      "X-Service-Cache": "BYPASS",
      "X-Service-Source": "gateway",
    });
    next();
  };
  const access = pinoHttp({
    logger: log,
    genReqId: (_req, res) => locals(res as never).requestId,
    customProps: (_req, res) => ({ requestId: locals(res as never).requestId }),
    customLogLevel: (_req, res, error) =>
      error ? "error" : accessLogLevel(res.statusCode, locals(res as never).errorCode),
    // pino-http attaches a made-up Error ("failed with status code 502", a stack of its own frames) to every 5xx
    // line. The line carries the answered code instead: an unexpected error was already logged with its real stack
    // where it was caught (the error handler, the worker).
    customErrorObject: (_req, res, _error, line: Record<string, unknown>) => ({
      req: line.req,
      res: line.res,
      responseTime: line.responseTime,
      code: locals(res as never).errorCode,
    }),
    customErrorMessage: (_req, res) => answeredMessage(res.statusCode, locals(res as never).errorCode),
    customSuccessMessage: (_req, res) =>
      res.statusCode >= 400
        ? answeredMessage(res.statusCode, locals(res as never).errorCode)
        : "request completed",
    serializers: {
      req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
  if (!log.isLevelEnabled("fatal")) return [assignId];
  return [assignId, access as unknown as RequestHandler];
}

/** `answered 401 invalid_api_key`: the message of an access line for an answer in the error envelope. */
const answeredMessage = (status: number, code: string | undefined) =>
  `answered ${status} ${code ?? ""}`.trim();

/**
 * The level of an access line. An answer in the error envelope with a known code is the service doing its job, not
 * an incident: a platform's refusal or a store away (5xx) and a refused key (401/403) are `warn`, the caller's other
 * mistakes `info`. Only `internal_error`, or a 5xx without an envelope code, is `error`.
 */
export function accessLogLevel(status: number, errorCode: string | undefined): "info" | "warn" | "error" {
  if (status < 400) return "info";
  if (errorCode === undefined || errorCode === "internal_error") return status >= 500 ? "error" : "info";
  return status >= 500 || status === 401 || status === 403 ? "warn" : "info";
}

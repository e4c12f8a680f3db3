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
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? "error" : "info"),
    serializers: {
      req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
  if (!log.isLevelEnabled("fatal")) return [assignId];
  return [assignId, access as unknown as RequestHandler];
}

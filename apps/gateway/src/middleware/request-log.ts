import type { Logger } from "@sda/core";
import type { Ledger } from "@sda/ledger";
import type { RequestHandler } from "express";
import { locals } from "../respond.ts";

/**
 * Writes one request-log row per answered API call when the response finishes (operation, params, status, credits,
 * cache status, upstream source, duration, job id). Logging never delays or fails the answer.
 */
export function requestLog(ledger: Ledger, log: Logger): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    res.on("finish", () => {
      const l = locals(res);
      if (!req.path.startsWith("/v1/") || req.path === "/v1/openapi.json" || req.path === "/v1/status")
        return;
      ledger
        .logRequest({
          id: l.requestId,
          accountId: l.accountId ?? null,
          keyId: l.keyId ?? null,
          operation: l.operationId ?? null,
          method: req.method,
          path: req.path,
          params: l.params ?? {},
          status: res.statusCode,
          errorCode: l.errorCode ?? null,
          credits: l.credits ?? 0,
          cache: l.cache ?? "BYPASS",
          source: l.source ?? null,
          durationMs: Math.round(performance.now() - started),
          jobId: l.jobId ?? null,
        })
        .catch((error: unknown) =>
          log.warn({ err: error, requestId: l.requestId }, "request log write failed"),
        );
    });
    next();
  };
}

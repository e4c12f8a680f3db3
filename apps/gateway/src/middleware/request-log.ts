import type { RequestLogWriter } from "@sda/ledger";
import type { RequestHandler } from "express";
import { locals } from "../respond.ts";

/**
 * Buffers one request-log row per answered API call of an authenticated caller when the response finishes
 * (operation, params, status, cache status, upstream source, duration, job id, and the time the call arrived as its
 * `created_at`, not the time its batch is written); the {@link RequestLogWriter} writes them in batches, off the
 * request's path. The row is the access log of what was answered, written once (a call answered 202 stays 202); its
 * credits are its charge's, in the ledger. Refused authentications get no row (a flood of bad keys must cost no
 * database write; they are counted in metrics instead).
 */
export function requestLog(writer: RequestLogWriter): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    const createdAt = new Date();
    res.on("finish", () => {
      const l = locals(res);
      if (!l.accountId || !req.path.startsWith("/v1/")) return;
      writer.add({
        id: l.requestId,
        accountId: l.accountId,
        keyId: l.keyId ?? null,
        operation: l.operationId ?? null,
        method: req.method,
        path: req.path,
        // What the caller sent: the query (an operation route's own copy when it made one).
        params: l.params ?? { ...req.query },
        status: res.statusCode,
        errorCode: l.errorCode ?? null,
        cache: l.cache ?? "BYPASS",
        source: l.source ?? null,
        durationMs: Math.round(performance.now() - started),
        jobId: l.jobId ?? null,
        createdAt,
      });
    });
    next();
  };
}

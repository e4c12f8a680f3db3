import { type ErrorCodeTable, errorEnvelope, ServiceError } from "@sda/core";
import type { CacheStatus, JobResult } from "@sda/engine";
import type { JobStatus } from "@sda/queue";
import type { Response } from "express";

/** Response locals the gateway fills while handling a call (read by the request log). */
export interface CallLocals {
  requestId: string;
  accountId?: string;
  keyId?: string;
  operationId?: string;
  /** The query as the caller sent it (empty values left out), when the route made its own copy (operation calls). */
  params?: Record<string, unknown>;
  cache?: CacheStatus;
  source?: string;
  errorCode?: string;
  jobId?: string;
  /** The matched registry operation's path (`/v1/<platform>/<operation>`): the metrics' `route` label. */
  route?: string;
}

export function locals(res: Response): CallLocals {
  return res.locals as CallLocals;
}

/** What {@link sendSuccess} answers: the data, the `X-Service-*` values and extra envelope fields. */
export interface SuccessBody {
  data: unknown;
  /** The data already serialised as JSON (a cache hit's stored text): written into the answer as is, `data` unread. */
  dataJson?: string;
  credits: number;
  cache: CacheStatus;
  source: string;
  cachedAt?: string;
  envelope?: Record<string, unknown>;
  /** The account's balance after the call, in credits (`X-Service-Balance`), when known. */
  balance?: number;
}

/**
 * True when the envelope's extra fields can follow a spliced `data`: none of them is `success` or `data` (a spread
 * would overwrite those in place) nor an array index (JavaScript orders integer keys first).
 */
function spliceable(tail: Record<string, unknown>): boolean {
  return Object.keys(tail).every(
    (key) =>
      key !== "success" && key !== "data" && !(/^(0|[1-9]\d{0,9})$/.test(key) && Number(key) < 2 ** 32 - 1),
  );
}

/**
 * The SPEC §2.1 success envelope as JSON text: `success`, `data`, the envelope's extra fields, then `cached` and
 * `cachedAt` for a hit. A hit's stored data text is spliced in as is (no parse and re-serialisation); the key order
 * is the same either way.
 */
export function successJson(body: SuccessBody): string {
  const tail = { ...body.envelope, ...(body.cachedAt ? { cached: true, cachedAt: body.cachedAt } : {}) };
  if (body.dataJson === undefined || !spliceable(tail))
    return JSON.stringify({
      success: true,
      data: body.dataJson === undefined ? body.data : JSON.parse(body.dataJson),
      ...tail,
    });
  const rest = JSON.stringify(tail);
  return `{"success":true,"data":${body.dataJson}${rest === "{}" ? "}" : `,${rest.slice(1)}`}`;
}

/**
 * A 200 in the SPEC §2.1 envelope with the three `X-Service-*` headers of SPEC §4.1 (the request id is set earlier).
 * Written with Node's own `setHeader`/`end`: every call answers through it, and Express's `res.send` adds nothing
 * such an answer needs (ETags are off, the content type is fixed) for a measurable cost (a cache hit's gateway CPU
 * fell by ~8 %). A HEAD gets the headers without the body, as `res.send` would.
 */
export function sendSuccess(res: Response, body: SuccessBody) {
  const l = locals(res);
  l.cache = body.cache;
  l.source = body.source;
  const json = successJson(body);
  res.statusCode = 200;
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("X-Service-Credits", String(body.credits));
  res.setHeader("X-Service-Cache", body.cache);
  res.setHeader("X-Service-Source", body.source);
  if (body.balance !== undefined) res.setHeader("X-Service-Balance", String(body.balance));
  res.setHeader("Content-Length", Buffer.byteLength(json));
  res.end(res.req.method === "HEAD" ? undefined : json);
}

/** A non-2xx in the SPEC §7.1 envelope; `Retry-After` when the error says how long to wait. Nothing was charged. */
export function sendError(res: Response, error: ServiceError) {
  const l = locals(res);
  l.errorCode = error.code;
  if (error.retryAfterSeconds !== undefined) res.set("Retry-After", String(error.retryAfterSeconds));
  if (error.code === "method_not_allowed" && typeof error.details.allow === "string")
    res.set("Allow", error.details.allow);
  res.status(error.status).set("X-Service-Credits", "0").json(errorEnvelope(error, l.requestId));
}

/** Maps anything thrown to a {@link ServiceError}; unknown errors become a 500 without internals. */
export function toServiceError(error: unknown): ServiceError {
  if (error instanceof ServiceError) return error;
  return new ServiceError("internal_error", "the service failed to answer this call; it was not billed", {
    retryAfterSeconds: 5,
  });
}

/**
 * Answers a finished call: its error envelope, or a 200 with the data and the charge that was made (by the worker, or
 * by the engine for a billed cache hit), `cached`/`cachedAt` for a hit. An error answers the status it carries; one
 * written before errors carried it, its code's in `codes` (the wiring's composed table, `deps.errorCodes`).
 */
export function sendJobResult(res: Response, result: JobResult, codes: ErrorCodeTable) {
  if (!result.ok) {
    sendError(res, ServiceError.fromJSON(result.error, codes));
    return;
  }
  sendSuccess(res, {
    data: result.data,
    ...(result.dataJson !== undefined ? { dataJson: result.dataJson } : {}),
    credits: result.credits,
    cache: result.cache,
    source: result.source,
    ...(result.cachedAt ? { cachedAt: result.cachedAt } : {}),
    ...(result.envelope ? { envelope: result.envelope } : {}),
    ...(result.balance !== undefined ? { balance: result.balance } : {}),
  });
}

/** Seconds a caller should wait before polling a pending job again. */
export const POLL_AFTER_SECONDS = 5;

/** The 202 body of a call that outlived the deadline (and of a poll of a job still running). */
export function pollBody(jobId: string, status: JobStatus) {
  return {
    success: true,
    data: { jobId, status, pollUrl: `/v1/jobs/${jobId}`, retryAfterSeconds: POLL_AFTER_SECONDS },
  };
}

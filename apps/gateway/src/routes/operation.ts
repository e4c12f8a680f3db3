import { type OperationDefinition, parseParams } from "@sda/core";
import { insufficientCredits } from "@sda/ledger";
import type { JobPayload } from "@sda/queue";
import type { Request, RequestHandler, Response } from "express";
import type { GatewayDeps } from "../deps.ts";
import { principalOf } from "../middleware/auth.ts";
import { locals, sendJobResult, sendSuccess } from "../respond.ts";
import { pollBody } from "./jobs.ts";

/** Query values as strings (repeated keys stay arrays so the schema can refuse them). */
function rawQuery(req: Request): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(req.query))
    if (value !== "" && value !== undefined) raw[key] = value;
  return raw;
}

/** The raw parameters the schema knows (the job payload and the cache key); unknown keys are dropped. */
function knownParams(op: OperationDefinition, raw: Record<string, unknown>): Record<string, unknown> {
  const shape = (op.params as { shape?: Record<string, unknown> }).shape;
  if (!shape) return raw;
  return Object.fromEntries(Object.entries(raw).filter(([key]) => key in shape));
}

/**
 * The route of one registry operation: validate → cache → 402 check → enqueue and wait → answer.
 * Order matters for billing: nothing is enqueued (and nothing can be charged) before the parameters are valid and
 * the balance covers the call's known maximum price.
 */
export function operationRoute(op: OperationDefinition, deps: GatewayDeps): RequestHandler {
  return async (req: Request, res: Response) => {
    const principal = principalOf(res);
    const l = locals(res);
    l.operationId = op.id;
    const raw = rawQuery(req);
    l.params = raw;
    const params = parseParams(op.params, raw) as Record<string, unknown>;
    const keyParams = knownParams(op, raw);
    const cacheRequested = op.cache.mode === "always" || (op.cache.mode === "optIn" && params.cache === true);

    if (cacheRequested) {
      const hit = await deps.cache.get(op, keyParams);
      if (hit) {
        let credits = 0;
        if (op.price.billCacheHits) {
          credits = op.price.charge(params, hit);
          if (credits > 0)
            await deps.ledger.charge({
              accountId: principal.accountId,
              credits,
              requestId: l.requestId,
              operation: op.id,
            });
        }
        sendSuccess(res, {
          data: hit.data,
          credits,
          cache: "HIT",
          source: `cache:${hit.source}`,
          cachedAt: hit.cachedAt,
          ...(hit.envelope ? { envelope: hit.envelope } : {}),
        });
        return;
      }
    }

    const maxPrice = op.price.max(params);
    // principal.balance may be up to KEY_CACHE_TTL_MS old: a refusal is confirmed against the current balance.
    if (maxPrice !== null && principal.balance < maxPrice) {
      const balance = (await deps.ledger.balance(principal.accountId)) ?? 0;
      if (balance < maxPrice) throw insufficientCredits(maxPrice, balance);
    }

    const payload: JobPayload = {
      requestId: l.requestId,
      accountId: principal.accountId,
      keyId: principal.keyId,
      operationId: op.id,
      params: keyParams,
      cacheRequested,
      enqueuedAt: Date.now(),
    };
    const outcome = await deps.bridge.submit(op.queue, payload, deps.config.REQUEST_DEADLINE_MS);
    l.jobId = outcome.jobId;
    if (outcome.state === "pending") {
      res.status(202).json(pollBody(outcome.jobId, outcome.status));
      return;
    }
    sendJobResult(res, outcome.result);
  };
}

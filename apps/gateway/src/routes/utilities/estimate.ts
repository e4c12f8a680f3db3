import type { OperationSpec } from "@sda/contract";
import { ServiceError } from "@sda/core";
import {
  type EstimateResult,
  holdFor,
  type JobResult,
  submitEstimate,
  validateCallParams,
} from "@sda/engine";
import type { Principal } from "@sda/ledger";
import type { JobStatus } from "@sda/queue";
import type { Request } from "express";
import { z } from "zod";
import type { GatewayDeps } from "../../deps.ts";
import { outcomeAnswer, toolName } from "../../mcp/operation-tools.ts";
import { freeAnswer, queryValues } from "../../mcp/tool.ts";
import { locals, pollBody, sendJobResult } from "../../respond.ts";
import { defineRoute } from "../define-route.ts";
import { EstimateReads } from "./estimate-reads.ts";
import { callEstimate } from "./resources.ts";

/** Each gateway's {@link EstimateReads} (one per deps: its Redis and prefix). */
const readsOf = (() => {
  const made = new WeakMap<GatewayDeps, EstimateReads>();
  return (deps: GatewayDeps): EstimateReads => {
    let reads = made.get(deps);
    if (!reads) {
      reads = new EstimateReads(deps.redis, deps.config.QUEUE_PREFIX);
      made.set(deps, reads);
    }
    return reads;
  };
})();

/** Query of `GET /v1/utilities/estimate`: `path` plus the operation's own parameters (validated by its schema). */
export const estimateQuery = z
  .object({
    path: z.string().min(1).max(200).describe("The operation's path, e.g. `/v1/videosite/comments`."),
  })
  .catchall(z.unknown())
  .describe("Any other parameter is the operation's own, validated by its schema as a direct call would be.");

/** The answer of `GET /v1/utilities/estimate`, in whole credits (its schema is core's `callEstimate`). */
export type CallEstimate = z.infer<typeof callEstimate>;

/** Query values as strings, without `path`; repeated keys stay arrays so the schema refuses them. */
function operationQuery(req: Request): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(req.query))
    if (key !== "path" && value !== "" && value !== undefined) raw[key] = value;
  return raw;
}

/**
 * The price a call would have from its price rule alone: the least it can be charged (an empty result, SPEC §8
 * rule 1, for list prices) and the most (its hold, {@link holdFor}).
 */
export function ruleEstimate(op: OperationSpec, params: Record<string, unknown>): CallEstimate {
  const max = holdFor(op, params);
  const min = Math.min(op.price.max(params) === null ? 0 : op.price.charge(params, {}), max);
  const fixed = min === max && op.price.max(params) !== null;
  return {
    path: op.path,
    operation: op.id,
    pricing: fixed ? "fixed" : "range",
    credits: fixed ? max : null,
    min,
    max,
    describe: op.price.describe,
    cacheHitCredits: op.price.billCacheHits ? max : 0,
  };
}

/** What {@link estimateCall} came to: the estimate, the job of an estimate past the deadline, or its error. */
export type EstimateOutcome =
  | {
      state: "priced";
      data: CallEstimate;
      source: string;
      jobId: string | null;
      /** Answered from the estimate cache (no platform read). */
      cached?: boolean;
    }
  | { state: "pending"; jobId: string; status: JobStatus }
  | { state: "failed"; jobId: string | null; result: JobResult };

/**
 * What a call of `path` with these parameters would cost (REST `GET /v1/utilities/estimate`, the MCP tool
 * `estimate_cost`). Operations declaring `estimate` are priced by their estimate function, run as a 0-credit job on
 * their queue (nothing reserved) — a platform read nobody pays for, so it is cached and rate-limited per account
 * ({@link EstimateReads}).
 * @param raw the operation's own parameters as REST query values.
 * @throws ServiceError 400 `invalid_parameter` without `path`; 404 `route_not_found` for a path that is no
 *   operation; the operation's own 400/422s for its parameters; 429 `rate_limited` past the account's estimate reads.
 */
export async function estimateCall(
  deps: GatewayDeps,
  principal: Principal,
  requestId: string,
  path: unknown,
  raw: Record<string, unknown>,
): Promise<EstimateOutcome> {
  if (typeof path !== "string" || path === "")
    throw new ServiceError(
      "invalid_parameter",
      "path is required: the operation's path, e.g. /v1/videosite/comments",
      {
        details: { param: "path" },
      },
    );
  const op = deps.registry.byRoute("GET", path);
  if (!op)
    throw new ServiceError("route_not_found", `${path.slice(0, 200)} is not an operation of this service`, {
      details: { param: "path" },
    });
  const params = validateCallParams(op, raw);
  const estimate = ruleEstimate(op, params);
  if (!op.estimate) return { state: "priced", data: estimate, source: "utilities:price-rule", jobId: null };
  const reads = readsOf(deps);
  const hit = await reads.cached(op, params);
  if (hit) return { ...measuredOutcome(op, estimate, hit, null), cached: true };
  await reads.admit(principal.accountId);
  const outcome = await submitEstimate(op, params, principal, requestId, {
    bridge: deps.bridge,
    deadlineMs: deps.config.REQUEST_DEADLINE_MS,
  });
  if (outcome.state === "pending") return outcome;
  const { result } = outcome;
  if (!result.ok) return { state: "failed", jobId: outcome.jobId, result };
  // The estimate function's errors (e.g. 400 `duration_too_long`) are the result's.
  const measured = result.data as EstimateResult;
  await reads.store(op, params, measured);
  return measuredOutcome(op, estimate, measured, outcome.jobId);
}

/** The answer of a measured estimate (from its job, or from the estimate cache). */
function measuredOutcome(
  op: OperationSpec,
  estimate: CallEstimate,
  measured: EstimateResult,
  jobId: string | null,
): Extract<EstimateOutcome, { state: "priced" }> {
  const data: CallEstimate = {
    ...estimate,
    pricing: "measured",
    credits: measured.credits,
    min: measured.credits,
    max: measured.credits,
    cacheHitCredits: op.price.billCacheHits ? measured.credits : 0,
    ...(measured.durationSeconds === undefined ? {} : { durationSeconds: measured.durationSeconds }),
  };
  return { state: "priced", data, source: `utilities:${measured.source}`, jobId };
}

/** `estimate_cost`'s input: the platform tool to price, by its name, and its arguments. */
const estimateInput = z.object({
  tool: z.string().describe("The platform tool to price, e.g. `videosite_transcript`."),
  arguments: z
    .record(z.string(), z.unknown())
    .optional()
    .describe("The arguments that tool would be called with (validated as the call would validate them)."),
});

/**
 * `GET /v1/utilities/estimate` (free): what a call of `path` with these parameters would cost ({@link estimateCall});
 * an estimate past the deadline is answered 202 with its job, a failed one with the job's error.
 */
export const estimateRoute = defineRoute({
  method: "get",
  path: "/v1/utilities/estimate",
  operationId: "estimateCall",
  operation: "utilities.estimate",
  tag: "Utilities",
  summary: "What a call would cost, without making it. Free.",
  description:
    "Pass the operation's `path` and its own parameters (validated as a direct call would validate them). " +
    "`pricing: fixed` → `credits`; `range` → `min` (an empty result costs 0) to `max` (the credits held before the " +
    "call runs, e.g. per page or per result up to `limit`); `measured` → the audio transcript's price from the " +
    "video's duration, read from the platform like the call would (`durationSeconds`; over 90 minutes → 400 " +
    "`duration_too_long`). `cacheHitCredits` is what a result-cache hit costs.",
  query: estimateQuery,
  output: { "200": callEstimate },
  responses: {
    "200": "`{ path, operation, pricing, credits, min, max, describe, cacheHitCredits, durationSeconds? }`",
    "202": "the duration read outlived the deadline: poll `/v1/jobs/{jobId}`",
    "400": "the operation's parameter errors; duration_too_long, cost_exceeds_max (audio)",
    "401": "missing or invalid API key",
    "404": "route_not_found: path is no operation",
  },
  tool: {
    name: "estimate_cost",
    query: true,
    input: estimateInput,
    description:
      "What a platform tool call would cost, without making it. Free. Pass the tool's name and the arguments " +
      "you would call it with; the answer gives the credits it would charge (a range when the count of results " +
      'decides) and whether a cached answer would be free. Example: {"tool": "videosite_transcript", ' +
      '"arguments": {"url": "https://youtu.be/M4gD1WSo5mA"}}',
    readOnly: true,
    run: async (ctx, args) => {
      const tool = typeof args.tool === "string" ? args.tool : "";
      const path = ctx.deps.registry.operations.find((op) => toolName(op) === tool)?.path;
      if (!path)
        throw new ServiceError(
          "invalid_parameter",
          `tool must name a platform tool (got "${tool.slice(0, 100)}")`,
          {
            details: { param: "tool" },
          },
        );
      const given = args.arguments;
      const raw =
        given && typeof given === "object" && !Array.isArray(given)
          ? queryValues(given as Record<string, unknown>)
          : {};
      const outcome = await estimateCall(ctx.deps, ctx.principal, ctx.requestId, path, raw);
      if (outcome.state === "priced")
        return {
          ...freeAnswer(outcome.data, outcome.source),
          ...(outcome.jobId ? { jobId: outcome.jobId } : {}),
        };
      return outcomeAnswer(
        outcome.state === "pending"
          ? outcome
          : { state: "finished", jobId: outcome.jobId, result: outcome.result },
        ctx.deps.errorCodes,
      );
    },
  },
  handler: (deps) => async (call) => {
    const { req, res } = call;
    const l = locals(res);
    const outcome = await estimateCall(
      deps,
      call.principal(),
      l.requestId,
      req.query.path,
      operationQuery(req),
    );
    if (outcome.jobId) l.jobId = outcome.jobId;
    if (outcome.state === "pending") res.status(202).json(pollBody(outcome.jobId, outcome.status));
    else if (outcome.state === "failed") sendJobResult(res, outcome.result, deps.errorCodes);
    else return { data: outcome.data, cache: outcome.cached ? "HIT" : "BYPASS", source: outcome.source };
    return undefined;
  },
});

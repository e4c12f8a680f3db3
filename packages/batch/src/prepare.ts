import { createHash } from "node:crypto";
import { type OperationRegistry, parseParams } from "@sda/contract";
import { type ErrorCode, isServiceError, ServiceError } from "@sda/core";
import { holdFor } from "@sda/engine";
import { fail } from "./errors.ts";

/** Most calls one batch may carry. */
const MAX_BATCH_CALLS = 1000;
/** Longest `label`, in characters. */
const MAX_BATCH_LABEL = 200;

/** One validated call of a batch, ready to be stored. */
export interface PreparedCall {
  index: number;
  operationId: string;
  /** The operation's path, e.g. `/v1/videosite/transcript`. */
  path: string;
  /** The call's parameters as query strings (what a direct call would send; the worker parses them again). */
  params: Record<string, string>;
  /** Credits the worker will hold before running it (the call's maximum price, or 1 when only the run can tell). */
  holdCredits: number;
  /** The call's maximum price in credits, or null when only the run can price it (audio by duration). */
  maxCredits: number | null;
}

/** Why one item was refused, as `invalid_batch_item` lists it. */
export interface BatchItemProblem {
  index: number;
  /** A code of core's tables (the parameter checks answer only those). */
  code: string;
  /** The parameter at fault (`path`, `params`, or an operation parameter), or null. */
  param: string | null;
  message: string;
}

/** A submitted batch after validation. */
export interface PreparedBatch {
  calls: PreparedCall[];
  webhookUrl: string | null;
  label: string | null;
  /** Sum of the items' maximum prices, or null when one of them has none. */
  estimatedMaxCredits: number | null;
  /**
   * The smallest hold among items that can cost anything (credits); null when every item is free. Below it the batch
   * could not run a single paid item: 402 at submit.
   */
  cheapestHold: number | null;
}

const TOP_LEVEL_KEYS = new Set(["calls", "webhookUrl", "label"]);

function badBody(message: string, param: string, code: ErrorCode = "invalid_parameter"): ServiceError {
  return new ServiceError(code, message, { details: { param } });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Validates a `POST /v1/batch` body against the operation registry: every call's path must name an operation and its
 * parameters must pass that operation's schema, exactly as the same direct call would. Nothing is stored or billed.
 *
 * Parameter values may be JSON strings, numbers or booleans; they become the query strings a direct call would send.
 * Unknown parameters are ignored by the run, as for a direct call.
 *
 * @throws ServiceError 400 `invalid_parameter`/`missing_parameter`/`parameter_out_of_range` for the body's shape
 *   (`calls` not 1–1,000 items, unknown top-level keys, a non-string label), and 400 `invalid_batch_item` with
 *   `details.items: BatchItemProblem[]` (every bad item, by index) when any call is invalid.
 */
export function prepareBatch(body: unknown, registry: OperationRegistry): PreparedBatch {
  if (!isPlainObject(body)) throw badBody("the body must be a JSON object with `calls`", "body");
  for (const key of Object.keys(body))
    if (!TOP_LEVEL_KEYS.has(key))
      throw badBody(`unknown field \`${key}\`; a batch has calls, webhookUrl and label`, key);
  const { calls, webhookUrl, label } = body;
  if (calls === undefined) throw badBody("`calls` is required", "calls", "missing_parameter");
  if (!Array.isArray(calls)) throw badBody("`calls` must be an array of { path, params }", "calls");
  if (calls.length < 1 || calls.length > MAX_BATCH_CALLS)
    throw new ServiceError(
      "parameter_out_of_range",
      `a batch has 1 to ${MAX_BATCH_CALLS} calls; this one has ${calls.length}`,
      { details: { param: "calls", min: 1, max: MAX_BATCH_CALLS } },
    );
  if (webhookUrl !== undefined && typeof webhookUrl !== "string")
    throw badBody("`webhookUrl` must be a string", "webhookUrl");
  if (label !== undefined && typeof label !== "string") throw badBody("`label` must be a string", "label");
  if (typeof label === "string" && label.length > MAX_BATCH_LABEL)
    throw new ServiceError("parameter_out_of_range", `\`label\` has at most ${MAX_BATCH_LABEL} characters`, {
      details: { param: "label", max: MAX_BATCH_LABEL },
    });

  const prepared: PreparedCall[] = [];
  const problems: BatchItemProblem[] = [];
  calls.forEach((call, index) => {
    const result = prepareCall(call, index, registry);
    if ("problem" in result) problems.push(result.problem);
    else prepared.push(result.call);
  });
  if (problems.length > 0)
    throw fail(
      "invalid_batch_item",
      `${problems.length} of ${calls.length} calls are invalid; nothing was queued or billed`,
      { details: { items: problems } },
    );

  const maxima = prepared.map((c) => c.maxCredits);
  const paidHolds = prepared.filter((c) => c.maxCredits !== 0).map((c) => c.holdCredits);
  return {
    calls: prepared,
    webhookUrl: webhookUrl ?? null,
    label: label ?? null,
    estimatedMaxCredits: maxima.includes(null) ? null : maxima.reduce<number>((s, m) => s + (m ?? 0), 0),
    cheapestHold: paidHolds.length > 0 ? Math.min(...paidHolds) : null,
  };
}

function prepareCall(
  call: unknown,
  index: number,
  registry: OperationRegistry,
): { call: PreparedCall } | { problem: BatchItemProblem } {
  const problem = (code: string, param: string | null, message: string) => ({
    problem: { index, code, param, message },
  });
  if (!isPlainObject(call)) return problem("invalid_parameter", null, "a call is an object { path, params }");
  const unknown = Object.keys(call).find((key) => key !== "path" && key !== "params");
  if (unknown !== undefined)
    return problem("invalid_parameter", unknown, `unknown field \`${unknown}\`; a call has path and params`);
  const { path, params = {} } = call;
  if (typeof path !== "string" || path === "")
    return problem("missing_parameter", "path", "`path` is required, e.g. /v1/videosite/transcript");
  if (path.includes("?"))
    return problem("invalid_parameter", "path", "`path` has no query string; put parameters in `params`");
  const op = registry.byRoute("GET", path);
  if (!op) return problem("route_not_found", "path", `no operation at GET ${path}; see GET /v1/openapi.json`);
  if (!isPlainObject(params))
    return problem("invalid_parameter", "params", "`params` is an object of parameter values");
  const raw: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === "string") raw[name] = value;
    else if ((typeof value === "number" && Number.isFinite(value)) || typeof value === "boolean")
      raw[name] = String(value);
    else if (value !== null && value !== undefined)
      return problem("invalid_parameter", name, `\`${name}\` must be a string, number or boolean`);
  }
  let parsed: Record<string, unknown>;
  try {
    parsed = parseParams(op.params, raw) as Record<string, unknown>;
  } catch (error) {
    if (!isServiceError(error)) throw error;
    const param = typeof error.details.param === "string" ? error.details.param : null;
    return problem(error.code, param, error.message);
  }
  const max = op.price.max(parsed);
  return {
    call: {
      index,
      operationId: op.id,
      path: op.path,
      params: raw,
      holdCredits: holdFor(op, parsed),
      maxCredits: max ?? null,
    },
  };
}

/** JSON with object keys sorted at every level, so equal bodies hash equally whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (isPlainObject(value))
    return `{${Object.keys(value)
      .sort()
      .filter((k) => value[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`)
      .join(",")}}`;
  return JSON.stringify(value) ?? "null";
}

/** SHA-256 (hex) of a request body's canonical JSON: what an `Idempotency-Key` is bound to. */
export function requestHash(body: unknown): string {
  return createHash("sha256").update(canonicalJson(body)).digest("hex");
}

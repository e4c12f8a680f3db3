import { requestHash } from "@sda/batch";
import { anyErrorEnvelope, jobHandle, type OperationSpec } from "@sda/contract";
import { type ErrorCodeTable, ServiceError } from "@sda/core";
import type { CallOutcome } from "@sda/engine";
import { IDEMPOTENCY_TTL_SECONDS } from "@sda/ledger";
import { parametersSchema, standaloneSchema } from "@sda/openapi";
import { z } from "zod";
import { pollBody } from "../respond.ts";
import { type IdempotentOutcome, resolveIdempotently } from "../routes/idempotent-call.ts";
import { callOperation } from "../routes/operation.ts";
import { compactInputSchema, LIGHT_OUTPUT } from "./compact.ts";
import { splitIdempotencyKey, withIdempotencyKey } from "./idempotency.ts";
import { type McpTool, queryValues, READ_PLATFORM, type ToolAnswer } from "./tool.ts";

/** `videosite.channel-posts` → `videosite_channel_posts`: the MCP tool name of a registry operation. */
export function toolName(op: Pick<OperationSpec, "platform" | "name">): string {
  return `${op.platform}_${op.name}`.replaceAll("-", "_");
}

/**
 * The `outputSchema` of a tool whose result is an operation's `data`, or the job handle of a call past the deadline
 * (202), or the REST error of an `isError` result (clients validate every `structuredContent` against it).
 */
export function resultSchema(data: z.ZodType): Record<string, unknown> & { type: "object" } {
  const handle = (jobHandle as unknown as z.ZodObject).shape.data as z.ZodType;
  const error = (anyErrorEnvelope as unknown as z.ZodObject).shape.error as z.ZodType;
  return { type: "object", ...standaloneSchema(z.union([data, handle, error]), "output") };
}

/**
 * A call's engine outcome as a tool answer: its data, its error, or the 202 job handle. An error keeps the status it
 * carries; one written before errors carried it gets its code's in `codes` (the catalog's composed table).
 */
export function outcomeAnswer(outcome: CallOutcome, codes: ErrorCodeTable): ToolAnswer {
  const jobId = outcome.jobId ? { jobId: outcome.jobId } : {};
  if (outcome.state === "pending")
    return {
      ok: true,
      status: 202,
      data: pollBody(outcome.jobId, outcome.status).data,
      credits: 0,
      cache: "BYPASS",
      source: null,
      ...jobId,
    };
  const { result } = outcome;
  if (!result.ok) return { ok: false, error: ServiceError.fromJSON(result.error, codes), ...jobId };
  const data = result.dataJson === undefined ? result.data : JSON.parse(result.dataJson);
  const envelope = {
    ...result.envelope,
    ...(result.cachedAt ? { cached: true, cachedAt: result.cachedAt } : {}),
  };
  return {
    ok: true,
    status: 200,
    data: data as Record<string, unknown>,
    credits: result.credits,
    cache: result.cache,
    source: result.source,
    ...jobId,
    ...(result.balance !== undefined ? { balance: result.balance } : {}),
    ...(Object.keys(envelope).length ? { envelope } : {}),
  };
}

/**
 * The tool of one registry operation: `<platform>_<operation>`, its summary and price, its parameters as JSON Schema
 * (from the same zod schemas as the OpenAPI document, compacted: `compact.ts`), its light output schema (the full one
 * in `fullOutputSchema`, for `describe_output`). A call runs the REST pipeline
 * (`callOperation`): same validation, cache, reservation, worker, billing and request-log row.
 */
export function operationTool(op: OperationSpec): McpTool {
  return {
    operation: op.id,
    platform: op.platform,
    logsArguments: true,
    fullOutputSchema: resultSchema(op.output),
    definition: {
      name: toolName(op),
      // No title: the summary opens the description, and would be said twice in every tool.
      description: `${op.summary}\n\nPrice: ${op.price.describe}${op.price.billCacheHits ? "; cache hits are billed" : ""}.`,
      inputSchema: withIdempotencyKey(compactInputSchema(parametersSchema(op.params))),
      outputSchema: LIGHT_OUTPUT,
      annotations: READ_PLATFORM,
    },
    async run(ctx, args) {
      const { key, rest } = splitIdempotencyKey(args, ctx.idempotencyKey);
      const raw = queryValues(rest);
      const { admission } = await ctx.limit.admitKey(ctx.principal.keyId);
      const call = (jobId?: string) =>
        callOperation(op, raw, ctx.principal, ctx.requestId, ctx.deps, ctx.submit, {
          rawCacheData: false,
          channel: "mcp",
          ...(admission ? { admission } : {}),
          ...(jobId ? { submit: { jobId, keepSeconds: IDEMPOTENCY_TTL_SECONDS } } : {}),
        });
      if (!key) return outcomeAnswer(await call(), ctx.deps.errorCodes);
      // A replay answers without the plan; its admission is settled either way (no unhandled rejection).
      admission?.catch(() => undefined);
      const outcome = await resolveIdempotently(ctx.deps, {
        keyId: ctx.principal.keyId,
        accountId: ctx.principal.accountId,
        operation: op.id,
        idempotencyKey: key,
        hash: requestHash({ operation: op.id, params: raw }),
        requestId: ctx.requestId,
        run: call,
      });
      return idempotentAnswer(outcome, ctx.deps.errorCodes);
    },
  };
}

/** An idempotent call's outcome as a tool answer; a replay charges nothing (`_meta.replayed: true`). */
function idempotentAnswer(outcome: IdempotentOutcome, codes: ErrorCodeTable): ToolAnswer {
  const answer = outcomeAnswer(outcome, codes);
  if (!outcome.replayed) return answer;
  if (!answer.ok) return answer;
  return { ...answer, credits: 0, envelope: { ...answer.envelope, replayed: true } };
}

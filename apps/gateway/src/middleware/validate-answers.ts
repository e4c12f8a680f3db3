import {
  anyErrorEnvelope,
  errorEnvelopeSchema,
  jobHandle,
  type OperationRegistry,
  successEnvelopeSchema,
} from "@sda/contract";
import type { Logger } from "@sda/core";
import type { ServiceRouteDoc } from "@sda/openapi";
import type { RequestHandler, Response } from "express";
import type { z } from "zod";
import { locals } from "../respond.ts";
import { answerMismatches } from "./answer-mismatches.ts";
import { pathKey } from "./methods.ts";

/** The documented schemas of one route: its 2xx bodies by status and its error body. */
interface Documented {
  operation: string;
  success: (status: number) => z.ZodType | undefined;
  error: z.ZodType;
}

/** What each documented route answers, looked up by method and path. */
function documentedRoutes(registry: OperationRegistry, routes: readonly ServiceRouteDoc[]) {
  const operations = new Map<string, Documented>();
  for (const op of registry.operations) {
    const ok = successEnvelopeSchema(op.output);
    const error = errorEnvelopeSchema(op.errorCodes);
    operations.set(pathKey(op.path), {
      operation: op.id,
      success: (status) => (status === 200 ? ok : status === 202 ? jobHandle : undefined),
      error,
    });
  }
  const services = routes.map((doc) => {
    const pattern = new RegExp(`^${doc.path.replace(/\{\w+\}/g, "[^/]+")}/?$`, "i");
    const outputs = doc.output === undefined || "safeParse" in doc.output ? undefined : doc.output;
    const single = outputs ? undefined : (doc.output as z.ZodType | undefined);
    const documented: Documented = {
      operation: doc.operationId ?? `${doc.method.toUpperCase()} ${doc.path}`,
      success: (status) => {
        const data = outputs ? outputs[String(status)] : status in doc.responses ? single : undefined;
        if (data) return successEnvelopeSchema(data);
        return status === 202 && !outputs ? jobHandle : undefined;
      },
      error: anyErrorEnvelope,
    };
    return { method: doc.method.toUpperCase(), pattern, documented };
  });
  return (method: string, path: string): Documented | undefined =>
    (method === "GET" ? operations.get(pathKey(path)) : undefined) ??
    services.find((s) => s.method === method && s.pattern.test(path))?.documented;
}

/** The JSON text an answer was ended with, or undefined (no body, not JSON). */
function bodyText(res: Response, chunk: unknown): string | undefined {
  // JSON answers only: a batch's `format=jsonl` / `csv` download is not an envelope.
  if (!String(res.getHeader("content-type") ?? "").startsWith("application/json")) return undefined;
  if (typeof chunk === "string") return chunk;
  if (Buffer.isBuffer(chunk)) return chunk.toString("utf8");
  return undefined;
}

/**
 * `VALIDATE_RESPONSES`: checks every answer of a documented route against the schema the OpenAPI document gives it
 * (an operation's `output` in the success envelope, the 202 job handle, its error envelope with its closed code set)
 * and logs each mismatch with the operation, the status and the field's path. The answer is sent unchanged, never
 * turned into a 500: a mismatch is the document's bug or the extractor's, found in tests and the demo.
 */
export function validateAnswers(
  registry: OperationRegistry,
  routes: readonly ServiceRouteDoc[],
  log: Logger,
): RequestHandler {
  const find = documentedRoutes(registry, routes);
  return (req, res, next) => {
    const documented = find(req.method, req.path);
    if (!documented) return next();
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.end = ((...args: unknown[]) => {
      try {
        const text = bodyText(res, args[0]);
        const schema = res.statusCode >= 400 ? documented.error : documented.success(res.statusCode);
        if (text !== undefined && schema)
          for (const mismatch of answerMismatches(schema, JSON.parse(text)))
            log.warn(
              {
                operation: documented.operation,
                status: res.statusCode,
                field: mismatch.path,
                problem: mismatch.message,
                requestId: locals(res).requestId,
              },
              "answer does not match its documented schema",
            );
      } catch (error) {
        log.warn({ err: error, operation: documented.operation }, "answer could not be checked");
      }
      return end(...args);
    }) as typeof res.end;
    next();
  };
}

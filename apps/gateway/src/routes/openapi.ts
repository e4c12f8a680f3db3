import type { OperationRegistry } from "@sda/core";
import type { Router } from "express";
import express from "express";
import { z } from "zod";
import type { ServiceRouteDoc } from "./service-docs.ts";

type JsonSchema = { properties?: Record<string, Record<string, unknown>>; required?: string[] };

/** Query parameters of a zod object, from its input side. */
function queryParameters(params: z.ZodType) {
  const schema = z.toJSONSchema(params, { io: "input", unrepresentable: "any" }) as JsonSchema;
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    in: "query",
    required: schema.required?.includes(name) ?? false,
    schema: property,
  }));
}

/** Path parameters named in an OpenAPI path (`/v1/batch/{batchId}` → batchId). */
function pathParameters(path: string) {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({
    name: m[1],
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
}

/** The OpenAPI operation object of a service-group route. */
function serviceOperation(doc: ServiceRouteDoc) {
  return {
    tags: [doc.tag],
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    parameters: [...pathParameters(doc.path), ...(doc.query ? queryParameters(doc.query) : [])],
    ...(doc.body
      ? {
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: z.toJSONSchema(doc.body, { io: "input", unrepresentable: "any" }),
              },
            },
          },
        }
      : {}),
    ...(doc.authenticated === false ? {} : { security: [{ bearer: [] }, { apiKey: [] }] }),
    responses: Object.fromEntries(Object.entries(doc.responses).map(([s, d]) => [s, { description: d }])),
  };
}

/**
 * Builds the OpenAPI 3.1 document from the operation registry (one GET per operation with its query parameters from
 * the zod schema's input side, its price rule and its cache policy) and the service groups' route docs. Nothing here
 * is written by hand per operation or route.
 */
export function buildOpenApi(registry: OperationRegistry, serviceRoutes: readonly ServiceRouteDoc[] = []) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const doc of serviceRoutes) {
    paths[doc.path] ??= {};
    (paths[doc.path] as Record<string, unknown>)[doc.method] = serviceOperation(doc);
  }
  for (const op of registry.operations) {
    const parameters = queryParameters(op.params);
    paths[op.path] = {
      get: {
        operationId: op.id,
        tags: [op.tag],
        summary: op.summary,
        description: `Price: ${op.price.describe}. Cache: ${op.cache.mode}. Queue: ${op.queue}.`,
        parameters,
        security: [{ bearer: [] }, { apiKey: [] }],
        responses: Object.fromEntries(
          ["200", "202", "400", "401", "402", "404", "422", "429", "502"].map((s) => [s, { description: s }]),
        ),
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: { title: "Public social data API", version: "0.1.0" },
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer" },
        apiKey: { type: "apiKey", in: "header", name: "X-API-Key" },
      },
    },
    paths,
  };
}

/** `GET /v1/openapi.json` (unauthenticated). */
export function openApiRouter(
  registry: OperationRegistry,
  serviceRoutes: readonly ServiceRouteDoc[] = [],
): Router {
  const document = buildOpenApi(registry, serviceRoutes);
  const router = express.Router();
  router.get("/v1/openapi.json", (_req, res) => {
    res.json(document);
  });
  return router;
}

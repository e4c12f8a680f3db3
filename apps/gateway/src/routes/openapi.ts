import type { OperationRegistry } from "@sda/core";
import type { Router } from "express";
import express from "express";
import { z } from "zod";
import { accountOpenApiPaths } from "./account/openapi.ts";

type JsonSchema = { properties?: Record<string, Record<string, unknown>>; required?: string[] };

/**
 * Builds the OpenAPI 3.1 document from the operation registry: one GET per operation with its query parameters (from
 * the zod schema's input side), its price rule and its cache policy. Nothing here is written by hand per operation.
 */
export function buildOpenApi(registry: OperationRegistry) {
  const paths: Record<string, unknown> = {};
  for (const op of registry.operations) {
    const schema = z.toJSONSchema(op.params, { io: "input", unrepresentable: "any" }) as JsonSchema;
    const parameters = Object.entries(schema.properties ?? {}).map(([name, property]) => ({
      name,
      in: "query",
      required: schema.required?.includes(name) ?? false,
      schema: property,
    }));
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
  Object.assign(paths, accountOpenApiPaths());
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
export function openApiRouter(registry: OperationRegistry): Router {
  const document = buildOpenApi(registry);
  const router = express.Router();
  router.get("/v1/openapi.json", (_req, res) => {
    res.json(document);
  });
  return router;
}

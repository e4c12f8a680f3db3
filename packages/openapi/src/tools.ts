import type { OperationSpec } from "@sda/contract";
import { z } from "zod";
import { queryParameters } from "./parameters.ts";
import { bare, type JsonSchema, SchemaSet, tidy } from "./schemas.ts";

/**
 * JSON Schemas for tool catalogs (the gateway's MCP server): the same zod → JSON Schema conversion as the OpenAPI
 * document, but each schema self-contained (named schemas inside are local `$defs`, no `#/components` reference),
 * since a tool's `inputSchema`/`outputSchema` stands alone.
 */

/**
 * A self-contained JSON Schema (2020-12) of `schema`: `io` input for what callers send, output for what they get;
 * objects open (unlisted properties allowed), as in the published document. A named schema at the top (zod writes
 * `{ $ref, $defs }` for a recursive one) is written out there, beside its `$defs`, so the root says its own `type`.
 */
export function standaloneSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const json = bare(
    z.toJSONSchema(schema, {
      io,
      unrepresentable: "any",
      override: tidy("open"),
      metadata: z.globalRegistry,
    }) as JsonSchema,
  );
  const {
    $ref: ref,
    $defs: defs,
    ...rest
  } = json as JsonSchema & { $ref?: string; $defs?: Record<string, JsonSchema> };
  const root = typeof ref === "string" && ref.startsWith("#/$defs/") ? defs?.[ref.slice(8)] : undefined;
  return root ? { ...root, ...rest, $defs: defs } : json;
}

/**
 * An operation's parameters as one JSON Schema object (a tool's `inputSchema`): each property as the OpenAPI
 * document publishes the query parameter (its meaning, default and bounds in `description`), `required` as there.
 * Values are the REST query's strings (`"true"`, `"20"`).
 */
export function parametersSchema(params: z.ZodType): JsonSchema {
  const parameters = queryParameters(params, new SchemaSet("open"));
  return {
    type: "object",
    properties: Object.fromEntries(
      parameters.map((p) => [p.name, { ...p.schema, description: p.description }]),
    ),
    required: parameters.filter((p) => p.required).map((p) => p.name),
  };
}

/**
 * The price of an operation in words, as the document's description gives it: its rule, that errors are never
 * billed, and what a cache hit costs (e.g. "1 credit per call; errors are never billed; cache hits are free").
 */
export function priceSentence(op: OperationSpec): string {
  return (
    `${op.price.describe}; errors are never billed` +
    `${op.price.billCacheHits ? "; cache hits are billed" : "; cache hits are free"}`
  );
}

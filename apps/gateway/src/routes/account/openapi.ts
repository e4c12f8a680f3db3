import { dailyUsageQuerySchema, ledgerQuerySchema, usageQuerySchema } from "@sda/core";
import { z } from "zod";

type JsonSchema = { properties?: Record<string, Record<string, unknown>>; required?: string[] };

function queryParameters(schema: z.ZodType) {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: "query",
    required: json.required?.includes(name) ?? false,
    schema: property,
  }));
}

function get(operationId: string, summary: string, schema: z.ZodType | null) {
  return {
    get: {
      operationId,
      tags: ["account"],
      summary,
      description: "Free (0 credits). Only the key's own account is ever read.",
      parameters: schema ? queryParameters(schema) : [],
      security: [{ bearer: [] }, { apiKey: [] }],
      responses: Object.fromEntries(["200", "400", "401", "429"].map((s) => [s, { description: s }])),
    },
  };
}

/** The OpenAPI paths of the Account group, from the same zod schemas the routes validate with. */
export function accountOpenApiPaths(): Record<string, unknown> {
  return {
    "/v1/account": get(
      "account.get",
      "The account: email, plan limits, balance (credits), creation time, calls and credits of the last 24 h",
      null,
    ),
    "/v1/account/usage": get(
      "account.usage",
      "The request log, newest first, cursor-paginated; filter by from/to (ISO 8601), operation, status",
      usageQuerySchema,
    ),
    "/v1/account/usage/daily": get(
      "account.usage-daily",
      "Calls, successful calls and credits per UTC day and operation",
      dailyUsageQuerySchema,
    ),
    "/v1/account/ledger": get(
      "account.ledger",
      "Ledger entries (signed credits, balanceAfter), newest first; their sum is the balance",
      ledgerQuerySchema,
    ),
  };
}

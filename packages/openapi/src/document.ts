import {
  anyErrorEnvelope,
  jobHandle,
  type OperationRegistry,
  type OperationSpec,
  successEnvelopeSchema,
} from "@sda/contract";
import type { z } from "zod";
import { operationId, pascalCase, serviceOperationId } from "./names.ts";
import { pathParameters, queryParameters } from "./parameters.ts";
import {
  errorResponse,
  HEADERS,
  OPERATION_ERROR_STATUSES,
  SHARED_RESPONSES,
  successHeaders,
} from "./responses.ts";
import type { ServiceRouteDoc } from "./route-doc.ts";
import { type JsonSchema, type Openness, SchemaSet } from "./schemas.ts";
import { priceSentence } from "./tools.ts";
import { type WebhookDoc, webhookItems } from "./webhooks.ts";

/** What the document is built from. */
export interface OpenApiInput {
  registry: OperationRegistry;
  /** The service groups' routes (Account, Batch, History, Monitors, Status, Utilities, jobs). */
  serviceRoutes?: readonly ServiceRouteDoc[];
  /** What the service POSTs to callers (monitor items, batch completion, test deliveries). */
  webhooks?: readonly WebhookDoc[];
  /** One real `data` answer per operation id (`videosite.transcript`), published as the 200's example. */
  examples?: Readonly<Record<string, unknown>>;
  /** `open` (default): the published document; `closed`: tests, where unlisted answer fields fail. */
  openness?: Openness;
}

/** Descriptions of the SPEC §1 groups; platform tags are described by their name. */
const GROUP_TAGS: Record<string, string> = {
  Account: "The key's account: balance, plan limits, request log, ledger. Free.",
  Batch: "Many calls in one submission, run in the background; poll or receive a webhook when done.",
  History:
    "Stored metric time series of resources (views, followers, scores), recorded by every details call.",
  Monitors: "Scheduled re-runs of an operation that POST new items to the caller's webhook.",
  Status: "Service health per platform and operation. No key needed.",
  Utilities: "Free helpers: which operation takes a URL, what a call would cost.",
  Jobs: "Final answers of calls answered 202.",
};

const SECURITY = [{ bearer: [] }, { apiKey: [] }];

/** The success envelope around each `data` schema, built once (a component name belongs to one schema). */
const ENVELOPES = new WeakMap<z.ZodType, z.ZodType>();

function envelopeOf(data: z.ZodType): z.ZodType {
  let envelope = ENVELOPES.get(data);
  if (!envelope) {
    envelope = successEnvelopeSchema(data);
    ENVELOPES.set(data, envelope);
  }
  return envelope;
}

/** The optional `Idempotency-Key` header every registry operation takes (README "Retry-safe calls"). */
const IDEMPOTENCY_KEY_HEADER = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description:
    "Makes retries safe for 24 h (per API key): the same request again answers the first call's answer with " +
    "`Idempotent-Replayed: true` and no second charge, also when the first caller never got it; another request " +
    "with the key is 422 `idempotency_key_reused`.",
  schema: { type: "string", minLength: 1, maxLength: 255 },
} as const;

/** The registry operation's OpenAPI object: parameters, price, 200/202, its errors with its closed code set. */
function registryOperation(op: OperationSpec, schemas: SchemaSet, example: unknown) {
  const name = pascalCase(op.id);
  const data = schemas.named(op.output as z.ZodType, name);
  const envelope = schemas.named(envelopeOf(data), `${name}Response`);
  const errorRef = `#/components/schemas/${name}Error`;
  const cache =
    op.cache.mode === "always"
      ? `cache-first for every caller (${op.cache.ttlSeconds} s)`
      : op.cache.mode === "optIn"
        ? "opt-in with `cache=true` (24 h)"
        : "never cached";
  return {
    operationId: operationId(op.id),
    tags: [op.tag],
    summary: shortSummary(op.summary),
    description: `${op.summary}\n\n**Price:** ${priceSentence(op)}. **Cache:** ${cache}.`,
    "x-credits": { price: op.price.describe, billsCacheHits: op.price.billCacheHits },
    parameters: [...queryParameters(op.params, schemas), IDEMPOTENCY_KEY_HEADER],
    security: SECURITY,
    responses: {
      "200": {
        description: "The result in the success envelope `{ success: true, data }`.",
        headers: successHeaders(true),
        content: {
          "application/json": {
            schema: schemas.ref(envelope),
            ...(example === undefined ? {} : { example: { success: true, data: example } }),
          },
        },
      },
      "202": { $ref: "#/components/responses/Accepted" },
      ...Object.fromEntries(OPERATION_ERROR_STATUSES.map((s) => [s, errorResponse(s, errorRef)])),
      default: errorResponse(
        "default",
        errorRef,
        "Any other error status (405, 409, 431…), in the same envelope.",
      ),
    },
  };
}

/**
 * A heading-sized summary of an operation: its summary up to the first `:`, `;` or `(` (the whole summary is the
 * description), e.g. "Transcript of a video from its caption tracks".
 */
function shortSummary(summary: string): string {
  const head =
    summary
      .split(/:\s|;\s|\s\(/)[0]
      ?.trim()
      .replace(/\.$/, "") ?? summary;
  return head.length >= 6 ? head : summary;
}

/** The error schema of one operation: the shared envelope with the operation's closed set of codes. */
function operationErrorSchema(codes: readonly string[]): JsonSchema {
  return {
    description: "The shared error envelope; `error.code` is one of this operation's codes.",
    allOf: [
      { $ref: "#/components/schemas/ErrorEnvelope" },
      {
        type: "object",
        properties: { error: { type: "object", properties: { code: { type: "string", enum: [...codes] } } } },
      },
    ],
  };
}

/** The OpenAPI object of a service-group route. */
function serviceOperation(doc: ServiceRouteDoc, schemas: SchemaSet) {
  const authenticated = doc.authenticated !== false;
  const id = doc.operationId ?? serviceOperationId(doc.method, doc.path);
  const outputs = doc.output === undefined || "safeParse" in doc.output ? undefined : doc.output;
  const responses: Record<string, unknown> = {};
  for (const [status, description] of Object.entries(doc.responses)) {
    if (!status.startsWith("2")) {
      responses[status] = errorResponse(status, "#/components/schemas/ErrorEnvelope", description);
      continue;
    }
    const data = (outputs ? outputs[status] : (doc.output as z.ZodType | undefined)) ?? undefined;
    if (!data && status === "202") {
      responses[status] = { $ref: "#/components/responses/Accepted" };
      continue;
    }
    const body = data
      ? schemas.ref(schemas.named(envelopeOf(data), `${pascalCase(id)}Response`))
      : { type: "object" };
    responses[status] = {
      description,
      headers: successHeaders(authenticated),
      content: { "application/json": { schema: body } },
    };
  }
  if (authenticated) {
    responses["401"] ??= errorResponse("401", "#/components/schemas/ErrorEnvelope");
    responses["429"] ??= errorResponse("429", "#/components/schemas/ErrorEnvelope");
  }
  responses.default = errorResponse(
    "default",
    "#/components/schemas/ErrorEnvelope",
    "Any other error status, in the same envelope.",
  );
  return {
    operationId: id,
    tags: [doc.tag],
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    parameters: [
      ...pathParameters(doc.path, doc.pathParams),
      ...(doc.query ? queryParameters(doc.query, schemas) : []),
    ],
    ...(doc.body
      ? {
          requestBody: {
            required: true,
            content: { "application/json": { schema: schemas.inline(doc.body, "input") } },
          },
        }
      : {}),
    security: authenticated ? SECURITY : [],
    responses,
  };
}

/**
 * Builds the OpenAPI 3.1 document from the operation registry (one GET per operation: parameters from the params'
 * input side, the `output` schema as the 200's `data`, its closed error codes, price and cache) and the service
 * groups' route docs. Nothing here is written per operation.
 * @throws Error when two operations get one operationId or two schemas one component name.
 */
export function buildOpenApi(input: OpenApiInput) {
  const schemas = new SchemaSet(input.openness ?? "open");
  const paths: Record<string, Record<string, unknown>> = {};
  const ids = new Set<string>();
  const claim = (id: string) => {
    if (ids.has(id)) throw new Error(`operationId ${id} is used twice`);
    ids.add(id);
  };
  const errorSchemas: Record<string, JsonSchema> = {};
  for (const doc of input.serviceRoutes ?? []) {
    const operation = serviceOperation(doc, schemas);
    claim(operation.operationId);
    paths[doc.path] ??= {};
    (paths[doc.path] as Record<string, unknown>)[doc.method] = operation;
  }
  for (const op of input.registry.operations) {
    const operation = registryOperation(op, schemas, input.examples?.[op.id]);
    claim(operation.operationId);
    errorSchemas[`${pascalCase(op.id)}Error`] = operationErrorSchema(op.errorCodes);
    paths[op.path] = { get: operation };
  }
  schemas.ref(anyErrorEnvelope);
  schemas.ref(jobHandle);
  const webhooks = webhookItems(input.webhooks ?? [], schemas);
  const tags = [...new Set(Object.values(paths).flatMap((p) => Object.values(p).flatMap((o) => tagsOf(o))))];
  const body = { paths, webhooks };
  return {
    openapi: "3.1.0",
    info: {
      title: "Public social data API",
      version: "0.1.0",
      summary: "Public data of social platforms as JSON over REST: one API key, credits per call.",
      description:
        "Every data operation is a GET answering the success envelope `{ success, data }`; errors answer " +
        "`{ success: false, error: { code, message, retryable, requestId } }` and are never billed. Calls run " +
        "synchronously up to 110 s; a longer call answers 202 with a job to poll. Any platform field can be null " +
        "when the platform does not expose it.",
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
    },
    servers: [
      { url: "/", description: "The service this document was read from." },
      {
        url: "{baseUrl}",
        description: "Your deployment of the service.",
        variables: { baseUrl: { default: "http://localhost:3000", description: "Scheme, host and port." } },
      },
    ],
    tags: tags.map((name) => ({
      name,
      description: GROUP_TAGS[name] ?? `Operations of the ${name} platform.`,
    })),
    security: SECURITY,
    paths,
    ...(Object.keys(webhooks).length ? { webhooks } : {}),
    components: {
      schemas: schemas.components(body, errorSchemas),
      responses: SHARED_RESPONSES,
      headers: HEADERS,
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "`Authorization: Bearer <API_KEY>`." },
        apiKey: { type: "apiKey", in: "header", name: "X-API-Key", description: "`X-API-Key: <API_KEY>`." },
      },
    },
  };
}

function tagsOf(operation: unknown): string[] {
  return ((operation as { tags?: string[] }).tags ?? []).filter((t) => typeof t === "string");
}

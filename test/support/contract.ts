import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { registry } from "@sda/catalog";
import { serviceOpenApi } from "@sda/gateway/openapi";
import { examplesDir, shortened } from "@sda/openapi";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

/**
 * The contract check of every answer the test suites receive: an independent JSON Schema 2020-12 validator (Ajv, with
 * formats asserted) over the service's own OpenAPI document, in its `closed` form (an answered field the document
 * does not list fails too). `stack.get` and `send` run it on every answer, so each HTTP suite proves the document
 * against the corpus answers it already asserts on.
 */

type Json = Record<string, unknown>;

const BASE = "https://contract.test/openapi.json";
const document = serviceOpenApi(undefined, "closed") as unknown as Json & {
  paths: Record<string, Record<string, Json>>;
  webhooks: Record<string, { post: Json }>;
  components: { responses: Record<string, Json> };
};
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema({ $id: BASE, components: document.components });

/** Each documented path as a pattern (`/v1/batch/{batchId}` → `/v1/batch/[^/]+`), registry paths case-insensitive. */
const routes = Object.entries(document.paths).map(([template, operations]) => ({
  pattern: new RegExp(`^${template.replace(/\{\w+\}/g, "[^/]+")}/?$`, "i"),
  operations,
}));

const compiled = new Map<string, ValidateFunction | null>();

/** The schema of `status`'s JSON body for `method path`, or null when the document does not describe that answer. */
function validatorFor(method: string, path: string, status: number): ValidateFunction | null {
  const route = routes.find((r) => r.pattern.test(path));
  const operation = route?.operations[method.toLowerCase()];
  if (!operation) return null;
  const key = `${method} ${route?.pattern.source} ${status}`;
  if (compiled.has(key)) return compiled.get(key) ?? null;
  const responses = operation.responses as Record<string, Json>;
  let response = responses[String(status)] ?? (status >= 400 ? responses.default : undefined);
  const ref = response?.$ref as string | undefined;
  if (ref) response = document.components.responses[ref.split("/").pop() ?? ""];
  const schema = (response?.content as Record<string, { schema?: Json }> | undefined)?.["application/json"]
    ?.schema;
  const validate = schema
    ? ajv.compile({ $id: `${BASE}/answers/${compiled.size}`, ...rebase(schema) })
    : null;
  compiled.set(key, validate);
  return validate;
}

/** A response schema's local `#/components/…` references, pointed at the document registered as {@link BASE}. */
function rebase(schema: Json): Json {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${BASE}#/components/`)) as Json;
}

/**
 * Throws when a JSON answer departs from what the OpenAPI document says `method path` answers with `status` (every
 * field path and problem listed). Answers of undocumented routes or statuses, and non-JSON bodies, are not checked.
 */
export function expectDocumentedAnswer(method: string, path: string, status: number, body: unknown): void {
  if (typeof body !== "object" || body === null) return;
  const pathname = new URL(path, "http://x").pathname;
  const validate = validatorFor(method, pathname, status);
  if (validate?.(body)) {
    if (process.env.UPDATE_EXAMPLES && status === 200) recordExample(pathname, body);
    return;
  }
  if (!validate) return;
  const problems = (validate.errors ?? [])
    .slice(0, 10)
    .map((e) => `  ${e.instancePath || "/"} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ""}`);
  throw new Error(
    `${method} ${path} answered ${status} with a body its OpenAPI schema refuses:\n${problems.join("\n")}`,
  );
}

/**
 * Throws when a webhook body departs from what the document's `webhooks.<event>` says the service POSTs.
 * @param event the event type (`monitor.items`, `monitor.test`, `batch.completed`).
 */
export function expectDocumentedEvent(event: string, body: unknown): void {
  const content = document.webhooks[event]?.post.requestBody as
    | { content: Record<string, { schema: Json }> }
    | undefined;
  const schema = content?.content["application/json"]?.schema;
  if (!schema) throw new Error(`the document has no webhook ${event}`);
  // Compiled once per event for the process: the files of a worker share this module (vitest `isolate: false`).
  const id = `${BASE}/events/${event}`;
  const validate = ajv.getSchema(id) ?? ajv.compile({ $id: id, ...rebase(schema) });
  if (!validate(body))
    throw new Error(
      `webhook ${event} refused by its schema: ${JSON.stringify(validate.errors?.slice(0, 5))}`,
    );
}

/**
 * `UPDATE_EXAMPLES=1`: keeps the first valid 200 answer of each registry operation as its example in the document
 * (`packages/openapi/examples/<operation id>.json`, shortened; an existing example is kept).
 */
function recordExample(pathname: string, body: unknown): void {
  const op = registry.byRoute("GET", pathname);
  if (!op) return;
  const file = path.join(examplesDir(), `${op.id}.json`);
  if (existsSync(file)) return;
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(shortened((body as { data: unknown }).data), null, 2)}\n`);
}

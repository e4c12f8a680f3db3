import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";

/** The parts of an OpenAPI 3.1 document the CLI reads. */
export interface OpenApiDocument {
  info?: { title?: string; version?: string };
  paths: Record<string, Record<string, unknown>>;
}

interface OperationObject {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: ParameterObject[];
  requestBody?: unknown;
  security?: unknown[];
  responses?: Record<string, unknown>;
}

interface ParameterObject {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: { type?: string | string[]; enum?: unknown[]; default?: unknown };
}

/** An operation parameter as a command-line option. */
export interface Param {
  /** The name in the document (`url`, `monitorId`, `Idempotency-Key`). */
  name: string;
  /** The option, kebab-case without dashes (`url`, `monitor-id`, `idempotency-key`). */
  flag: string;
  in: "query" | "path" | "header";
  required: boolean;
  description: string;
  /** The schema's type (`string`, `integer`, `boolean`, `array`…). */
  type: string;
  enum: string[] | undefined;
  default: unknown;
}

/** One command: an operation of the document. */
export interface Command {
  /** The first tag, lower-case: the platform (`videosite`) or the service group (`account`, `batch`). */
  group: string;
  /** The operationId in kebab-case without its group (`transcript`, `get-batch`). */
  name: string;
  method: "get" | "post" | "put" | "patch" | "delete";
  /** The path template (`/v1/batch/{batchId}`). */
  path: string;
  summary: string;
  description: string;
  params: Param[];
  /** Takes a JSON request body (`--body`). */
  body: boolean;
  /** Needs an API key (the document's `security` is not empty). */
  authenticated: boolean;
  /** A list operation: it takes a `cursor` (`--all` follows `nextCursor`). */
  paged: boolean;
}

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

/** `monitorId` → `monitor-id`, `Idempotency-Key` → `idempotency-key`, `videositeTranscript` → `videosite-transcript`. */
export function kebabCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .toLowerCase();
}

function paramOf(parameter: ParameterObject): Param | undefined {
  if (parameter.in !== "query" && parameter.in !== "path" && parameter.in !== "header") return undefined;
  const type = parameter.schema?.type;
  return {
    name: parameter.name,
    flag: kebabCase(parameter.name),
    in: parameter.in,
    required: parameter.required === true,
    description: parameter.description ?? "",
    type: (Array.isArray(type) ? type.find((t) => t !== "null") : type) ?? "string",
    enum: parameter.schema?.enum?.map(String),
    default: parameter.schema?.default,
  };
}

/**
 * Every command of the document, grouped by first tag: one per operation (path and method), its options from the
 * operation's query, path and header parameters. Operations without a tag or operationId are left out.
 * @returns group → its commands, groups and commands in the document's order.
 */
export function commandsOf(document: OpenApiDocument): Map<string, Command[]> {
  const groups = new Map<string, Command[]>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method] as OperationObject | undefined;
      const tag = operation?.tags?.[0];
      if (!operation?.operationId || !tag) continue;
      const group = tag.toLowerCase();
      const id = kebabCase(operation.operationId);
      const params = (operation.parameters ?? []).flatMap((p) => paramOf(p) ?? []);
      const command: Command = {
        group,
        name: id.startsWith(`${group}-`) ? id.slice(group.length + 1) : id,
        method,
        path,
        summary: operation.summary ?? "",
        description: operation.description ?? "",
        params,
        body: operation.requestBody !== undefined,
        authenticated: operation.security === undefined || operation.security.length > 0,
        paged: params.some((p) => p.name === "cursor" && p.in === "query"),
      };
      const list = groups.get(group) ?? [];
      list.push(command);
      groups.set(group, list);
    }
  }
  return groups;
}

/** Where the document came from: the service itself, or the copy shipped with @sda/client. */
export type DocumentSource = "service" | "client";

/**
 * The service's OpenAPI document (`GET <baseUrl>/v1/openapi.json`, 5 s at most), or, when the service cannot be
 * reached, the one @sda/client was generated from (`@sda/client/openapi.json`), so help works offline.
 */
export async function loadDocument(
  baseUrl: string,
): Promise<{ document: OpenApiDocument; source: DocumentSource }> {
  try {
    const response = await fetch(`${baseUrl}/v1/openapi.json`, { signal: AbortSignal.timeout(5000) });
    if (response.ok) {
      const document = (await response.json()) as OpenApiDocument;
      if (document && typeof document.paths === "object") return { document, source: "service" };
    }
  } catch {}
  const file = fileURLToPath(import.meta.resolve("@sda/client/openapi.json"));
  return { document: JSON.parse(await readFile(file, "utf8")) as OpenApiDocument, source: "client" };
}

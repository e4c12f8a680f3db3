import { z } from "zod";

/** A JSON Schema object as this document writes it (2020-12, OpenAPI 3.1's dialect). */
export type JsonSchema = Record<string, unknown>;

/**
 * How open the published objects are:
 * - `open` (the published document): objects say nothing about unlisted properties, so a field a platform adds does
 *   not break a caller's validator (SPEC §9.4 lists "the fields seen");
 * - `closed` (tests): every object not declared open (`z.looseObject`) refuses unlisted properties, which proves every
 *   answered field is documented.
 */
export type Openness = "open" | "closed";

const COMPONENT_REF = "#/components/schemas/";

/** The named copy of each unnamed schema (`SchemaSet.named`), kept across builds. */
const NAMED_COPIES = new WeakMap<z.ZodType, z.ZodType>();

/**
 * Tidies what zod writes for a schema: drops `additionalProperties: false` in the open document, and the ±2^53 bounds
 * zod puts on every `z.int()` (they add nothing a reader needs).
 */
export function tidy(openness: Openness) {
  return (ctx: { jsonSchema: JsonSchema }) => {
    const json = ctx.jsonSchema;
    if (openness === "open" && json.additionalProperties === false) delete json.additionalProperties;
    if (json.minimum === Number.MIN_SAFE_INTEGER) delete json.minimum;
    if (json.maximum === Number.MAX_SAFE_INTEGER) delete json.maximum;
  };
}

/** Removes the `$schema`/`$id` zod writes at the top of each emitted schema (components take neither). */
export function bare(schema: JsonSchema): JsonSchema {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return rest;
}

/**
 * The id of a named schema (`component(id, …)` or `.meta({ id })`), or undefined.
 * @throws Error when another schema took the same id since (two declarations of one component name).
 */
export function componentId(schema: z.ZodType): string | undefined {
  const id = z.globalRegistry.get(schema)?.id;
  if (id === undefined) return undefined;
  if (z.globalRegistry._idmap.get(id) !== schema)
    throw new Error(`two schemas are named "${id}": a component name must be unique in the document`);
  return id;
}

/**
 * Converts zod schemas to the document's components. Every schema with an id (see `component` in `@sda/core`) becomes
 * `#/components/schemas/<id>` and is referenced, never repeated; schemas handed to {@link SchemaSet.ref} without an
 * id are named by the caller.
 */
export class SchemaSet {
  private readonly used = new Set<string>();

  constructor(private readonly openness: Openness) {}

  /**
   * `schema` with a component name: itself when it has an id, else a copy named `fallbackId` (the same copy for the
   * same schema on every build, so the name stays stable).
   * @throws Error when two different schemas claim one name.
   */
  named<S extends z.ZodType>(schema: S, fallbackId: string): S {
    if (componentId(schema) !== undefined) return schema;
    let copy = NAMED_COPIES.get(schema) as S | undefined;
    if (!copy) {
      if (z.globalRegistry._idmap.has(fallbackId))
        throw new Error(
          `two schemas are named "${fallbackId}": a component name must be unique in the document`,
        );
      copy = schema.meta({ id: fallbackId }) as S;
      NAMED_COPIES.set(schema, copy);
    }
    return copy;
  }

  /**
   * A `$ref` to a named schema (see {@link SchemaSet.named}), whose component is then part of the document.
   * @throws Error when the schema has no name, or another schema took it.
   */
  ref(schema: z.ZodType): { $ref: string } {
    const id = componentId(schema);
    if (id === undefined) throw new Error("only a named schema can be referenced");
    this.used.add(id);
    return { $ref: `${COMPONENT_REF}${id}` };
  }

  /** An inline JSON Schema of `schema` (parameters, request bodies): `io` input for what callers send. */
  inline(schema: z.ZodType, io: "input" | "output"): JsonSchema {
    const json = z.toJSONSchema(schema, {
      io,
      unrepresentable: "any",
      override: tidy(this.openness),
      metadata: z.globalRegistry,
    }) as JsonSchema;
    // Named schemas inside (a timestamp in a body) are written as local `$defs`; they are the document's components.
    const { $defs: _defs, ...rest } = bare(json);
    return JSON.parse(JSON.stringify(rest).replaceAll('"#/$defs/', `"${COMPONENT_REF}`)) as JsonSchema;
  }

  /**
   * The components referenced by the document (and those they reference), by id.
   * @param document the rest of the document: every `$ref` in it to a component is resolved.
   * @param written components written as JSON Schema directly (they may reference named schemas).
   */
  components(document: unknown, written: Record<string, JsonSchema> = {}): Record<string, JsonSchema> {
    const generated = z.toJSONSchema(z.globalRegistry, {
      io: "output",
      unrepresentable: "any",
      uri: (id) => `${COMPONENT_REF}${id}`,
      override: tidy(this.openness),
    }).schemas as Record<string, JsonSchema>;
    const all: Record<string, JsonSchema> = { ...generated, ...written };
    const wanted = new Set<string>();
    const visit = (value: unknown): void => {
      if (Array.isArray(value)) for (const item of value) visit(item);
      else if (value && typeof value === "object")
        for (const [key, inner] of Object.entries(value)) {
          if (key === "$ref" && typeof inner === "string" && inner.startsWith(COMPONENT_REF)) {
            const id = inner.slice(COMPONENT_REF.length);
            if (!wanted.has(id)) {
              wanted.add(id);
              visit(all[id]);
            }
          } else visit(inner);
        }
    };
    visit(document);
    for (const id of this.used)
      if (!wanted.has(id)) {
        wanted.add(id);
        visit(all[id]);
      }
    const out: Record<string, JsonSchema> = {};
    for (const id of [...wanted].sort()) {
      const schema = all[id];
      if (!schema) throw new Error(`component ${id} is referenced but no schema is named so`);
      out[id] = bare(schema);
    }
    return out;
  }
}

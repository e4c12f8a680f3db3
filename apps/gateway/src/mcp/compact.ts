import type { Tool } from "@modelcontextprotocol/sdk/types.js";

/**
 * The tool list an agent can afford (issue 39: 548 KB for 73 tools, 493 KB of it output schemas): what every tool
 * would repeat is said once (the server's instructions: the `cache` switch, the deadline and `get_job`, that errors
 * are never billed, the REST twin of a tool), a parameter's description drops the sentences its schema keywords already carry (`default`,
 * `minimum`, `maxLength` …), and a tool's `outputSchema` is {@link LIGHT_OUTPUT}: the full schema of its result is
 * the `describe_output` tool's answer (or every tool's with `/mcp?schemas=full`).
 */

type JsonSchema = Record<string, unknown>;

/**
 * A platform tool's published `outputSchema`: an object (its `data`, the job handle of a call past the deadline, or
 * the error of an `isError` result — clients check every `structuredContent` against it). The full schema:
 * `describe_output`.
 */
export const LIGHT_OUTPUT: Tool["outputSchema"] & JsonSchema = { type: "object" };

/** Descriptions said once, in the server's instructions, instead of in every tool, by parameter name. */
const SAID_ONCE: Readonly<Record<string, string>> = {
  cache: "`true`: a stored answer may be served (instructions).",
  cursor: "The previous answer's `nextCursor`.",
};

/** The generic description of a platform link (`url`), said once in the instructions. */
const GENERIC_URL = /^Public URL of the resource on the operation's own platform/;

/** A description that only names its parameter (`The \`onlyMedia\` parameter.`): the name says as much. */
const NAME_ONLY = /^The `\w+` parameter\.$/;

/** The REST query's spelling of a flag: `0`, `1`, `true`, `false`; published as `true`/`false` (both are taken). */
const FLAG_VALUES = ["0", "1", "true", "false"];

/** Sentences of a parameter's description that repeat its schema's keywords, by keyword. */
const REPEATS: readonly [keyword: string, sentence: RegExp][] = [
  ["default", /\s*Default: `[^`]*`(?: [a-z]+)?\./g],
  ["minimum", /\s*Minimum: -?[\d.]+\./g],
  ["maximum", /\s*Maximum: -?[\d.]+\./g],
  ["minLength", /\s*At least \d+ characters?\./g],
  ["maxLength", /\s*At most \d+ characters?\./g],
];

/** A property without the description sentences its keywords carry, nor what the instructions say once. */
function compactProperty(name: string, given: JsonSchema): JsonSchema {
  const values = Array.isArray(given.enum) ? (given.enum as unknown[]) : [];
  const flag = values.length === FLAG_VALUES.length && FLAG_VALUES.every((v) => values.includes(v));
  const property = flag ? { ...given, enum: ["true", "false"] } : given;
  if (typeof property.description !== "string") return property;
  const once = SAID_ONCE[name];
  if (once) return { ...property, description: once };
  let description = property.description;
  if (NAME_ONLY.test(description)) description = "";
  if (name === "url" && GENERIC_URL.test(description)) description = "A public link on the tool's platform.";
  for (const [keyword, sentence] of REPEATS)
    if (property[keyword] !== undefined) description = description.replace(sentence, "");
  description = description.trim();
  const { description: _, ...rest } = property;
  return description ? { ...rest, description } : rest;
}

/**
 * A tool's `inputSchema` as published: what every tool would repeat (`cache`, `cursor`, a platform link) said in
 * short, every property's description without what its keywords say, flags as `true`/`false` (`0`/`1` are still
 * taken). Constraints are untouched, so an argument valid against the published schema is valid for the call.
 */
export function compactInputSchema(schema: JsonSchema): Tool["inputSchema"] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const compacted = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => [name, compactProperty(name, property)]),
  );
  return { ...schema, type: "object", properties: compacted } as Tool["inputSchema"];
}

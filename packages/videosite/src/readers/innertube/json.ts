/**
 * Small typed accessors over untyped innertube JSON. Every reader in this package goes through them, so a missing or
 * re-shaped part gives `undefined`/`null` instead of a throw (the readers turn that into null fields and `degraded`).
 */

/** A JSON object. */
export type JsonObject = Record<string, unknown>;

/** True for a plain JSON object (not null, not an array). */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The object at `path` below `value` (each step a key or an array index), or undefined. */
export function at(value: unknown, ...path: (string | number)[]): unknown {
  let current: unknown = value;
  for (const step of path) {
    if (typeof step === "number") {
      if (!Array.isArray(current)) return undefined;
      current = current[step];
    } else {
      if (!isObject(current)) return undefined;
      current = current[step];
    }
  }
  return current;
}

/** The object at `path`, or undefined when it is missing or not an object. */
export function objectAt(value: unknown, ...path: (string | number)[]): JsonObject | undefined {
  const found = at(value, ...path);
  return isObject(found) ? found : undefined;
}

/** The array at `path`, or an empty array. */
export function arrayAt(value: unknown, ...path: (string | number)[]): unknown[] {
  const found = at(value, ...path);
  return Array.isArray(found) ? found : [];
}

/** The string at `path`, or undefined. */
export function stringAt(value: unknown, ...path: (string | number)[]): string | undefined {
  const found = at(value, ...path);
  return typeof found === "string" ? found : undefined;
}

/** The boolean at `path`, or undefined. */
export function booleanAt(value: unknown, ...path: (string | number)[]): boolean | undefined {
  const found = at(value, ...path);
  return typeof found === "boolean" ? found : undefined;
}

/** The integer at `path` (a JSON number), or undefined. */
export function integerAt(value: unknown, ...path: (string | number)[]): number | undefined {
  const found = at(value, ...path);
  return typeof found === "number" && Number.isInteger(found) ? found : undefined;
}

/**
 * The plain text of an innertube text object: `{ simpleText }`, `{ runs: [{ text }] }` (joined) or `{ content }`
 * (view-model attributed strings). A bare string is returned as is.
 * @returns the text, or undefined when the value has none of these shapes.
 */
export function textOf(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (!isObject(value)) return undefined;
  if (typeof value.simpleText === "string") return value.simpleText;
  if (typeof value.content === "string") return value.content;
  if (Array.isArray(value.runs)) {
    const parts = value.runs.map((run) => (isObject(run) && typeof run.text === "string" ? run.text : ""));
    return parts.join("");
  }
  return undefined;
}

/** The first key of `value` among `keys` whose value is an object, with that object (renderer unions). */
export function firstRenderer(
  value: unknown,
  keys: readonly string[],
): { key: string; renderer: JsonObject } | undefined {
  if (!isObject(value)) return undefined;
  for (const key of keys) {
    const renderer = value[key];
    if (isObject(renderer)) return { key, renderer };
  }
  return undefined;
}

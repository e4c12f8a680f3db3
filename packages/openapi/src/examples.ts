import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * The example answers of the document: one real corpus answer's `data` per operation, recorded by the HTTP suites
 * (`UPDATE_EXAMPLES=1 npx vitest run test/`, see `test/support/contract.ts`) into `packages/openapi/examples/<id>.json`,
 * lists cut to their first items and long texts shortened so the document stays readable. Read from the installed
 * package (`@sda/openapi/examples/…`), so bundled processes find them too.
 */
export function loadExamples(operationIds: readonly string[]): Record<string, unknown> {
  const dir = examplesDir();
  const examples: Record<string, unknown> = {};
  for (const id of operationIds) {
    const file = path.join(dir, `${id}.json`);
    if (existsSync(file)) examples[id] = JSON.parse(readFileSync(file, "utf8"));
  }
  return examples;
}

/** Where the examples live: `examples/` of this package. */
export function examplesDir(): string {
  const packageJson = createRequire(import.meta.url).resolve("@sda/openapi/package.json");
  return path.join(path.dirname(packageJson), "examples");
}

/** Items kept of each list, and characters of each text, in an example. */
const MAX_ITEMS = 3;
const MAX_TEXT = 400;

/** An answer shortened for the document: lists cut to {@link MAX_ITEMS}, texts to {@link MAX_TEXT} characters. */
export function shortened(value: unknown): unknown {
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map(shortened);
  if (typeof value === "string" && value.length > MAX_TEXT) return `${value.slice(0, MAX_TEXT)}…`;
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shortened(inner)]));
  return value;
}

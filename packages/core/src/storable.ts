import { ServiceError } from "./errors.ts";

/** Deepest JSON request body accepted, in levels of nested arrays and objects (a batch body needs 4). */
export const MAX_BODY_DEPTH = 32;

/** `calls[3].params.url` from a path of keys and indexes (`body` for the root). */
function fieldName(path: readonly (string | number)[]): string {
  let name = "";
  for (const part of path) name += typeof part === "number" ? `[${part}]` : name === "" ? part : `.${part}`;
  return name || "body";
}

function refused(message: string, path: readonly (string | number)[]): ServiceError {
  return new ServiceError("invalid_parameter", message, { details: { param: fieldName(path) } });
}

/**
 * Refuses text PostgreSQL cannot store: a NUL character (U+0000), which neither `text` nor `jsonb` accepts (the
 * database answers an error that used to become a 500).
 * @param param the field named in the error.
 * @throws ServiceError 400 `invalid_parameter` with `details.param`.
 */
export function assertStorableText(value: string, param: string): void {
  if (value.includes("\u0000"))
    throw new ServiceError("invalid_parameter", `\`${param}\` contains a NUL character`, {
      details: { param },
    });
}

/**
 * Checks a parsed JSON request body before anything hashes, validates or stores it: at most {@link MAX_BODY_DEPTH}
 * levels deep (a 5,000-level body overflowed the stack of the batch's canonical JSON), and no NUL character in any
 * string, key or value (see {@link assertStorableText}). Iterative, so no body can overflow the check itself. The
 * body's size is bounded before, by the route's body parser.
 * @throws ServiceError 400 `invalid_parameter` naming the field (`calls[3].params.url`, `label`, `body`).
 */
export function assertStorableBody(body: unknown): void {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: body, path: [] }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { value, path } = item;
    if (typeof value === "string") {
      if (value.includes("\u0000")) throw refused(`\`${fieldName(path)}\` contains a NUL character`, path);
      continue;
    }
    if (typeof value !== "object" || value === null) continue;
    if (path.length >= MAX_BODY_DEPTH)
      throw refused(`the body is nested deeper than ${MAX_BODY_DEPTH} levels`, path.slice(0, 1));
    if (Array.isArray(value))
      for (const [i, v] of value.entries()) stack.push({ value: v, path: [...path, i] });
    else
      for (const [key, v] of Object.entries(value)) {
        if (key.includes("\u0000"))
          throw refused(`a field name in \`${fieldName(path)}\` contains a NUL character`, path);
        stack.push({ value: v, path: [...path, key] });
      }
  }
}

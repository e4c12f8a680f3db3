import type { OperationSpec } from "@sda/contract";

/** Raw parameter sets whose parse this process remembers; the memo is emptied when full. */
const REMEMBERED_PARSES = 4096;
/** Longest raw parameter set (as JSON, in characters) whose parse is remembered: long cursors are no repeated calls. */
const REMEMBERED_RAW_CHARS = 1024;
/** Parses by operation id and raw values' JSON; an entry names its operation (two registries may share an id). */
const parses = new Map<string, { op: OperationSpec; params: Record<string, unknown> }>();
/** Every parse this memo handed out (frozen at every depth, so anything derived from one stays true). */
const handedOut = new WeakSet<object>();

/**
 * True when `params` is a parse {@link rememberedParse} handed out: frozen at every depth, so a value derived from it
 * (its cache key) may be kept with it. An object frozen elsewhere, perhaps only at its top, is not one.
 */
export function isRememberedParse(params: object): boolean {
  return handedOut.has(params);
}

/** `value` and every object and array in it made read-only (a remembered parse is shared by the calls repeating it). */
function frozen<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) frozen(inner);
  }
  return value;
}

/** The raw values as the memo's key, or undefined when they are too long to remember (or not JSON). */
function memoKey(op: OperationSpec, raw: Record<string, unknown>): string | undefined {
  try {
    const json = JSON.stringify(raw);
    return json.length <= REMEMBERED_RAW_CHARS ? `${op.id}\n${json}` : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `parse()` of an operation's raw parameter values (query strings, a batch item's or a tool call's values), remembered:
 * the parse of a call's parameters is a pure function of the operation and the raw values (no schema reads the clock
 * or a store), so the last {@link REMEMBERED_PARSES} successful parses are kept by the raw values' JSON and handed
 * out again to a call that repeats them, frozen (every object and array in them). A repeated call skips the schema,
 * and the cache key derived from the same object is kept too (`ResultCache.key`). Raw values longer than
 * {@link REMEMBERED_RAW_CHARS} characters of JSON are parsed every time. Refusals are never kept: `parse` throws again.
 * @returns the parse, frozen. @throws what `parse` throws.
 */
export function rememberedParse(
  op: OperationSpec,
  raw: Record<string, unknown>,
  parse: () => Record<string, unknown>,
): Record<string, unknown> {
  const key = memoKey(op, raw);
  const known = key === undefined ? undefined : parses.get(key);
  if (known?.op === op) return known.params;
  const params = frozen(parse());
  handedOut.add(params);
  if (key !== undefined) {
    if (parses.size >= REMEMBERED_PARSES) parses.clear();
    parses.set(key, { op, params });
  }
  return params;
}

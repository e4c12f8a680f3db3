/** A JSON-RPC request id as a message carries it (a string, a number, or null when unknown). */
export type JsonRpcId = string | number | null;

/** What {@link scanJson} learnt about a JSON text without parsing it. */
interface JsonScan {
  /** The deepest nesting of arrays and objects seen, counted up to `maxDepth + 1` (the scan stops there). */
  depth: number;
  /** True when the text nests deeper than `maxDepth`: it was not scanned to its end. */
  tooDeep: boolean;
  /**
   * The top-level object's `id` when it was read before the scan stopped (a JSON-RPC message puts it before
   * `params`), else null: the id an early error answer can name.
   */
  id: JsonRpcId;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN = new Set([0x5b, 0x7b]);
const CLOSE = new Set([0x5d, 0x7d]);

/** The value of a top-level `id` member from its raw text (`7`, `"abc"`), or null when it is no valid id. */
function idOf(raw: string): JsonRpcId {
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === "string" || (typeof value === "number" && Number.isFinite(value)) ? value : null;
  } catch {
    return null;
  }
}

/**
 * One pass over a JSON text's characters, before `JSON.parse`: how deep it nests (stopping as soon as it passes
 * `maxDepth`, so a 2 MB, 10⁶-deep body costs microseconds where `JSON.parse` spends a second of CPU on it) and the
 * top-level `id`. Strings are skipped with their escapes; the text is not validated (the parser does that next).
 * @param text the message's text (UTF-8 decoded).
 * @param maxDepth the deepest nesting accepted, in levels of arrays and objects.
 */
export function scanJson(text: string, maxDepth: number): JsonScan {
  let depth = 0;
  let deepest = 0;
  let key: string | null = null;
  let stringStart = -1;
  let idStart = -1;
  let id: JsonRpcId = null;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (stringStart >= 0) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) {
        if (depth === 1 && idStart < 0) key = text.slice(stringStart + 1, i);
        stringStart = -1;
      }
      continue;
    }
    if (c === QUOTE) stringStart = i;
    else if (OPEN.has(c)) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (depth > maxDepth) return { depth: deepest, tooDeep: true, id };
    } else if (CLOSE.has(c) || (c === COMMA && depth === 1)) {
      if (depth === 1 && idStart >= 0) {
        id = idOf(text.slice(idStart, i));
        idStart = -1;
      }
      if (c !== COMMA) depth--;
      key = null;
    } else if (c === COLON && depth === 1 && key === "id") idStart = i + 1;
  }
  return { depth: deepest, tooDeep: false, id };
}

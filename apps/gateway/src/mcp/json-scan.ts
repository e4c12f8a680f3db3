/** A JSON-RPC request id as a message carries it (a string, a number, or null when unknown). */
export type JsonRpcId = string | number | null;

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
 * The top-level object's `id` of a JSON-RPC message's text, read without parsing it: the prefix of a body refused for
 * its nesting ({@link DepthMeter} stopped there) still names the request an error answers (a message puts `id` before
 * `params`). Strings are skipped with their escapes; nested `id`s are not the message's; the text is not validated.
 * @returns the id, or null when none was read (absent, not a string or number, or after the end of `text`).
 */
export function topLevelId(text: string): JsonRpcId {
  let depth = 0;
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
    else if (OPEN.has(c)) depth++;
    else if (CLOSE.has(c) || (c === COMMA && depth === 1)) {
      if (depth === 1 && idStart >= 0) {
        id = idOf(text.slice(idStart, i));
        idStart = -1;
      }
      if (c !== COMMA) depth--;
      key = null;
    } else if (c === COLON && depth === 1 && key === "id") idStart = i + 1;
  }
  return id;
}

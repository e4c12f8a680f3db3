const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/**
 * The nesting of a JSON text measured on its UTF-8 bytes as they arrive, chunk by chunk (a bracket or quote is one
 * ASCII byte, never part of a multi-byte sequence), so a body nested too deep is known before it is buffered,
 * decoded or parsed. Strings are skipped with their escapes; the text is not validated.
 */
export class DepthMeter {
  #depth = 0;
  #inString = false;
  #escaped = false;
  /** Bytes fed before the first level past the limit; -1 while within it. */
  tooDeepAt = -1;
  #fed = 0;

  /** @param maxDepth the deepest nesting accepted, in levels of arrays and objects. */
  constructor(readonly maxDepth: number) {}

  /** Feeds the next chunk; stops reading at the first level past the limit. @returns true while within it. */
  feed(chunk: Uint8Array): boolean {
    if (this.tooDeepAt >= 0) return false;
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i];
      if (this.#inString) {
        if (this.#escaped) this.#escaped = false;
        else if (c === BACKSLASH) this.#escaped = true;
        else if (c === QUOTE) this.#inString = false;
      } else if (c === QUOTE) this.#inString = true;
      else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
        if (++this.#depth > this.maxDepth) {
          this.tooDeepAt = this.#fed + i;
          return false;
        }
      } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) this.#depth--;
    }
    this.#fed += chunk.length;
    return true;
  }
}

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { storableJson, storableJsonText, storableText } from "./storable.ts";

// What PostgreSQL refuses in text and jsonb (NUL, unpaired surrogates) never reaches it, and clean text is kept as is.

/** The two replacements without the fast path, as the reference. */
function reference(text: string): string {
  return text
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD")
    .replace(
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters under test
      /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
    );
}

/** Strings rich in the characters that matter: controls, surrogates (paired and not), ASCII. */
const tricky = fc.string({
  unit: fc.oneof(
    fc.constantFrom("\u0000", "\u0001", "\u001f", "\u007f", "\t", "\n", "\r", "\uD83D", "\uDE00", "é", "😀"),
    fc.string({ minLength: 1, maxLength: 1 }),
  ),
});

describe("storableText", () => {
  it("equals the two replacements for any string; clean text comes back unchanged", () => {
    fc.assert(
      fc.property(fc.oneof(tricky, fc.string({ unit: "binary" })), (text) => {
        expect(storableText(text)).toBe(reference(text));
      }),
      { numRuns: 2000 },
    );
    const clean = "https://www.youtube.com/watch?v=M4gD1WSo5mA&t=1s é 😀";
    expect(storableText(clean)).toBe(clean);
  });

  it("writes NUL as a visible escape and replaces a lone surrogate", () => {
    expect(storableText("a\u0000b")).toBe("a\\u0000b");
    expect(storableText("x\uD83Dy")).toBe("x\uFFFDy");
    expect(storableJson({ "k\u0000": ["v\uDE00", 1] })).toEqual({ "k\\u0000": ["v\uFFFD", 1] });
  });
});

describe("storableJsonText", () => {
  it("is JSON.stringify for any value without NUL or lone surrogates (controls kept), else only those replaced", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value);
        if (!/\\u0000|\\ud[89a-f]/.test(text)) expect(storableJsonText(value)).toBe(text);
      }),
      { numRuns: 500 },
    );
    const value = { text: "a\u0000b\uD800c\u000b\t😀", "k\u0000": [1, "\uDE00"] };
    expect(JSON.parse(storableJsonText(value))).toEqual({
      text: "a\uFFFDb\uFFFDc\u000b\t😀",
      "k\uFFFD": [1, "\uFFFD"],
    });
    // What jsonb refuses is gone from the text: no `\u0000` escape and no lone surrogate's.
    expect(storableJsonText(value)).not.toMatch(/\\u0000|\\ud[89a-f]/);
  });
});

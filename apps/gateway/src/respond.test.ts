import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { successJson } from "./respond.ts";

// A cache hit's data is spliced into the answer as its stored JSON text; the answer must be byte for byte what
// serialising the parsed value gives (same keys, same order), whatever the data and the envelope hold.

const envelope = fc.option(fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 3 }), { nil: undefined });
const cachedAt = fc.option(
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  { nil: undefined },
);

describe("successJson", () => {
  it("a hit's stored data text gives the same answer as the parsed data", () => {
    fc.assert(
      fc.property(fc.jsonValue(), envelope, cachedAt, (data, extra, at) => {
        const base = {
          credits: 0,
          cache: "HIT" as const,
          source: "cache:test",
          ...(extra ? { envelope: extra } : {}),
          ...(at ? { cachedAt: at } : {}),
        };
        const expected = JSON.stringify({
          success: true,
          data,
          ...extra,
          ...(at ? { cached: true, cachedAt: at } : {}),
        });
        expect(successJson({ ...base, data: undefined, dataJson: JSON.stringify(data) })).toBe(expected);
        expect(successJson({ ...base, data })).toBe(expected);
      }),
      { numRuns: 1000 },
    );
  });
});

import { describe, expect, it } from "vitest";
import { DepthMeter } from "./depth-meter.ts";
import { topLevelId } from "./json-scan.ts";

/** Whether `text`, fed to a meter of `maxDepth` in chunks of `size` bytes, stays within the limit. */
function within(text: string, maxDepth: number, size = Number.POSITIVE_INFINITY): boolean {
  const meter = new DepthMeter(maxDepth);
  const bytes = Buffer.from(text);
  const step = Math.min(size, bytes.length || 1);
  for (let at = 0; at < bytes.length; at += step)
    if (!meter.feed(bytes.subarray(at, at + step))) return false;
  return true;
}

describe("DepthMeter and topLevelId: nesting and id before parsing", () => {
  it("measures nesting, skipping brackets inside strings and escaped quotes, also across chunks", () => {
    const text = '{"a":[1,{"b":"[[[\\"{{"}]}';
    expect([within(text, 8), within(text, 3), within(text, 2)]).toEqual([true, true, false]);
    for (const size of [1, 2, 3])
      expect([within(text, 3, size), within(text, 2, size)]).toEqual([true, false]);
    expect(topLevelId(text)).toBeNull();
    expect(within("[]", 0)).toBe(false);
    expect(within('"just a string"', 0)).toBe(true);
  });

  it("stops at the first level past the limit, so a 10⁶-deep body is not read to its end", () => {
    const deep = `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"arguments":${"[".repeat(1e6)}${"]".repeat(1e6)}}}`;
    const started = performance.now();
    const meter = new DepthMeter(36);
    const bytes = Buffer.from(deep);
    expect(meter.feed(bytes)).toBe(false);
    // The 37th opening bracket: the object, `params` and 35 levels of `arguments`.
    expect(meter.tooDeepAt).toBe(deep.indexOf("[") + 34);
    expect(topLevelId(bytes.subarray(0, meter.tooDeepAt).toString("utf8"))).toBe(7);
    expect(performance.now() - started).toBeLessThan(100);
  });

  it("reads the top-level id (number or string), never one of a nested object", () => {
    expect(topLevelId('{"jsonrpc":"2.0","id":"a-1","method":"ping"}')).toBe("a-1");
    expect(topLevelId('{ "id" : 12 }')).toBe(12);
    expect(topLevelId('{"params":{"id":3},"method":"x"}')).toBeNull();
    expect(topLevelId('{"method":"x","params":{"id":3},"id":4}')).toBe(4);
    expect(topLevelId('{"id":{"x":1}}')).toBeNull();
    expect(topLevelId('{"note":"id","x":1}')).toBeNull();
  });
});

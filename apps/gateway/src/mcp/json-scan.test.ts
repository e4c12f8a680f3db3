import { describe, expect, it } from "vitest";
import { scanJson } from "./json-scan.ts";

describe("scanJson: depth and id before parsing", () => {
  it("measures nesting, skipping brackets inside strings and escaped quotes", () => {
    expect(scanJson('{"a":[1,{"b":"[[[\\"{{"}]}', 8)).toEqual({ depth: 3, tooDeep: false, id: null });
    expect(scanJson("[]", 0)).toMatchObject({ tooDeep: true });
    expect(scanJson('"just a string"', 0)).toMatchObject({ depth: 0, tooDeep: false });
  });

  it("stops at the first level past the limit, so a 10⁶-deep body is not read to its end", () => {
    const deep = `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"arguments":${"[".repeat(1e6)}${"]".repeat(1e6)}}}`;
    const started = performance.now();
    expect(scanJson(deep, 36)).toEqual({ depth: 37, tooDeep: true, id: 7 });
    expect(performance.now() - started).toBeLessThan(100);
  });

  it("reads the top-level id (number or string), never one of a nested object", () => {
    expect(scanJson('{"jsonrpc":"2.0","id":"a-1","method":"ping"}', 4).id).toBe("a-1");
    expect(scanJson('{ "id" : 12 }', 4).id).toBe(12);
    expect(scanJson('{"params":{"id":3},"method":"x"}', 4).id).toBeNull();
    expect(scanJson('{"method":"x","params":{"id":3},"id":4}', 4).id).toBe(4);
    expect(scanJson('{"id":{"x":1}}', 4).id).toBeNull();
    expect(scanJson('{"note":"id","x":1}', 4).id).toBeNull();
  });
});

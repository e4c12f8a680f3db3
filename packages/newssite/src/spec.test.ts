import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseParams } from "@sda/contract";
import { describe, expect, it } from "vitest";
import { newssitePlatform } from "./spec.ts";

const spec = (name: string) => {
  const op = newssitePlatform.operations.find((o) => o.name === name);
  if (!op) throw new Error(`no operation ${name}`);
  return op;
};

describe("the newssite platform spec", () => {
  it("declares the six operations of issue 10, each with a handler", async () => {
    const names = newssitePlatform.operations.map((o) => o.name);
    expect(names).toEqual([
      "stories",
      "item-details",
      "item-comments",
      "user-details",
      "search",
      "user-items",
    ]);
    const handlers = await Promise.all(newssitePlatform.operations.map((o) => o.handler()));
    expect(handlers.map((handler) => typeof handler)).toEqual(names.map(() => "function"));
    expect(newssitePlatform.errorCodes).toEqual({
      item_not_found: { status: 404, retryable: false },
      user_not_found: { status: 404, retryable: false },
    });
    expect(newssitePlatform.operations.every((o) => o.cache.mode === "optIn")).toBe(true);
  });

  it.each([
    ["stories", { list: "top" }, 2],
    ["item-comments", { url: "8863" }, 2],
    ["search", { q: "apple" }, 2],
    ["user-items", { handle: "pg" }, 2],
  ])("%s costs %#: 2 credits per call, 0 for an empty list, cache hits free", (name, raw, credits) => {
    const op = spec(name);
    const params = parseParams(op.params, raw);
    expect(op.price.max(params)).toBe(credits);
    expect(op.price.charge(params, { count: 3 })).toBe(credits);
    expect(op.price.charge(params, { count: 0 })).toBe(0);
    expect(op.price.billCacheHits).toBe(false);
  });

  it.each([
    ["item-details", { url: "8863" }],
    ["user-details", { handle: "pg" }],
  ])("%s costs 1 credit", (name, raw) => {
    const op = spec(name);
    const params = parseParams(op.params, raw);
    expect(op.price.max(params)).toBe(1);
    expect(op.price.charge(params, {})).toBe(1);
  });

  it("imports no extraction code (the gateway loads it): only inputs, its operation specs, errors and the contract", () => {
    const root = path.dirname(fileURLToPath(import.meta.url));
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const source = readFileSync(file, "utf8");
      for (const [, spec] of source.matchAll(/from "(\.{1,2}\/[^"]+)"/g))
        visit(path.resolve(path.dirname(file), spec as string));
    };
    visit(path.join(root, "spec.ts"));
    const files = [...seen].map((f) => path.relative(root, f)).sort();
    expect(files).toEqual([
      "errors.ts",
      "inputs/item-ref.ts",
      "inputs/params.ts",
      "inputs/site-url.ts",
      "inputs/user-ref.ts",
      "spec.ts",
      "spec/item-comments.ts",
      "spec/item-details.ts",
      "spec/search.ts",
      "spec/shapes.ts",
      "spec/stories.ts",
      "spec/user-details.ts",
      "spec/user-items.ts",
    ]);
  });
});

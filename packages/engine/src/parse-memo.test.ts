import type { OperationSpec } from "@sda/contract";
import { describe, expect, it } from "vitest";
import { rememberedParse } from "./parse-memo.ts";
import { ResultCache } from "./result-cache.ts";

const operation = (id: string) => ({ id }) as OperationSpec;

describe("rememberedParse", () => {
  it("hands a repeated raw set the same parse, frozen at every depth, without parsing again", () => {
    const op = operation("memo.same");
    let parses = 0;
    const parse = () => {
      parses++;
      return { url: "abc", ids: ["a", "b"], range: { from: 1 } };
    };
    const first = rememberedParse(op, { url: "x", limit: "5" }, parse);
    const again = rememberedParse(op, { url: "x", limit: "5" }, parse);
    expect(again).toBe(first);
    expect(parses).toBe(1);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first.ids)).toBe(true);
    expect(Object.isFrozen(first.range)).toBe(true);
    expect(() => {
      (first.ids as string[]).push("c");
    }).toThrow(TypeError);
    rememberedParse(op, { url: "y", limit: "5" }, parse);
    expect(parses).toBe(2);
  });

  it("never keeps a refusal: a refused raw set is parsed (and refused) every time", () => {
    const op = operation("memo.refused");
    let parses = 0;
    const refuse = () => {
      parses++;
      throw new Error("bad parameter");
    };
    expect(() => rememberedParse(op, { url: "bad" }, refuse)).toThrow("bad parameter");
    expect(() => rememberedParse(op, { url: "bad" }, refuse)).toThrow("bad parameter");
    expect(parses).toBe(2);
  });

  it("keeps one operation's parse from another operation object of the same id", () => {
    let parses = 0;
    const parse = () => ({ n: ++parses });
    const a = rememberedParse(operation("memo.twin"), { q: "1" }, parse);
    const b = rememberedParse(operation("memo.twin"), { q: "1" }, parse);
    expect(a).not.toBe(b);
    expect(parses).toBe(2);
  });

  it("parses long raw values every time (a cursor is no repeated call)", () => {
    const op = operation("memo.long");
    let parses = 0;
    const raw = { cursor: "c".repeat(2000) };
    rememberedParse(op, raw, () => ({ n: ++parses }));
    rememberedParse(op, raw, () => ({ n: ++parses }));
    expect(parses).toBe(2);
  });
});

describe("ResultCache.key of a remembered parse", () => {
  const cache = new ResultCache({} as never, "memo", 60);

  it("is the key the same values give as a fresh object, for the operation asked", () => {
    const params = rememberedParse(operation("memo.key"), { v: "1" }, () => ({
      videoId: "abc",
      cache: true,
    }));
    const fresh = { videoId: "abc", cache: false };
    expect(cache.key("videosite.video-details", params)).toBe(cache.key("videosite.video-details", fresh));
    expect(cache.key("videosite.video-details", params)).toBe(cache.key("videosite.video-details", params));
    expect(cache.key("videosite.comments", params)).not.toBe(cache.key("videosite.video-details", params));
    expect(cache.key("videosite.comments", params)).toBe(cache.key("videosite.comments", { videoId: "abc" }));
  });

  it("is derived again for an object frozen elsewhere (only a remembered parse is frozen at every depth)", () => {
    const ids = ["a"];
    const params = Object.freeze({ ids });
    const before = cache.key("memo.shallow", params);
    ids.push("b");
    expect(cache.key("memo.shallow", params)).not.toBe(before);
  });
});

import { describe, expect, it } from "vitest";
import { isServiceId } from "./ids.ts";
import { assertStorableBody, MAX_BODY_DEPTH } from "./storable.ts";

function refusal(body: unknown): { message: string; param: unknown } | null {
  try {
    assertStorableBody(body);
    return null;
  } catch (error) {
    const e = error as { message: string; details: { param: unknown } };
    return { message: e.message, param: e.details.param };
  }
}

describe("assertStorableBody", () => {
  it("accepts ordinary bodies", () => {
    expect(refusal({ calls: [{ path: "/v1/x", params: { url: "a", n: 1 } }], label: "é 🎉" })).toBeNull();
  });

  it("names the field holding a NUL, in a value or a key", () => {
    expect(refusal({ label: "a\u0000b" })?.param).toBe("label");
    expect(refusal({ calls: [{}, { params: { url: "\u0000" } }] })?.param).toBe("calls[1].params.url");
    expect(refusal({ calls: [{ params: { "x\u0000": "1" } }] })).toEqual({
      message: "a field name in `calls[0].params` contains a NUL character",
      param: "calls[0].params",
    });
  });

  it("names the field holding a lone UTF-16 surrogate (PostgreSQL refuses it like NUL), and keeps paired ones", () => {
    expect(refusal({ label: "a\ud800b" })).toEqual({
      message: "`label` contains a lone UTF-16 surrogate",
      param: "label",
    });
    expect(refusal(JSON.parse('{"calls":[{"params":{"url":"\\udc00"}}]}'))?.param).toBe(
      "calls[0].params.url",
    );
    expect(refusal({ calls: [{ params: { "k\udbff": "1" } }] })?.param).toBe("calls[0].params");
    expect(refusal({ label: "\ud83d\ude00 \ud800\udc00" })).toBeNull();
  });

  it(`refuses a body nested deeper than ${MAX_BODY_DEPTH} levels without overflowing the stack (issue 21 #4: 5,000 levels)`, () => {
    let deep: unknown = "x";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(refusal({ calls: deep })).toEqual({
      message: `the body is nested deeper than ${MAX_BODY_DEPTH} levels`,
      param: "calls",
    });
  });
});

describe("isServiceId", () => {
  it("accepts what newId makes and nothing else", () => {
    expect(isServiceId("mon", "mon_0123456789abcdEF")).toBe(true);
    for (const text of [
      "mon_0123456789abcde",
      "bat_0123456789abcdEF",
      "mon_0123456789abcd\u0000F",
      "\u0000",
      "",
    ])
      expect(isServiceId("mon", text), JSON.stringify(text)).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { CursorCodec } from "./cursor.ts";

const codec = new CursorCodec("0123456789abcdef0123");

describe("CursorCodec", () => {
  it("round-trips a payload for the operation that issued it", () => {
    const cursor = codec.encode("videosite.comments", { c: "token", i: 7 });
    expect(codec.decode("videosite.comments", cursor)).toEqual({ c: "token", i: 7 });
  });

  it("refuses a tampered cursor, a foreign one, and garbage with invalid_cursor", () => {
    const cursor = codec.encode("videosite.comments", { c: "token", i: 7 });
    const [body, mac] = cursor.split(".");
    const tampered = `${Buffer.from(JSON.stringify({ o: "videosite.comments", p: { c: "token", i: 8 } })).toString("base64url")}.${mac}`;
    for (const bad of [tampered, `${body}.AAAA`, "nonsense", ""])
      expect(() => codec.decode("videosite.comments", bad)).toThrowError(
        expect.objectContaining({ code: "invalid_cursor" }),
      );
    expect(() => codec.decode("videosite.search", cursor)).toThrowError(
      expect.objectContaining({ code: "invalid_cursor" }),
    );
    expect(() => new CursorCodec("another-secret-0000").decode("videosite.comments", cursor)).toThrowError(
      expect.objectContaining({ code: "invalid_cursor" }),
    );
  });
});

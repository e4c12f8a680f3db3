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

  it("bound to an operation (ctx.cursors), issues the same tokens and reads the cursors issued before the binding", () => {
    const comments = codec.bind("videosite.comments");
    const payload = { c: "token", i: 7 };
    expect(comments.encode(payload)).toBe(codec.encode("videosite.comments", payload));
    expect(comments.decode(codec.encode("videosite.comments", payload))).toEqual(payload);
    expect(codec.decode("videosite.comments", comments.encode(payload))).toEqual(payload);
    expect(comments.operationId).toBe("videosite.comments");
  });

  it("bound to one operation, refuses another's cursor; of(name) is the sibling operation's codec", () => {
    const comments = codec.bind("videosite.comments");
    const replies = comments.of("comment-replies");
    expect(replies.operationId).toBe("videosite.comment-replies");
    const cursor = replies.encode({ v: "x", i: 0 });
    expect(codec.bind("videosite.comment-replies").decode(cursor)).toEqual({ v: "x", i: 0 });
    expect(() => comments.decode(cursor)).toThrowError(expect.objectContaining({ code: "invalid_cursor" }));
  });
});

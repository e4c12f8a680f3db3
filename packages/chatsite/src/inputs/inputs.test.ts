import { parseParams } from "@sda/contract";
import { ServiceError } from "@sda/core";
import { describe, expect, it } from "vitest";
import { channelParams } from "../spec/channel.ts";
import { channelPostsParams } from "../spec/channel-posts.ts";
import { postParams } from "../spec/post.ts";
import { searchParams } from "../spec/search.ts";
import { parseRef } from "./chat-ref.ts";

// Every accepted form of issue 35's input and every refusal, through the params schemas as the gateway parses them
// (no upstream call is possible here: parsing is all there is).

function refusal(schema: Parameters<typeof parseParams>[0], query: Record<string, string>) {
  try {
    parseParams(schema, query);
  } catch (error) {
    if (error instanceof ServiceError)
      return { code: error.code, status: error.status, param: error.details?.param };
    throw error;
  }
  throw new Error(`accepted ${JSON.stringify(query)}`);
}

describe("chat links", () => {
  it.each([
    "https://t.me/durov",
    "https://t.me/s/durov",
    "http://t.me/durov/",
    "t.me/durov",
    "t.me/s/durov?before=523",
    "https://telegram.me/durov",
    "@durov",
    "durov",
    "Durov",
    " https://t.me/durov#x ",
  ])("reads %s as the chat durov", (url) => {
    expect(parseParams(channelParams, { url }).url.name).toBe("durov");
  });

  it("marks refusals of values that are no t.me link as foreign", () => {
    expect(parseRef("https://example.com/durov")).toMatchObject({ code: "invalid_input", foreign: true });
    expect(parseRef("8863")).toMatchObject({ code: "private_chat_not_supported", foreign: true });
    expect(parseRef("https://t.me/ab")).not.toHaveProperty("foreign");
  });

  it("tells t.me links from bare names (history locates links only)", () => {
    expect(parseRef("https://t.me/durov")).toEqual({ kind: "chat", ref: { name: "durov", link: true } });
    expect(parseRef("@durov")).toEqual({ kind: "chat", ref: { name: "durov", link: false } });
  });

  it.each([
    ["https://t.me/durov/523", "durov", 523],
    ["t.me/s/durov/523", "durov", 523],
    ["durov/523", "durov", 523],
    ["https://t.me/hanoi_chats/29327?embed=1", "hanoi_chats", 29327],
    ["https://t.me/topwar_official/70992?single", "topwar_official", 70992],
  ])("reads %s as a post", (url, name, id) => {
    expect(parseParams(postParams, { url }).url).toMatchObject({ name, id });
  });

  it.each([
    ["https://www.youtube.com/@durov", 400, "invalid_input"],
    ["https://example.com/durov", 400, "invalid_input"],
    ["ab", 400, "invalid_input"],
    ["1durov", 400, "invalid_input"],
    ["person-08", 400, "invalid_input"],
    ["a".repeat(33), 400, "invalid_input"],
    ["https://t.me/", 400, "invalid_input"],
    ["https://t.me/addstickers/pack_name", 400, "invalid_input"],
    ["https://t.me/durov/523", 400, "invalid_input"],
    ["ftp://t.me/durov", 400, "invalid_input"],
    ["https://t.me/%E0%A4%A", 400, "invalid_input"],
    ["https://t.me/+AbCdEfGhIjK", 422, "private_chat_not_supported"],
    ["t.me/joinchat/AbCdEfGh", 422, "private_chat_not_supported"],
    ["https://t.me/c/1006503122/523", 422, "private_chat_not_supported"],
    ["-1006503122", 422, "private_chat_not_supported"],
    ["1006503122", 422, "private_chat_not_supported"],
  ])("refuses %s for a channel: %d %s", (url, status, code) => {
    expect(refusal(channelParams, { url })).toEqual({ code, status, param: "url" });
  });

  it.each([
    ["https://t.me/durov", "invalid_input"],
    ["https://t.me/durov/0", "invalid_input"],
    ["https://t.me/durov/abc", "invalid_input"],
    ["https://t.me/durov/523/1", "invalid_input"],
    ["https://t.me/c/1006503122/523", "private_chat_not_supported"],
  ])("refuses %s for a post", (url, code) => {
    expect(refusal(postParams, { url }).code).toBe(code);
  });
});

describe("limit, q and cursor", () => {
  it("defaults limit to 20 and takes 1–20", () => {
    expect(parseParams(channelPostsParams, { url: "durov" }).limit).toBe(20);
    expect(parseParams(channelPostsParams, { url: "durov", limit: "1", cursor: "523" })).toMatchObject({
      limit: 1,
      cursor: 523,
    });
  });

  it.each(["0", "21", "-1", "abc", "1.5", "1e1"])("refuses limit=%s with 400 invalid_input", (limit) => {
    expect(refusal(channelPostsParams, { url: "durov", limit })).toEqual({
      code: "invalid_input",
      status: 400,
      param: "limit",
    });
  });

  it("refuses a cursor that is no post id with 400 invalid_cursor", () => {
    expect(refusal(channelPostsParams, { url: "durov", cursor: "abc" }).code).toBe("invalid_cursor");
    expect(refusal(channelPostsParams, { url: "durov", cursor: "0" }).code).toBe("invalid_cursor");
  });

  it("takes q of 1–256 characters and refuses an empty or longer one with 400 invalid_input", () => {
    expect(parseParams(searchParams, { url: "durov", q: " bitcoin " }).q).toBe("bitcoin");
    expect(parseParams(searchParams, { url: "durov", q: "x" }).q).toBe("x");
    for (const q of ["", "   ", "x".repeat(257)])
      expect(refusal(searchParams, { url: "durov", q })).toEqual({
        code: "invalid_input",
        status: 400,
        param: "q",
      });
    expect(refusal(searchParams, { url: "durov" }).code).toBe("invalid_input");
  });
});

import { parseParams } from "@sda/contract";
import { describe, expect, it } from "vitest";
import { itemDetailsParams } from "../spec/item-details.ts";
import { searchParams } from "../spec/search.ts";
import { storiesParams } from "../spec/stories.ts";
import { userDetailsParams, userHandleOf } from "../spec/user-details.ts";
import { parseItemRef } from "./item-ref.ts";
import { parseUserRef } from "./user-ref.ts";

const errorOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error("expected an error");
};

describe("item references", () => {
  it.each([
    ["8863", 8863],
    ["  8863 ", 8863],
    ["https://news.ycombinator.com/item?id=8863", 8863],
    ["news.ycombinator.com/item?id=8863", 8863],
    ["http://news.ycombinator.com/item?id=34114259&p=2", 34114259],
    ["https://NEWS.ycombinator.com/item/?id=8863", 8863],
  ])("%s → %d", (input, id) => {
    expect(parseItemRef(input)).toEqual({ kind: "ok", value: id });
  });

  it.each([
    "https://www.reddit.com/r/golang/",
    "https://example.com/item?id=8863",
    "news.ycombinator.com/user?id=pg",
    "https://news.ycombinator.com/",
  ])("%s is unsupported (422)", (input) => {
    expect(parseItemRef(input).kind).toBe("unsupported");
  });

  it.each([
    "",
    "0",
    "-5",
    "12abc",
    "news.ycombinator.com/item",
    "news.ycombinator.com/item?id=abc",
    "https://news.ycombinator.com:99999/item?id=1",
    "1234567890123",
  ])("%j is invalid (400)", (input) => {
    expect(parseItemRef(input).kind).toBe("invalid");
  });
});

describe("user references", () => {
  it.each([
    ["pg", "pg"],
    ["whoishiring", "whoishiring"],
    ["https://news.ycombinator.com/user?id=pg", "pg"],
    ["news.ycombinator.com/submitted?id=jl", "jl"],
    ["news.ycombinator.com/threads?id=dang", "dang"],
    ["a_b-c", "a_b-c"],
  ])("%s → %s", (input, handle) => {
    expect(parseUserRef(input)).toEqual({ kind: "ok", value: handle });
  });

  it("another site or a non-user page is unsupported; a malformed name is invalid", () => {
    expect(parseUserRef("https://github.com/pg").kind).toBe("unsupported");
    expect(parseUserRef("news.ycombinator.com/item?id=8863").kind).toBe("unsupported");
    expect(parseUserRef("a").kind).toBe("invalid");
    expect(parseUserRef("bad name!").kind).toBe("invalid");
    expect(parseUserRef("news.ycombinator.com/user?id=").kind).toBe("invalid");
  });
});

describe("parameters", () => {
  it("item-details: 422 unsupported_url for another site, 400 invalid_parameter for a malformed id", () => {
    expect(
      errorOf(() => parseParams(itemDetailsParams, { url: "https://example.com/item?id=1" })),
    ).toMatchObject({
      code: "unsupported_url",
      status: 422,
      details: { param: "url" },
    });
    expect(errorOf(() => parseParams(itemDetailsParams, { url: "item?id=x" }))).toMatchObject({
      code: "invalid_parameter",
      status: 400,
    });
    expect(errorOf(() => parseParams(itemDetailsParams, {}))).toMatchObject({ code: "missing_parameter" });
  });

  it("user-details takes url or handle, and needs one of them", () => {
    expect(
      userHandleOf(parseParams(userDetailsParams, { url: "https://news.ycombinator.com/user?id=pg" })),
    ).toBe("pg");
    expect(userHandleOf(parseParams(userDetailsParams, { url: "pg", handle: "jl" }))).toBe("jl");
    // A plain object schema: the gateway builds the cache key from its shape.
    expect(Object.keys(userDetailsParams.shape)).toEqual(["url", "handle", "cache"]);
    expect(parseParams(userDetailsParams, { handle: "jl", cache: "true" })).toEqual({
      handle: "jl",
      cache: true,
    });
    expect(errorOf(() => parseParams(userDetailsParams, {}))).toMatchObject({
      code: "missing_parameter",
      details: { param: "handle" },
    });
  });

  it("stories: defaults top/30, limit at most 500, list from the site's lists only", () => {
    expect(parseParams(storiesParams, {})).toMatchObject({ list: "top", limit: 30 });
    expect(errorOf(() => parseParams(storiesParams, { limit: "501" }))).toMatchObject({
      code: "parameter_out_of_range",
    });
    expect(errorOf(() => parseParams(storiesParams, { list: "hot" }))).toMatchObject({
      code: "invalid_enum_value",
    });
  });

  it("search: q of at least 2 characters, type and sort defaults", () => {
    expect(parseParams(searchParams, { q: "apple" })).toMatchObject({
      type: "story",
      sort: "relevance",
      limit: 20,
    });
    expect(errorOf(() => parseParams(searchParams, { q: "a" }))).toMatchObject({ code: "invalid_parameter" });
  });
});

import { errorsOf, ServiceError } from "@sda/core";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  boolParam,
  cacheParam,
  cursorParam,
  enumParam,
  failWith,
  limitParam,
  parseParams,
} from "./params.ts";

const schema = z.object({
  url: z.string().superRefine((value, ctx) => {
    if (value.includes("reddit.com")) failWith(ctx, "unsupported_url", "not a video URL");
  }),
  limit: limitParam(20, 200),
  sortBy: enumParam(["relevance", "date", "views"], { default: "relevance", aliases: { popular: "views" } }),
  fast: boolParam(false),
  cache: cacheParam,
  cursor: cursorParam,
  q: z.string().min(2).optional(),
});

function failure(raw: Record<string, unknown>): ServiceError {
  try {
    parseParams(schema, raw);
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error("expected a ServiceError");
}

describe("parseParams", () => {
  it("applies defaults and aliases", () => {
    expect(parseParams(schema, { url: "x", sortBy: "popular" })).toEqual({
      url: "x",
      limit: 20,
      sortBy: "views",
      fast: false,
      cache: false,
    });
  });

  it("treats empty values as absent (cursor= is the first page, url= is missing)", () => {
    expect(parseParams(schema, { url: "x", cursor: "" }).cursor).toBeUndefined();
    expect(failure({ url: "" })).toMatchObject({
      code: "missing_parameter",
      status: 400,
      details: { param: "url" },
    });
  });

  it("names each problem with its own code", () => {
    expect(failure({})).toMatchObject({ code: "missing_parameter", details: { param: "url" } });
    expect(failure({ url: "x", limit: "0" })).toMatchObject({
      code: "parameter_out_of_range",
      details: { min: 1 },
    });
    expect(failure({ url: "x", limit: "201" })).toMatchObject({
      code: "parameter_out_of_range",
      details: { max: 200 },
    });
    expect(failure({ url: "x", limit: "ten" })).toMatchObject({
      code: "invalid_parameter",
      details: { param: "limit" },
    });
    expect(failure({ url: "x", limit: "1.5" })).toMatchObject({ code: "invalid_parameter" });
    expect(failure({ url: "x", sortBy: "best" })).toMatchObject({
      code: "invalid_enum_value",
      details: { allowed: ["relevance", "date", "views", "popular"] },
    });
    expect(failure({ url: "x", cache: "yes" })).toMatchObject({
      code: "invalid_enum_value",
      details: { param: "cache" },
    });
    expect(failure({ url: "x", q: "a" })).toMatchObject({ code: "invalid_parameter", details: { min: 2 } });
    expect(failure({ url: ["a", "b"] })).toMatchObject({
      code: "invalid_parameter",
      message: "url must be given once",
    });
  });

  it("answers a custom refinement with its own code and status (422 unsupported_url)", () => {
    expect(failure({ url: "https://www.reddit.com/r/x" })).toMatchObject({
      code: "unsupported_url",
      status: 422,
    });
  });

  it("answers a refinement refused with a platform's code with that code's status (fail.spec)", () => {
    const fail = errorsOf({ invalid_input: { status: 400, retryable: false } });
    const chat = z.object({
      url: z.string().superRefine((value, ctx) => {
        if (value.startsWith("+"))
          failWith(ctx, fail.spec("invalid_input"), "an invite link", { foreign: true });
      }),
    });
    expect(fail.spec("invalid_input")).toEqual({ code: "invalid_input", status: 400, retryable: false });
    expect(() => parseParams(chat, { url: "+abc" })).toThrow(
      expect.objectContaining({
        code: "invalid_input",
        status: 400,
        retryable: false,
        details: { param: "url", foreign: true },
      }),
    );
  });

  it("takes integers only as plain decimal: 0x10, ' 5', '1e2', '5.0', '+5' are 400 invalid_parameter (issue 9)", () => {
    for (const limit of ["0x10", " 5", "5 ", "1e2", "5.0", "+5", "0b11", "Infinity"])
      expect(failure({ url: "x", limit }), JSON.stringify(limit)).toMatchObject({
        code: "invalid_parameter",
        details: { param: "limit" },
      });
    expect(parseParams(schema, { url: "x", limit: "16" }).limit).toBe(16);
    expect(parseParams(schema, { url: "x", limit: "007" }).limit).toBe(7);
    expect(failure({ url: "x", limit: "-1" })).toMatchObject({ code: "parameter_out_of_range" });
  });
});

import { parseParams } from "@sda/contract";
import { ServiceError } from "@sda/core";
import { describe, expect, it } from "vitest";
import { searchParams } from "./search-params.ts";

describe("searchParams", () => {
  const parse = (raw: Record<string, string>) => parseParams(searchParams, raw);
  const failure = (raw: Record<string, string>) => {
    try {
      parse(raw);
    } catch (error) {
      return error as ServiceError;
    }
    throw new Error("expected a failure");
  };

  it("applies defaults and resolves aliases to canonical values", () => {
    expect(parse({ q: "test" })).toMatchObject({
      q: "test",
      limit: 20,
      type: "all",
      sortBy: "relevance",
      uploadDate: "any",
      duration: "any",
      region: "US",
    });
    expect(
      parse({
        q: "test",
        type: "video",
        sortBy: "popular",
        uploadDate: "week",
        duration: "long",
        region: "de",
      }),
    ).toMatchObject({
      type: "videos",
      sortBy: "views",
      uploadDate: "this_week",
      duration: "over_20",
      region: "DE",
    });
    expect(parse({ q: "test", type: "short" }).type).toBe("shorts");
  });

  it("refuses short queries, bad regions, unknown enum values and limits out of range", () => {
    expect(failure({ q: " a " })).toMatchObject({ code: "invalid_parameter", status: 400 });
    expect(failure({})).toMatchObject({ code: "missing_parameter" });
    expect(failure({ q: "test", region: "USA" })).toMatchObject({ code: "invalid_parameter", status: 400 });
    expect(failure({ q: "test", region: "1A" })).toMatchObject({ code: "invalid_parameter" });
    expect(failure({ q: "test", sortBy: "newest" })).toMatchObject({ code: "invalid_enum_value" });
    expect(failure({ q: "test", limit: "201" })).toMatchObject({ code: "parameter_out_of_range" });
    expect(failure({ q: "test", limit: "0" })).toMatchObject({ code: "parameter_out_of_range" });
  });

  it("refuses a duration filter on results that are not long-form videos", () => {
    const error = failure({ q: "test", type: "shorts", duration: "short" });
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ code: "invalid_parameter", details: { param: "duration" } });
  });
});

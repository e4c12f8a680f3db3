import { parseParams, ServiceError } from "@sda/core";
import { describe, expect, it } from "vitest";
import { caseEntries } from "../test-corpus.ts";
import { encodeSearchParams, type SearchFilter, searchParams } from "./search-params.ts";

const none: SearchFilter = { type: "all", sortBy: "relevance", uploadDate: "any", duration: "any" };

describe("encodeSearchParams", () => {
  it("produces the params of every recorded search request", () => {
    const recorded = [
      "search-test-all",
      "search-test-channels",
      "search-test-playlists",
      "search-hashtag-shorts",
    ]
      .flatMap((id) => caseEntries(id))
      .map((entry) => entry._match.body?.params)
      .filter((value) => typeof value === "string");
    expect(recorded).toEqual(
      expect.arrayContaining(["8AEB", "EgIQAfABAQ%3D%3D", "EgIQAvABAQ%3D%3D", "EgIQA_ABAQ%3D%3D"]),
    );
    expect(encodeSearchParams(none)).toBe("8AEB");
    expect(encodeSearchParams({ ...none, type: "videos" })).toBe("EgIQAfABAQ%3D%3D");
    expect(encodeSearchParams({ ...none, type: "channels" })).toBe("EgIQAvABAQ%3D%3D");
    expect(encodeSearchParams({ ...none, type: "playlists" })).toBe("EgIQA_ABAQ%3D%3D");
  });

  it("encodes sort, upload date, duration and their combinations as the web client does", () => {
    expect(encodeSearchParams({ ...none, sortBy: "date" })).toBe("CALwAQE%3D");
    expect(encodeSearchParams({ ...none, sortBy: "views" })).toBe("CAPwAQE%3D");
    expect(encodeSearchParams({ ...none, sortBy: "rating" })).toBe("CAHwAQE%3D");
    expect(encodeSearchParams({ ...none, uploadDate: "last_hour" })).toBe("EgIIAfABAQ%3D%3D");
    expect(encodeSearchParams({ ...none, uploadDate: "this_year" })).toBe("EgIIBfABAQ%3D%3D");
    expect(encodeSearchParams({ ...none, duration: "under_4" })).toBe("EgIYAfABAQ%3D%3D");
    expect(encodeSearchParams({ ...none, duration: "4_20" })).toBe("EgIYA_ABAQ%3D%3D");
    expect(encodeSearchParams({ ...none, duration: "over_20" })).toBe("EgIYAvABAQ%3D%3D");
    expect(encodeSearchParams({ ...none, type: "movies" })).toBe("EgIQBPABAQ%3D%3D");
    // Sort by date + videos + this week + 4-20 minutes: 08 02 12 06 08 03 10 01 18 03 f0 01 01.
    expect(
      encodeSearchParams({ type: "videos", sortBy: "date", uploadDate: "this_week", duration: "4_20" }),
    ).toBe("CAISBggDEAEYA_ABAQ%3D%3D");
  });
});

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

import { describe, expect, it } from "vitest";
import { caseEntries } from "../../../test/corpus.ts";
import type { SearchFilter } from "../../inputs/search-params.ts";
import { encodeSearchParams } from "./search-filter.ts";

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

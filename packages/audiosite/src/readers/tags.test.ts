import { describe, expect, it } from "vitest";
import { readTagList } from "./tags.ts";

describe("readTagList", () => {
  it("splits on spaces outside double quotes, trims stray spaces inside quotes, keeps machine tags apart", () => {
    expect(
      readTagList('AltRock "Alternative " Rock soundcloud:source=android-record "Electronic Rock" Rap'),
    ).toEqual({
      tags: ["AltRock", "Alternative", "Rock", "Electronic Rock", "Rap"],
      machineTags: ["soundcloud:source=android-record"],
    });
  });
  it("reads an empty or missing list as no tags, and drops repeats", () => {
    expect(readTagList("")).toEqual({ tags: [], machineTags: [] });
    expect(readTagList(null)).toEqual({ tags: [], machineTags: [] });
    expect(readTagList("a a  b")).toEqual({ tags: ["a", "b"], machineTags: [] });
  });
});

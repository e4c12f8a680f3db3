import { describe, expect, it } from "vitest";
import { exactMediaId, mediaIdToShortcode, shortcodeToMediaId } from "./shortcode.ts";

describe("shortcode ↔ media id", () => {
  it("converts the corpus README's pair both ways", () => {
    expect(shortcodeToMediaId("C10MvewSSYl")).toBe("3275298868401088037");
    expect(mediaIdToShortcode("3275298868401088037")).toBe("C10MvewSSYl");
  });

  it("converts the recorded media of the corpus (ids read from the media-info answers)", () => {
    const pairs: [string, string][] = [
      ["CAnqPB-Jzcj", "2317006284167526179"],
      ["CAG3E8-A3wf", "2307774091974900767"],
      ["Chm_-tPJqpd", "2911295595251935837"],
      ["CUNKNOWN001", "2669835043323989301"],
      ["DXb_4eviZ7J", "3880976462140513993"],
    ];
    for (const [code, id] of pairs) {
      expect(shortcodeToMediaId(code)).toBe(id);
      expect(mediaIdToShortcode(id)).toBe(code);
    }
  });

  it("ignores the owner part of a v1 id and refuses what is not an id or a shortcode", () => {
    expect(mediaIdToShortcode("3275298868401088037_25519719")).toBe("C10MvewSSYl");
    expect(() => mediaIdToShortcode("12a")).toThrow(RangeError);
    expect(() => shortcodeToMediaId("abc!")).toThrow(RangeError);
    expect(() => shortcodeToMediaId("")).toThrow(RangeError);
  });

  it("takes the exact id from the pk string, the id string or the shortcode, never a rounded number", () => {
    // 2022 answers give pk as a JSON number beyond 2^53: JSON.parse rounds it.
    const rounded = JSON.parse('{"pk": 2317006284167526179}').pk as number;
    expect(exactMediaId(rounded, "2317006284167526179_305701719", null)).toBe("2317006284167526179");
    expect(exactMediaId(rounded, undefined, "CAnqPB-Jzcj")).toBe("2317006284167526179");
    expect(exactMediaId(rounded, undefined, null)).toBeNull();
    expect(exactMediaId("3275298868401088037", undefined, null)).toBe("3275298868401088037");
    expect(exactMediaId(305701719, undefined, null)).toBe("305701719");
  });
});

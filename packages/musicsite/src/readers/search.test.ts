import { describe, expect, it } from "vitest";
import { recordedJson, recordedText } from "../../test/corpus.ts";
import { readSearchPage, readSuggestions } from "./search.ts";

describe("search pages", () => {
  it("page 1 of `noise`: 18 bands (artists and labels) with their plain URLs, and a next page", () => {
    const { results, hasNext } = readSearchPage(recordedText("search-noise", 0));
    expect(hasNext).toBe(true);
    expect(results).toHaveLength(18);
    expect(results.every((r) => r.type === "artist")).toBe(true);
    expect(results[0]).toEqual({
      type: "artist",
      id: "989019675",
      title: "Joyful Noise Recordings",
      url: "https://joyfulnoise.bandcamp.com",
      imageUrl: "https://f4.bcbits.com/img/0001789786_23.jpg",
      subhead: "Indianapolis, Indiana",
      genre: null,
      tags: [],
    });
    expect(results.filter((r) => r.genre !== null).length).toBe(10);
    expect(results.some((r) => r.url?.includes("?"))).toBe(false);
  });

  it("page 2 of `noise` and both pages of `e`", () => {
    const second = readSearchPage(recordedText("search-noise", 1));
    expect(second.results).toHaveLength(18);
    expect(second.hasNext).toBe(true);
    const first = readSearchPage(recordedText("search-noise", 0));
    expect(second.results.map((r) => r.id)).not.toContain(first.results[0]?.id);
    const e1 = readSearchPage(recordedText("search-e", 0));
    expect(e1.results[0]).toMatchObject({
      type: "artist",
      id: "2030709861",
      title: "L.I.E.S. Records",
      subhead: "New York, New York",
      genre: "Electronic",
      tags: ["house", "experimental", "techno", "ambient", "industrial", "Electronic"],
    });
    expect(e1.results.at(-1)).toEqual({
      type: "album",
      id: "2292468963",
      title: "The Georgia E.P.",
      url: "https://deathcabforcutie.bandcamp.com/album/the-georgia-e-p",
      imageUrl: "https://f4.bcbits.com/img/a3267728222_7.jpg",
      subhead: "by Death Cab for Cutie",
      genre: null,
      tags: ["Washington", "Alternative", "United States", "Seattle"],
    });
    expect(readSearchPage(recordedText("search-e", 1)).results).toHaveLength(18);
  });

  it("tracks with their album in the subhead", () => {
    const { results } = readSearchPage(recordedText("search-minecraft-volume-alpha", 0));
    expect(results).toHaveLength(18);
    expect(results.find((r) => r.type === "track")).toEqual({
      type: "track",
      id: "1691975503",
      title: "Minecraft",
      url: "https://c418.bandcamp.com/track/minecraft",
      imageUrl: "https://f4.bcbits.com/img/a3390257927_7.jpg",
      subhead: "from Minecraft - Volume Alpha by C418",
      genre: null,
      tags: [],
    });
    const basement = readSearchPage(recordedText("search-best-friends-basement", 0));
    expect(basement.results.length).toBeGreaterThan(0);
    expect(basement.results.every((r) => r.type === "track")).toBe(true);
  });

  it("a page without results or pager reads as empty", () => {
    expect(readSearchPage("<html><body><ul class='result-items'></ul></body></html>")).toEqual({
      results: [],
      hasNext: false,
    });
  });
});

describe("autocomplete", () => {
  it("typed suggestions: the artist with its own id as bandId, its albums with the band", () => {
    const results = readSuggestions(recordedJson("autocomplete-c418"));
    expect(results[0]).toEqual({
      type: "artist",
      id: "3385865266",
      name: "C418",
      url: "https://c418.bandcamp.com",
      bandId: "3385865266",
      bandName: "C418",
      imageUrl: "https://f4.bcbits.com/img/0025187517_23.jpg",
      genre: "Electronic",
      tags: ["ambient", "Electronic", "electronica", "idm"],
    });
    expect(results[2]).toMatchObject({
      type: "album",
      id: "1349219244",
      name: "Minecraft - Volume Alpha",
      url: "https://c418.bandcamp.com/album/minecraft-volume-alpha",
      bandId: "3385865266",
      bandName: "C418",
    });
    expect(new Set(results.map((r) => r.type))).toEqual(new Set(["artist", "album", "track"]));
  });
});

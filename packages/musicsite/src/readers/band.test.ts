import { describe, expect, it } from "vitest";
import { recordedJson, recordedText } from "../../test/corpus.ts";
import { bandIdOf, readBandDetails } from "./band.ts";
import { readPageData } from "./page-data.ts";

const band = (caseId: string, index: number) => {
  const read = readBandDetails(recordedJson(caseId, index), "musicsite");
  if (!read || !("band" in read)) throw new Error(`${caseId}#${index} is no band`);
  return read.band;
};

describe("artist pages: data-band", () => {
  it("names the band on every artist page, custom domains and release pages included", () => {
    const ids: [string, number, string][] = [
      ["artist-toupie-empty-discography", 0, "2450875064"],
      ["artist-toupie-empty-discography", 1, "2450875064"],
      ["artist-lobstertheremin-custom-domain", 0, "2735462545"],
      ["artist-lobstertheremin-custom-domain", 1, "2735462545"],
      ["artist-lobstertheremin-custom-domain", 2, "2735462545"],
      ["artist-usopop-custom-domain", 0, "3826445168"],
      ["artist-root-is-a-release", 0, "1196681540"],
      ["artist-root-is-a-release", 1, "3775652329"],
      ["artist-root-is-a-release", 2, "1581461772"],
      ["album-infiniteammo-night-in-the-woods", 1, "3321800855"],
      ["album-usopop-garun-ta-eztarri-vinyl-sold-out", 0, "3826445168"],
    ];
    for (const [caseId, index, id] of ids)
      expect(bandIdOf(readPageData(recordedText(caseId, index)).band), `${caseId}#${index}`).toBe(id);
  });

  it("a page that is not Bandcamp's has none", () => {
    expect(readPageData(recordedText("band-details-errors", 2)).band).toBeNull();
  });
});

describe("band_details", () => {
  it("an artist with an empty discography: releases [] and zero counts", () => {
    expect(band("artist-toupie-empty-discography", 2)).toMatchObject({
      platform: "musicsite",
      id: "2450875064",
      name: "toupie",
      username: "toupie",
      url: "https://toupie.bandcamp.com",
      bio: "making music:)",
      location: "Hyogo Prefecture, Japan",
      imageId: "28807809",
      avatar: "https://f4.bcbits.com/img/0028807809_10.jpg",
      sites: [{ url: "https://twitter.com/thetoupie", title: "Twitter" }],
      releases: [],
      albumCount: 0,
      trackCount: 0,
      artists: [],
    });
  });

  it("a label on a custom domain: its sites and its roster of 23", () => {
    const label = band("artist-lobstertheremin-custom-domain", 3);
    expect(label).toMatchObject({
      id: "2735462545",
      name: "Lobster Theremin",
      url: "https://lobstertheremin.com",
      username: null,
      bio: "Record Label // Home-made Instrument",
      location: "London, UK",
    });
    expect(label.sites.map((s) => s.title)).toEqual(["Facebook", "SoundCloud", "Twitter", "discogs.com"]);
    expect(label.artists).toHaveLength(23);
    expect(label.artists[0]).toEqual({
      id: "2762932854",
      name: "AFAMoo",
      location: "Tokyo, Japan",
      imageId: "31499644",
    });
  });

  it("a discography of albums and tracks, in the site's order, with the band's name as artist", () => {
    const mac = band("artist-root-is-a-release", 3);
    expect(mac).toMatchObject({
      id: "1196681540",
      name: "mac benson",
      location: "UK",
      albumCount: 2,
      trackCount: 2,
    });
    expect(mac.releases[0]).toEqual({
      id: "2417526755",
      type: "track",
      title: "call me up again (demo)",
      artist: "mac benson",
      releaseDate: "2023-04-14",
      purchasable: true,
      artId: "4286415236",
      bandId: "1196681540",
    });
    const nagi = band("artist-root-is-a-release", 4);
    expect(nagi.releases.map((r) => r.title)).toEqual([
      "Alabaster Dawn (Original Soundtrack)",
      "CrossCode ~ The Ultimate Arrange",
      "CrossCode Original Soundtrack EX",
      "CrossCode (Original Game Soundtrack)",
    ]);
    const alec = band("album-infiniteammo-night-in-the-woods", 2);
    expect(alec).toMatchObject({
      id: "3321800855",
      name: "Alec Holowka",
      bio: null,
      location: "Winnipeg, Manitoba",
    });
    expect(alec.releases).toHaveLength(10);
    expect(alec.releases[0]).toMatchObject({ id: "816099561", type: "album", releaseDate: "2017-03-06" });
  });

  it("reads the HTTP 200 error answers as errors", () => {
    expect(readBandDetails(recordedJson("band-details-errors", 0), "musicsite")).toEqual({
      error: "band_id 0 not found",
    });
    expect(readBandDetails(recordedJson("band-details-errors", 1), "musicsite")).toEqual({
      error: 'invalid int: "https://bandcamp.com"',
    });
  });
});

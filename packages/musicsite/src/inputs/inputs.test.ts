import { parseParams } from "@sda/contract";
import type { ServiceError } from "@sda/core";
import { describe, expect, it } from "vitest";
import { artistParams } from "../spec/artist.ts";
import { releaseParams } from "../spec/release.ts";
import { searchParams } from "../spec/search.ts";
import { parseBandcampLink } from "./links.ts";

/** The error a parse throws (the gateway answers it before any upstream call). */
function refusal(schema: Parameters<typeof parseParams>[0], query: Record<string, string>): ServiceError {
  try {
    parseParams(schema, query);
  } catch (error) {
    return error as ServiceError;
  }
  throw new Error(`accepted ${JSON.stringify(query)}`);
}

describe("Bandcamp links", () => {
  it("reads artist hosts, custom domains and their pages", () => {
    expect(parseBandcampLink("https://toupie.bandcamp.com/")).toEqual({
      ok: {
        kind: "artist",
        host: "toupie.bandcamp.com",
        path: "/",
        slug: null,
        url: "https://toupie.bandcamp.com/",
        bandcampHost: true,
      },
    });
    expect(parseBandcampLink("toupie.bandcamp.com/releases")).toMatchObject({
      ok: { kind: "artist", path: "/releases", url: "https://toupie.bandcamp.com/releases" },
    });
    expect(parseBandcampLink("http://LobsterTheremin.com/music/?x=1#top")).toMatchObject({
      ok: { kind: "artist", host: "lobstertheremin.com", path: "/music/", bandcampHost: false },
    });
    // Any other page of the artist's site names the artist: its home page is read.
    // A custom domain's path must be a Bandcamp page's: another platform's URL is no artist's.
    expect(parseBandcampLink("https://www.tiktok.com/@someone/video/1")).toMatchObject({
      unsupported: expect.stringContaining("not a Bandcamp link"),
    });
    expect(parseBandcampLink("https://diskak.usopop.com/merch")).toMatchObject({
      ok: { kind: "artist", host: "diskak.usopop.com", path: "/" },
    });
  });

  it("reads album and track links, repeated slashes collapsed", () => {
    expect(parseBandcampLink("https://billwurtz.bandcamp.com/album/high-enough/")).toMatchObject({
      ok: { kind: "album", slug: "high-enough", path: "/album/high-enough" },
    });
    expect(parseBandcampLink("https://macbenson.bandcamp.com//track/coming-of-age")).toMatchObject({
      ok: {
        kind: "track",
        path: "/track/coming-of-age",
        url: "https://macbenson.bandcamp.com/track/coming-of-age",
      },
    });
  });

  it("refuses malformed links and Bandcamp pages that are no artist's (invalid)", () => {
    for (const value of [
      "not a url at all",
      "ftp://toupie.bandcamp.com/",
      "https://user:pw@toupie.bandcamp.com/",
      "https://toupie.bandcamp.com:8443/",
      "https://bandcamp.com/search?q=x",
      "https://daily.bandcamp.com/features",
      "https://f4.bcbits.com/img/a1_10.jpg",
      "https://toupie.bandcamp.com/album/",
      "https://toupie.bandcamp.com/album/a/b",
      "https://-bad-.bandcamp.com/",
    ])
      expect(parseBandcampLink(value), value).toHaveProperty("invalid");
  });

  it("tells hosts that cannot be an artist's (an IP, a bare name) apart as another site's (unsupported)", () => {
    for (const value of [
      "https://127.0.0.1/album/x",
      "https://[::1]/",
      "https://localhost/",
      "dQw4w9WgXcQ",
      "https://-bad-.example.com/",
    ])
      expect(parseBandcampLink(value), value).toHaveProperty("unsupported");
  });
});

describe("parameters (refused before any upstream call)", () => {
  it("artist: url or bandId", () => {
    expect(parseParams(artistParams, { bandId: "3826445168" })).toMatchObject({ bandId: "3826445168" });
    expect(refusal(artistParams, {})).toMatchObject({ code: "invalid_parameter", status: 400 });
    expect(refusal(artistParams, { bandId: "https://bandcamp.com" })).toMatchObject({
      code: "invalid_parameter",
    });
    expect(refusal(artistParams, { url: "https://bandcamp.com/" })).toMatchObject({
      code: "invalid_url",
      status: 400,
    });
  });

  it("release: an album or track url, or bandId + itemId + type", () => {
    expect(parseParams(releaseParams, { url: "https://x.bandcamp.com/track/y" })).toMatchObject({
      url: { kind: "track" },
    });
    expect(
      parseParams(releaseParams, { bandId: "3877364987", itemId: "3486455278", type: "track" }),
    ).toMatchObject({
      type: "track",
    });
    // An artist's link is read: only its page tells whether it is the artist's one release (url_kind_mismatch else).
    expect(parseParams(releaseParams, { url: "https://diskak.usopop.com/releases" })).toMatchObject({
      url: { kind: "artist", host: "diskak.usopop.com", path: "/releases" },
    });
    expect(refusal(releaseParams, {})).toMatchObject({ code: "invalid_parameter" });
    expect(refusal(releaseParams, { bandId: "1", itemId: "2" })).toMatchObject({ code: "invalid_parameter" });
    expect(refusal(releaseParams, { bandId: "1", itemId: "2", type: "single" })).toMatchObject({
      code: "invalid_enum_value",
    });
    expect(refusal(releaseParams, { url: "https://[::1]/album/x" })).toMatchObject({
      code: "unsupported_url",
      status: 422,
    });
    expect(refusal(releaseParams, { url: "https://bandcamp.com/album/x" })).toMatchObject({
      code: "invalid_url",
    });
  });

  it("search: q and a page from 1", () => {
    expect(parseParams(searchParams, { q: " noise " })).toMatchObject({ q: "noise", page: 1 });
    expect(refusal(searchParams, { q: "noise", page: "0" }).code).toBe("parameter_out_of_range");
    expect(refusal(searchParams, { q: "noise", page: "two" }).code).toBe("invalid_parameter");
    expect(refusal(searchParams, {}).code).toBe("missing_parameter");
  });
});

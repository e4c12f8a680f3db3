import { describe, expect, it } from "vitest";
import { parseHashtag, parseNumericId, parsePost, parseProfile } from "./params.ts";

describe("profile input", () => {
  it("accepts profile URLs (with subpages), @handles and bare usernames, lower-cased", () => {
    for (const input of [
      "https://www.instagram.com/NASA/",
      "instagram.com/nasa",
      "https://instagram.com/nasa/reels/?hl=en",
      "@nasa",
      "nasa",
    ])
      expect(parseProfile(input)).toEqual({
        ok: true,
        value: { username: "nasa", url: "https://www.instagram.com/nasa/" },
      });
    expect(parseProfile("marie_2_0")).toMatchObject({ ok: true, value: { username: "marie_2_0" } });
  });

  it("refuses other platforms and non-profile pages with 422, garbage with 400", () => {
    expect(parseProfile("https://www.youtube.com/@nasa")).toMatchObject({
      ok: false,
      code: "unsupported_url",
    });
    expect(parseProfile("https://www.instagram.com/p/C10MvewSSYl/")).toMatchObject({
      ok: false,
      code: "unsupported_url",
    });
    expect(parseProfile("not a handle!")).toMatchObject({ ok: false, code: "invalid_parameter" });
  });
});

describe("post input", () => {
  it("accepts /p/, /reel/, /reels/, /tv/ and /<user>/p/ URLs, shortcodes and media ids", () => {
    const expected = {
      ok: true,
      value: {
        shortcode: "C10MvewSSYl",
        mediaId: "3275298868401088037",
        url: "https://www.instagram.com/p/C10MvewSSYl/",
      },
    };
    for (const input of [
      "https://www.instagram.com/reel/C10MvewSSYl/?igsh=abc",
      "https://www.instagram.com/p/C10MvewSSYl",
      "instagram.com/reels/C10MvewSSYl/",
      "https://www.instagram.com/ninamukhar/p/C10MvewSSYl/",
      "C10MvewSSYl",
      "3275298868401088037",
      "3275298868401088037_25519719",
    ])
      expect(parsePost(input)).toEqual(expected);
  });

  it("refuses profile, audio and foreign URLs with 422", () => {
    expect(parsePost("https://www.instagram.com/nasa/")).toMatchObject({
      ok: false,
      code: "unsupported_url",
    });
    expect(parsePost("https://www.instagram.com/reels/audio/1053780911670375/")).toMatchObject({
      ok: false,
      code: "unsupported_url",
    });
    expect(parsePost("https://vimeo.com/p/abc")).toMatchObject({ ok: false, code: "unsupported_url" });
  });

  it("refuses media ids of 21 to 25 digits (issue 21 #4: the shortcode conversion threw, a 500)", () => {
    expect(parsePost("18446744073709551615")).toMatchObject({ ok: true });
    for (const id of ["1".repeat(21), "9".repeat(25), `${"1".repeat(22)}_123`])
      expect(parsePost(id)).toEqual({
        ok: false,
        code: "invalid_parameter",
        message: "url: a media id has 12 to 20 digits",
      });
  });
});

describe("ids and hashtags", () => {
  it("reads audio ids from ids and audio page URLs, highlight ids with their v1 prefix", () => {
    expect(
      parseNumericId("https://www.instagram.com/reels/audio/1053780911670375/", "audioId", "audio"),
    ).toEqual({
      ok: true,
      value: "1053780911670375",
    });
    expect(parseNumericId("highlight:18137590444014024", "id", "highlights")).toEqual({
      ok: true,
      value: "18137590444014024",
    });
    expect(parseNumericId("abc", "audioId", "audio")).toMatchObject({ ok: false, code: "invalid_parameter" });
  });

  it("reads hashtags with or without # and from tag URLs", () => {
    expect(parseHashtag("#AsianGames2023")).toEqual({ ok: true, value: "asiangames2023" });
    expect(parseHashtag("https://www.instagram.com/explore/tags/asiangames2023/")).toEqual({
      ok: true,
      value: "asiangames2023",
    });
    expect(parseHashtag("two words")).toMatchObject({ ok: false, code: "invalid_parameter" });
  });
});

describe("malformed percent-escapes (issue 9, fault 2: was a 500 internal_error)", () => {
  it("answers 400 invalid_parameter for %E0%A4 and a lone % in a URL path, for every parser", () => {
    const bad = "invalid_parameter";
    expect(parseProfile("https://www.instagram.com/%E0%A4/")).toMatchObject({ ok: false, code: bad });
    expect(parsePost("https://www.instagram.com/p/%/")).toMatchObject({ ok: false, code: bad });
    expect(parseNumericId("https://www.instagram.com/reels/audio/%E0%A4/", "audioId", "audio")).toMatchObject(
      {
        ok: false,
        code: bad,
      },
    );
    expect(parseHashtag("https://www.instagram.com/explore/tags/%E0%A4/")).toMatchObject({
      ok: false,
      code: bad,
    });
  });
});

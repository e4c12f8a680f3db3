import { parseParams } from "@sda/contract";
import { ServiceError } from "@sda/core";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { audioUrlParam, searchQueryParam } from "./params.ts";
import { parseAudioRef } from "./ref.ts";

const ok = (input: string) => {
  const read = parseAudioRef(input);
  if (!("ok" in read)) throw new Error(`refused ${input}: ${read.invalid}`);
  return read.ok;
};

describe("parseAudioRef: accepted forms, canonicalised", () => {
  it.each([
    ["https://soundcloud.com/dubmatix", "user", "https://soundcloud.com/dubmatix"],
    ["http://www.soundcloud.com/Dubmatix/", "user", "https://soundcloud.com/dubmatix"],
    ["m.soundcloud.com/monstercat?utm_source=x", "user", "https://soundcloud.com/monstercat"],
    [
      "https://soundcloud.com/liluzivert/fresh-produced-by-zaytoven#t=69",
      "track",
      "https://soundcloud.com/liluzivert/fresh-produced-by-zaytoven",
    ],
    [
      "http://soundcloud.com/liluzivert/15-boring-shit?ref=clipboard&si=abc",
      "track",
      "https://soundcloud.com/liluzivert/15-boring-shit",
    ],
    [
      "https://soundcloud.com/garrett-cameron-1/technicality/comments",
      "track",
      "https://soundcloud.com/garrett-cameron-1/technicality",
    ],
    ["https://soundcloud.com/micky96/sets/house", "playlist", "https://soundcloud.com/micky96/sets/house"],
    [
      "https://soundcloud.com/breezy-123/sets/empty-playlist?test=123",
      "playlist",
      "https://soundcloud.com/breezy-123/sets/empty-playlist",
    ],
  ])("%s → %s %s", (input, kind, url) => {
    expect(ok(input)).toEqual({ by: "url", kind, url });
  });

  it.each([
    ["https://soundcloud.com/liluzivert/sets", "https://soundcloud.com/liluzivert/sets"],
    ["https://www.soundcloud.com/LilUziVert/tracks/", "https://soundcloud.com/liluzivert/tracks"],
    ["https://soundcloud.com/liluzivert/likes?x=1", "https://soundcloud.com/liluzivert/likes"],
    ["https://soundcloud.com/bigsean-1/albums", "https://soundcloud.com/bigsean-1/albums"],
  ])("a user tab link %s names the user, resolved as %s, else as the bare link", (input, url) => {
    expect(ok(input)).toEqual({ by: "url", kind: "user", url, fallback: url.replace(/\/[a-z-]+$/, "") });
  });

  it("reads urns and short links", () => {
    expect(ok("soundcloud:users:542134")).toEqual({ by: "id", kind: "user", id: "542134" });
    expect(ok("soundcloud:tracks:2270480027")).toEqual({ by: "id", kind: "track", id: "2270480027" });
    expect(ok("soundcloud:playlists:136000376")).toEqual({ by: "id", kind: "playlist", id: "136000376" });
    expect(ok("https://on.soundcloud.com/rdt7e")).toEqual({
      by: "short",
      kind: null,
      url: "https://on.soundcloud.com/rdt7e",
    });
  });

  it.each([
    "",
    "https://youtube.com/watch?v=x",
    "https://soundcloud.com/",
    "https://soundcloud.com/discover",
    "https://soundcloud.com/a/b/c/d/e",
    "soundcloud:comments:1",
    "soundcloud:tracks:abc",
    "soundcloud:users:0",
    "ftp://soundcloud.com/dubmatix",
    "https://user:pw@soundcloud.com/dubmatix",
    "https://soundcloud.com/%E0%A4%A",
    "https://on.soundcloud.com/",
  ])("refuses %j", (input) => {
    expect(parseAudioRef(input)).toHaveProperty("invalid");
  });
});

describe("audioUrlParam: the gateway's errors, before any upstream call", () => {
  const schema = z.object({ url: audioUrlParam("user"), q: searchQueryParam.optional() });
  const codeOf = (query: Record<string, string>) => {
    try {
      parseParams(schema, query);
      return null;
    } catch (error) {
      return error instanceof ServiceError ? { code: error.code, details: error.details } : error;
    }
  };

  it("400 invalid_url for another host or a bad urn", () => {
    expect(codeOf({ url: "https://bandcamp.com/x" })).toMatchObject({
      code: "invalid_url",
      details: { param: "url" },
    });
    expect(codeOf({ url: "soundcloud:users:x" })).toMatchObject({ code: "invalid_url" });
  });

  it("400 url_kind_mismatch with the kind given", () => {
    expect(codeOf({ url: "https://soundcloud.com/micky96/sets/house" })).toMatchObject({
      code: "url_kind_mismatch",
      details: { kind: "playlist", expected: "user" },
    });
    expect(codeOf({ url: "soundcloud:tracks:1" })).toMatchObject({
      code: "url_kind_mismatch",
      details: { kind: "track" },
    });
  });

  it("a short link passes (its kind is read at run time); q needs 2 characters", () => {
    expect(codeOf({ url: "on.soundcloud.com/rdt7e" })).toBeNull();
    expect(codeOf({ url: "soundcloud:users:1", q: " a " })).toMatchObject({ code: "invalid_parameter" });
  });
});

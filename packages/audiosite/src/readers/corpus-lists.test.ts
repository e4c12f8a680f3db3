import { describe, expect, it } from "vitest";
import { audioEntries, recordedJson } from "../../test/corpus.ts";
import {
  readChartHead,
  readChartRow,
  readLike,
  readListAnswer,
  readSearchResult,
  readSuggestions,
} from "./lists.ts";
import { readPlaylist, readPlaylistEntries } from "./playlist.ts";
import { readTrack } from "./track.ts";

// Every audiosite corpus case of playlists, lists, search and charts, read by the readers (users and tracks: corpus.test.ts).

const pageOf = (caseId: string, index: number) => readListAnswer(recordedJson(caseId, index));

describe("playlists", () => {
  it("playlist-user350509423-edm-xxx: 451 tracks, 5 complete, stubs completed in the order of ids", () => {
    const caseId = "playlist-user350509423-edm-xxx";
    const playlist = readPlaylist(recordedJson(caseId, 0), "audiosite");
    expect(playlist).toMatchObject({
      id: "136000376",
      trackCount: 451,
      urn: "soundcloud:playlists:136000376",
    });
    expect(readPlaylist(recordedJson(caseId, 2), "audiosite")?.id).toBe("136000376");
    const entries = readPlaylistEntries(recordedJson(caseId, 2), "audiosite");
    expect(entries).toHaveLength(451);
    expect(entries.filter((e) => e.complete)).toHaveLength(5);
    const stubIds = entries.flatMap((e) => (e.complete ? [] : [e.stub.id]));
    for (const [batch, index] of [
      [0, 3],
      [1, 4],
      [2, 5],
    ] as const) {
      const ids = stubIds.slice(batch * 15, batch * 15 + 15);
      expect(audioEntries(caseId)[index]?._match.query?.ids).toBe(ids.join(","));
      const answered = (recordedJson(caseId, index) as unknown[]).map((t) => readTrack(t, "audiosite")?.id);
      expect([...answered].sort()).toEqual([...ids].sort());
      expect(answered).not.toEqual(ids);
    }
  });

  it("playlist-micky96-house: 426 tracks, 3 complete, one batch", () => {
    const caseId = "playlist-micky96-house";
    expect(readPlaylist(recordedJson(caseId, 0), "audiosite")).toMatchObject({
      id: "123062856",
      trackCount: 426,
    });
    const entries = readPlaylistEntries(recordedJson(caseId, 2), "audiosite");
    expect(entries.filter((e) => e.complete)).toHaveLength(3);
    expect((recordedJson(caseId, 3) as unknown[]).map((v) => readTrack(v, "audiosite"))).toHaveLength(15);
  });

  it("playlist-breezy-123-empty-playlist: 2 tracks, 1 stub; empty strings null", () => {
    const caseId = "playlist-breezy-123-empty-playlist";
    const playlist = readPlaylist(recordedJson(caseId, 3), "audiosite");
    expect(playlist).toMatchObject({
      id: "23483459",
      title: "EMPTY PLAYLIST",
      url: "https://soundcloud.com/breezy-123/sets/empty-playlist",
      permalink: "empty-playlist",
      createdAt: "2014-02-15T11:10:52.000Z",
      publishedAt: null,
      releaseDate: null,
      isAlbum: false,
      setType: null,
      genre: null,
      tags: [],
      artworkUrl: null,
      description: null,
      durationMs: 1762385,
      durationSeconds: 1762,
      trackCount: 2,
      likeCount: 0,
      repostCount: 0,
      license: "all-rights-reserved",
    });
    expect(readPlaylistEntries(recordedJson(caseId, 3), "audiosite").map((e) => e.complete)).toEqual([
      true,
      false,
    ]);
    expect(readPlaylist(recordedJson(caseId, 0), "audiosite")).toEqual(
      readPlaylist(recordedJson(caseId, 1), "audiosite"),
    );
  });

  it("user-playlists-neffexmusic: 18 + 7 playlists", () => {
    const first = pageOf("user-playlists-neffexmusic", 1);
    expect(first.collection.map((v) => readPlaylist(v, "audiosite"))).toHaveLength(18);
    expect(readPlaylist(first.collection[0], "audiosite")).toMatchObject({
      id: "1741338600",
      title: "Change: The Collection",
    });
    expect(first.nextHref).toContain("offset=20");
    expect(pageOf("user-playlists-neffexmusic", 2).collection).toHaveLength(7);
  });

  it("user-albums-bigsean-1: 16 + 1 albums, set types", () => {
    const first = pageOf("user-albums-bigsean-1", 1);
    const albums = first.collection.map((v) => readPlaylist(v, "audiosite"));
    expect(albums).toHaveLength(16);
    expect(albums[0]).toMatchObject({ id: "1870178462", title: "Better Me Than You", isAlbum: true });
    expect(albums.every((a) => a?.setType !== null && a?.isAlbum)).toBe(true);
    const last = pageOf("user-albums-bigsean-1", 2);
    expect(last.collection.map((p) => readPlaylist(p, "audiosite")?.title)).toEqual(["Finally Famous"]);
    expect(last.nextHref).toBeNull();
  });

  it("user-likes-soreen-735855039-playlists: 20 + 20 playlist likes with their like times", () => {
    const first = pageOf("user-likes-soreen-735855039-playlists", 1);
    const likes = first.collection.map((v) => readLike(v, "audiosite"));
    expect(likes).toHaveLength(20);
    expect(likes[0]).toMatchObject({
      likedAt: "2025-07-08T15:40:55.000Z",
      type: "playlist",
      track: null,
      playlist: { id: "1782559458", title: "white girl music x sped up" },
    });
    expect(first.nextHref).toContain("offset=2025-07-08T15%3A40%3A31.345Z");
    expect(
      pageOf("user-likes-soreen-735855039-playlists", 2).collection.map((v) => readLike(v, "audiosite")),
    ).toHaveLength(20);
  });
});

describe("user tracks (user-tracks-hurtbox-empty-pages)", () => {
  it("ten pages chained by next_href, four of them empty", () => {
    const pages = audioEntries("user-tracks-hurtbox-empty-pages")
      .map((entry, index) => [entry, index] as const)
      .filter(([entry]) => entry._match.path === "/users/73637815/tracks")
      .map(([, index]) => pageOf("user-tracks-hurtbox-empty-pages", index));
    expect(pages).toHaveLength(10);
    expect(pages.map((p) => p.collection.length)).toEqual([4, 0, 0, 2, 0, 4, 0, 1, 1, 1]);
    expect(pages.every((p) => p.nextHref !== null)).toBe(true);
    expect(readTrack(pages[0]?.collection[0], "audiosite")).toMatchObject({
      id: "2259687149",
      title: "HURTBOX & BAW- SILENCE",
    });
  });
});

describe("search", () => {
  it("search-all-lill-uzi-vert: tracks only, 137341 results", () => {
    const body = recordedJson("search-all-lill-uzi-vert", 0);
    const results = readListAnswer(body).collection.map((v) => readSearchResult(v, "audiosite"));
    expect(results).toHaveLength(10);
    expect(results.every((r) => r?.type === "track")).toBe(true);
    expect(results[0]).toMatchObject({ type: "track", id: "2234866769", title: "What You Saying" });
    expect((body as { total_results: number }).total_results).toBe(137341);
    expect(pageOf("search-all-lill-uzi-vert", 1).collection).toHaveLength(10);
  });

  it("search-tracks/users/playlists-lill-uzi-vert: each kind, two pages", () => {
    const users = pageOf("search-users-lill-uzi-vert", 0).collection.map((v) =>
      readSearchResult(v, "audiosite"),
    );
    expect(users[0]).toMatchObject({ type: "user", id: "10494998", displayName: "Lil Uzi Vert" });
    const playlists = pageOf("search-playlists-lill-uzi-vert", 0).collection.map((v) =>
      readSearchResult(v, "audiosite"),
    );
    expect(playlists[0]).toMatchObject({
      type: "playlist",
      id: "492851544",
      title: "Luv Is Rage 2 (Deluxe)",
    });
    const tracks = pageOf("search-tracks-lill-uzi-vert", 0).collection.map((v) =>
      readSearchResult(v, "audiosite"),
    );
    expect(tracks.every((r) => r?.type === "track")).toBe(true);
    for (const caseId of [
      "search-users-lill-uzi-vert",
      "search-playlists-lill-uzi-vert",
      "search-tracks-lill-uzi-vert",
    ])
      expect(pageOf(caseId, 1).collection).toHaveLength(10);
  });

  it("search-all-wpghua-last-page: 3 users, the end", () => {
    const page = pageOf("search-all-wpghua-last-page", 0);
    expect(page.collection.map((r) => readSearchResult(r, "audiosite")?.type)).toEqual([
      "user",
      "user",
      "user",
    ]);
    expect(readSearchResult(page.collection[0], "audiosite")).toMatchObject({
      id: "360091154",
      displayName: "Wpg Ua",
    });
    expect(page.nextHref).toBeNull();
  });

  it("search-suggestions-lil-uzi-vert: 9 suggestions", () => {
    const suggestions = readSuggestions(recordedJson("search-suggestions-lil-uzi-vert", 0));
    expect(suggestions).toHaveLength(9);
    expect(suggestions[0]).toEqual({
      text: "lil uzi vert what you saying",
      query: "lil uzi vert what you saying",
    });
  });
});

describe("charts (charts-trending-all-music)", () => {
  it("two pages of 10 with scores; the GB region 404", () => {
    const first = recordedJson("charts-trending-all-music", 1);
    expect(readChartHead(first)).toEqual({ lastUpdated: "2026-02-20T06:38:12.000Z" });
    const rows = readListAnswer(first).collection.map((v) => readChartRow(v, "audiosite"));
    expect(rows).toHaveLength(10);
    expect(rows[0]).toMatchObject({ score: 0.8107800618396068, track: { id: "2244339893" } });
    expect(
      readListAnswer(recordedJson("charts-trending-all-music", 2)).collection.map((v) =>
        readChartRow(v, "audiosite"),
      )[0],
    ).toMatchObject({
      score: 0.6511806405883114,
      track: { title: "Lady Gaga - Alejandro (Tape B Flip)" },
    });
    expect(audioEntries("charts-trending-all-music")[0]?.response.status).toBe(404);
  });
});

import { describe, expect, it } from "vitest";
import { audioEntries, recordedJson, recordedText } from "../../test/corpus.ts";
import { readClientId, readScriptUrls } from "../client/client-id.ts";
import { readCanonicalLink } from "../client/resolve.ts";
import { obj } from "./json.ts";
import {
  readChartHead,
  readChartRow,
  readComment,
  readLike,
  readListAnswer,
  readSearchResult,
  readSuggestions,
} from "./lists.ts";
import { readPlaylist, readPlaylistEntries } from "./playlist.ts";
import { readTrack, readTranscodings } from "./track.ts";
import { readAuthor, readUser } from "./user.ts";

// Every audiosite corpus case, read by the readers, asserting values of the recordings (corpus README "audiosite").

const trackOf = (caseId: string, index: number) => {
  const track = readTrack(recordedJson(caseId, index));
  if (!track) throw new Error(`${caseId}#${index}: no track`);
  return track;
};
const pageOf = (caseId: string, index: number) => readListAnswer(recordedJson(caseId, index));

describe("client_id (client-id-web-app)", () => {
  it("lists the app scripts of the home page and finds the key in the last one", () => {
    const scripts = readScriptUrls(recordedText("client-id-web-app", 0));
    expect(scripts.at(-1)).toBe("https://a-v2.sndcdn.com/assets/54-a4b72eca.js");
    expect(readClientId(recordedText("client-id-web-app", 1))).toBe("CkCiIyf14rHi27fhk7HxhPOzc85okfSJ");
    expect(readClientId(recordedText("client-id-web-app", 0))).toBeNull();
  });
});

describe("users", () => {
  it("user-dubmatix: the profile, verified, with banner, plan and counts", () => {
    const user = readUser(recordedJson("user-dubmatix", 2));
    expect(user).toMatchObject({
      id: "542134",
      urn: "soundcloud:users:542134",
      username: "dubmatix",
      displayName: "dubmatix",
      fullName: "Dub matix",
      url: "https://soundcloud.com/dubmatix",
      banner: "https://i1.sndcdn.com/visuals-000000542134-6OBV3D-original.jpg",
      city: "Toronto",
      country: "CA",
      followers: 2775276,
      following: 66,
      postCount: 292,
      trackCount: 292,
      playlistCount: 27,
      likesCount: 126,
      playlistLikesCount: 10,
      commentsCount: 0,
      verified: true,
      badges: { pro: false, proUnlimited: false, creatorMidTier: false, verified: true },
      plan: "free",
      createdAt: "2010-01-20T11:56:32.000Z",
      lastModified: "2023-02-08T19:22:54.000Z",
    });
    expect(readUser(recordedJson("user-dubmatix", 0))).toEqual(user);
    expect(readCanonicalLink(recordedText("user-dubmatix", 1))).toBe("https://soundcloud.com/dubmatix");
  });

  it("resolve-users-trapcity-nocopyrightsounds: two users; their embed players name their links", () => {
    const trap = readUser(recordedJson("resolve-users-trapcity-nocopyrightsounds", 0));
    const ncs = readUser(recordedJson("resolve-users-trapcity-nocopyrightsounds", 1));
    expect(trap).toMatchObject({
      id: "26057743",
      username: "trapcity",
      banner: "https://i1.sndcdn.com/visuals-000026057743-7gHh5s-original.jpg",
    });
    expect(ncs).toMatchObject({ id: "16069159", username: "nocopyrightsounds" });
    for (const index of [2, 4])
      expect(readCanonicalLink(recordedText("resolve-users-trapcity-nocopyrightsounds", index))).toBe(
        "https://soundcloud.com/trapcity",
      );
    expect(readCanonicalLink(recordedText("resolve-users-trapcity-nocopyrightsounds", 3))).toBe(
      "https://soundcloud.com/nocopyrightsounds",
    );
  });

  it("resolve-user-not-found-404: the answer is 404 {}", () => {
    const [entry] = audioEntries("resolve-user-not-found-404");
    expect(entry?.response.status).toBe(404);
    expect(readUser(recordedJson("resolve-user-not-found-404", 0))).toBeNull();
  });

  it("user-followings-monstercat: 58 users, the last page", () => {
    expect(readUser(recordedJson("user-followings-monstercat", 0))).toMatchObject({
      id: "8553751",
      username: "monstercat",
    });
    expect(readUser(recordedJson("user-followings-monstercat", 1))?.id).toBe("8553751");
    const page = pageOf("user-followings-monstercat", 3);
    const users = page.collection.map(readAuthor);
    expect(users).toHaveLength(58);
    expect(users[0]).toMatchObject({
      id: "110031956",
      username: "marshmellomusic",
      displayName: "marshmello",
    });
    expect(page.nextHref).toBeNull();
  });

  it("user-followings-some-random-user-184047028: one user followed", () => {
    expect(readUser(recordedJson("user-followings-some-random-user-184047028", 0))?.id).toBe("217903802");
    const users = pageOf("user-followings-some-random-user-184047028", 2).collection.map(readAuthor);
    expect(users).toEqual([expect.objectContaining({ id: "322530553", displayName: "J.Fla" })]);
  });
});

describe("tracks", () => {
  it("track-garrett-cameron-1-technicality: counts, dates, formats; the #t= and canonical answers agree", () => {
    const track = trackOf("track-garrett-cameron-1-technicality", 2);
    expect(track).toMatchObject({
      id: "135535700",
      urn: "soundcloud:tracks:135535700",
      url: "https://soundcloud.com/garrett-cameron-1/technicality",
      permalink: "technicality",
      title: "Technicality",
      createdAt: "2014-02-18T21:25:01.000Z",
      releaseDate: null,
      displayDate: "2014-02-18T21:25:01.000Z",
      durationMs: 182873,
      durationSeconds: 182,
      fullDurationMs: 182873,
      isSnippet: false,
      isGeoBlocked: false,
      policy: "MONETIZE",
      genre: "Electronic",
      tags: [],
      machineTags: [],
      license: "all-rights-reserved",
      labelName: null,
      playCount: 16,
      likeCount: 1,
      commentCount: 0,
      publisher: null,
      author: { id: expect.any(String), username: "garrett-cameron-1" },
    });
    expect(trackOf("track-garrett-cameron-1-technicality", 0).id).toBe(track.id);
    expect(track.formats.every((f) => f.durationMs !== null)).toBe(true);
    expect(readCanonicalLink(recordedText("track-garrett-cameron-1-technicality", 1))).toBe(track.url);
    const related = pageOf("track-garrett-cameron-1-technicality", 3);
    expect(related.collection.map(readTrack)).toHaveLength(10);
    expect(related.nextHref).toContain("offset=2");
    expect(JSON.parse(recordedText("track-garrett-cameron-1-technicality", 5)).url).toMatch(
      /^https:\/\/cf-media\.sndcdn\.com\/.+\.128\.mp3\?Policy=/,
    );
  });

  it("track-jessglynne-one-touch-geo-blocked: BLOCK, no formats, label metadata", () => {
    const track = trackOf("track-jessglynne-one-touch-geo-blocked", 2);
    expect(track).toMatchObject({
      id: "621612588",
      title: "One Touch",
      policy: "BLOCK",
      isGeoBlocked: true,
      isSnippet: false,
      formats: [],
      releaseDate: "2018-10-12",
      labelName: "Atlantic Records UK",
      publisher: {
        artist: "Jess Glynne, Jax Jones",
        albumTitle: "Always in Between",
        releaseTitle: "One Touch",
        isrc: "GBAHS1900729",
        upc: "190295416836",
        explicit: false,
        containsMusic: true,
      },
    });
    expect(track.publisher?.writerComposer).toContain("Jess Glynne");
    expect(trackOf("track-jessglynne-one-touch-geo-blocked", 0).id).toBe("621612588");
  });

  it("track-martinsolveig-places-go-plus-snippet: SNIP, a 30 s preview of 202.789 s, every format snipped", () => {
    const track = trackOf("track-martinsolveig-places-go-plus-snippet", 2);
    expect(track).toMatchObject({
      id: "292479564",
      policy: "SNIP",
      isSnippet: true,
      durationMs: 30000,
      durationSeconds: 30,
      fullDurationMs: 202789,
      publisher: { isrc: "UK98Q1600200", upc: "00602557265040" },
    });
    expect(track.formats.map((f) => [f.protocol, f.snipped])).toEqual([
      ["hls", true],
      ["progressive", true],
    ]);
  });

  it("track-wearecc-open-minds-ep-21-cc-by: CC BY, 25 min, four formats, related empty, one stream URL 404", () => {
    const caseId = "track-wearecc-open-minds-ep-21-cc-by";
    const track = trackOf(caseId, 2);
    expect(track).toMatchObject({
      id: "1356023209",
      license: "cc-by",
      genre: null,
      durationMs: 1500317,
      durationSeconds: 1500,
      releaseDate: "2022-10-04",
      displayDate: "2022-10-04T07:00:12.000Z",
      playCount: 16803,
      repostCount: 3,
      downloadCount: 0,
      downloadable: false,
      streamable: true,
      commentable: true,
      sharing: "public",
      waveformUrl: "https://wave.sndcdn.com/cyaz0oXJYbdt_m.json",
      publisher: { containsMusic: true, isrc: null },
      author: { username: "wearecc", displayName: "Creative Commons", country: null, city: "Internet" },
    });
    // A user without visuals has no banner (always keyed).
    expect(readUser(obj(recordedJson(caseId, 2)).user)).toMatchObject({
      banner: null,
      fullName: "Creative Commons",
    });
    expect(track.formats).toEqual([
      {
        protocol: "hls",
        mimeType: "audio/mpegurl",
        preset: "abr_sq",
        quality: "sq",
        snipped: false,
        durationMs: 1500317,
        isLegacy: false,
      },
      {
        protocol: "hls",
        mimeType: "audio/mpeg",
        preset: "mp3_1_0",
        quality: "sq",
        snipped: false,
        durationMs: 1500317,
        isLegacy: true,
      },
      {
        protocol: "progressive",
        mimeType: "audio/mpeg",
        preset: "mp3_1_0",
        quality: "sq",
        snipped: false,
        durationMs: 1500317,
        isLegacy: true,
      },
      {
        protocol: "hls",
        mimeType: 'audio/ogg; codecs="opus"',
        preset: "opus_0_0",
        quality: "sq",
        snipped: false,
        durationMs: 1500297,
        isLegacy: true,
      },
    ]);
    expect(readTranscodings(recordedJson(caseId, 2))[0]?.url).toContain("/stream/hls");
    expect(pageOf(caseId, 3)).toEqual({ collection: [], nextHref: null });
    expect(audioEntries(caseId)[4]?.response.status).toBe(404);
  });

  it("comments-user-722618400-a-real-playa: 4 top-level comments of 8, with a next page", () => {
    const track = trackOf("comments-user-722618400-a-real-playa", 0);
    expect(track).toMatchObject({ id: "1670147625", commentCount: 8, playCount: 486999 });
    const page = pageOf("comments-user-722618400-a-real-playa", 1);
    const comments = page.collection.map(readComment);
    expect(comments).toHaveLength(4);
    expect(comments[0]).toMatchObject({
      id: "2198411235",
      urn: "soundcloud:comments:2198411235",
      text: "Absolute tune 🔥🔥🔥",
      createdAt: "2024-09-01T17:45:16.000Z",
      timestampMs: 92600,
      trackId: "1670147625",
      author: { id: "143469553" },
    });
    expect(page.nextHref).toContain("offset=10");
  });

  it("resolve-liluzivert-track-urls: ten tracks, each pasted spelling answering as its canonical one", () => {
    const entries = audioEntries("resolve-liluzivert-track-urls");
    const resolved = entries.flatMap((entry, index) =>
      entry._match.path === "/resolve"
        ? [[entry._match.query?.url, trackOf("resolve-liluzivert-track-urls", index)] as const]
        : [],
    );
    expect(new Set(resolved.map(([, t]) => t.id)).size).toBe(10);
    for (const [url, track] of resolved)
      expect(String(url).split(/[#?]/)[0]?.replace("http:", "https:")).toBe(track.url);
    expect(resolved[0]?.[1]).toMatchObject({
      id: "309689103",
      title: "1.5 -YSL (Produced By DP Beatz)",
      genre: "Hip-hop & Rap",
      playCount: 39028291,
      durationMs: 195546,
      fullDurationMs: 195527,
      isSnippet: false,
      publisher: null,
    });
  });

  it("resolve-track-urls-misc: two tracks; an empty label name is null", () => {
    expect(trackOf("resolve-track-urls-misc", 0)).toMatchObject({
      id: "245710200",
      title: "Bots -  Was Wollen Wir Trinken",
      commentCount: 77,
    });
    expect(trackOf("resolve-track-urls-misc", 2)).toMatchObject({
      id: "44556776",
      labelName: null,
      genre: "Electronic Industrial",
    });
  });

  it("short-links-on.soundcloud.com: 302s to the full links; tags split outside quotes", () => {
    const entries = audioEntries("short-links-on.soundcloud.com");
    const locations = entries.flatMap((e) =>
      e.response.headers.filter((h) => h.name.toLowerCase() === "location").map((h) => h.value),
    );
    expect(locations).toHaveLength(4);
    expect(entries[1]?.response.status).toBe(403);
    expect(trackOf("short-links-on.soundcloud.com", 4).tags).toEqual([
      "Dance & EDM",
      "EDM",
      "hardtek",
      "construction",
      "mashcore",
      "frenchcore",
      "nxc",
      "breakcore",
      "200",
      "超ハードワーク",
    ]);
    expect(trackOf("short-links-on.soundcloud.com", 7)).toMatchObject({
      id: "1468401502",
      tags: ["Hardcore", "Speedcore", "Frenchcore"],
      publisher: { artist: "Eximious" },
    });
    expect(trackOf("short-links-on.soundcloud.com", 10)).toMatchObject({
      id: "1171484959",
      releaseDate: "2021-12-03",
      tags: expect.arrayContaining(["JERSEY CLUB", "MURDER CLUB", "GABBER"]),
      publisher: { pLine: "MURDER CLUB PATREON 2021" },
    });
  });
});

describe("playlists", () => {
  it("playlist-user350509423-edm-xxx: 451 tracks, 5 complete, stubs completed in the order of ids", () => {
    const caseId = "playlist-user350509423-edm-xxx";
    const playlist = readPlaylist(recordedJson(caseId, 0));
    expect(playlist).toMatchObject({
      id: "136000376",
      trackCount: 451,
      urn: "soundcloud:playlists:136000376",
    });
    expect(readPlaylist(recordedJson(caseId, 2))?.id).toBe("136000376");
    const entries = readPlaylistEntries(recordedJson(caseId, 2));
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
      const answered = (recordedJson(caseId, index) as unknown[]).map((t) => readTrack(t)?.id);
      expect([...answered].sort()).toEqual([...ids].sort());
      expect(answered).not.toEqual(ids);
    }
  });

  it("playlist-micky96-house: 426 tracks, 3 complete, one batch", () => {
    const caseId = "playlist-micky96-house";
    expect(readPlaylist(recordedJson(caseId, 0))).toMatchObject({ id: "123062856", trackCount: 426 });
    const entries = readPlaylistEntries(recordedJson(caseId, 2));
    expect(entries.filter((e) => e.complete)).toHaveLength(3);
    expect((recordedJson(caseId, 3) as unknown[]).map(readTrack)).toHaveLength(15);
  });

  it("playlist-breezy-123-empty-playlist: 2 tracks, 1 stub; empty strings null", () => {
    const caseId = "playlist-breezy-123-empty-playlist";
    const playlist = readPlaylist(recordedJson(caseId, 3));
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
    expect(readPlaylistEntries(recordedJson(caseId, 3)).map((e) => e.complete)).toEqual([true, false]);
    expect(readPlaylist(recordedJson(caseId, 0))).toEqual(readPlaylist(recordedJson(caseId, 1)));
  });

  it("user-playlists-neffexmusic: 18 + 7 playlists", () => {
    const first = pageOf("user-playlists-neffexmusic", 1);
    expect(first.collection.map(readPlaylist)).toHaveLength(18);
    expect(readPlaylist(first.collection[0])).toMatchObject({
      id: "1741338600",
      title: "Change: The Collection",
    });
    expect(first.nextHref).toContain("offset=20");
    expect(pageOf("user-playlists-neffexmusic", 2).collection).toHaveLength(7);
  });

  it("user-albums-bigsean-1: 16 + 1 albums, set types", () => {
    const first = pageOf("user-albums-bigsean-1", 1);
    const albums = first.collection.map(readPlaylist);
    expect(albums).toHaveLength(16);
    expect(albums[0]).toMatchObject({ id: "1870178462", title: "Better Me Than You", isAlbum: true });
    expect(albums.every((a) => a?.setType !== null && a?.isAlbum)).toBe(true);
    const last = pageOf("user-albums-bigsean-1", 2);
    expect(last.collection.map((p) => readPlaylist(p)?.title)).toEqual(["Finally Famous"]);
    expect(last.nextHref).toBeNull();
  });

  it("user-likes-soreen-735855039-playlists: 20 + 20 playlist likes with their like times", () => {
    const first = pageOf("user-likes-soreen-735855039-playlists", 1);
    const likes = first.collection.map(readLike);
    expect(likes).toHaveLength(20);
    expect(likes[0]).toMatchObject({
      likedAt: "2025-07-08T15:40:55.000Z",
      type: "playlist",
      track: null,
      playlist: { id: "1782559458", title: "white girl music x sped up" },
    });
    expect(first.nextHref).toContain("offset=2025-07-08T15%3A40%3A31.345Z");
    expect(pageOf("user-likes-soreen-735855039-playlists", 2).collection.map(readLike)).toHaveLength(20);
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
    expect(readTrack(pages[0]?.collection[0])).toMatchObject({
      id: "2259687149",
      title: "HURTBOX & BAW- SILENCE",
    });
  });
});

describe("search", () => {
  it("search-all-lill-uzi-vert: tracks only, 137341 results", () => {
    const body = recordedJson("search-all-lill-uzi-vert", 0);
    const results = readListAnswer(body).collection.map(readSearchResult);
    expect(results).toHaveLength(10);
    expect(results.every((r) => r?.type === "track")).toBe(true);
    expect(results[0]).toMatchObject({ type: "track", id: "2234866769", title: "What You Saying" });
    expect((body as { total_results: number }).total_results).toBe(137341);
    expect(pageOf("search-all-lill-uzi-vert", 1).collection).toHaveLength(10);
  });

  it("search-tracks/users/playlists-lill-uzi-vert: each kind, two pages", () => {
    const users = pageOf("search-users-lill-uzi-vert", 0).collection.map(readSearchResult);
    expect(users[0]).toMatchObject({ type: "user", id: "10494998", displayName: "Lil Uzi Vert" });
    const playlists = pageOf("search-playlists-lill-uzi-vert", 0).collection.map(readSearchResult);
    expect(playlists[0]).toMatchObject({
      type: "playlist",
      id: "492851544",
      title: "Luv Is Rage 2 (Deluxe)",
    });
    const tracks = pageOf("search-tracks-lill-uzi-vert", 0).collection.map(readSearchResult);
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
    expect(page.collection.map((r) => readSearchResult(r)?.type)).toEqual(["user", "user", "user"]);
    expect(readSearchResult(page.collection[0])).toMatchObject({ id: "360091154", displayName: "Wpg Ua" });
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
    const rows = readListAnswer(first).collection.map(readChartRow);
    expect(rows).toHaveLength(10);
    expect(rows[0]).toMatchObject({ score: 0.8107800618396068, track: { id: "2244339893" } });
    expect(
      readListAnswer(recordedJson("charts-trending-all-music", 2)).collection.map(readChartRow)[0],
    ).toMatchObject({
      score: 0.6511806405883114,
      track: { title: "Lady Gaga - Alejandro (Tape B Flip)" },
    });
    expect(audioEntries("charts-trending-all-music")[0]?.response.status).toBe(404);
  });
});

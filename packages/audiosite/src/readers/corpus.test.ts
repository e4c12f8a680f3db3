import { describe, expect, it } from "vitest";
import { audioEntries, recordedJson, recordedText } from "../../test/corpus.ts";
import { readClientId, readScriptUrls } from "../client/client-id.ts";
import { readCanonicalLink } from "../client/resolve.ts";
import { obj } from "./json.ts";
import { readComment, readListAnswer } from "./lists.ts";
import { readTrack, readTranscodings } from "./track.ts";
import { readAuthor, readUser } from "./user.ts";

// Every audiosite corpus case, read by the readers, asserting values of the recordings (corpus README "audiosite").

const trackOf = (caseId: string, index: number) => {
  const track = readTrack(recordedJson(caseId, index), "audiosite");
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
    const user = readUser(recordedJson("user-dubmatix", 2), "audiosite");
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
    expect(readUser(recordedJson("user-dubmatix", 0), "audiosite")).toEqual(user);
    expect(readCanonicalLink(recordedText("user-dubmatix", 1))).toBe("https://soundcloud.com/dubmatix");
  });

  it("resolve-users-trapcity-nocopyrightsounds: two users; their embed players name their links", () => {
    const trap = readUser(recordedJson("resolve-users-trapcity-nocopyrightsounds", 0), "audiosite");
    const ncs = readUser(recordedJson("resolve-users-trapcity-nocopyrightsounds", 1), "audiosite");
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
    expect(readUser(recordedJson("resolve-user-not-found-404", 0), "audiosite")).toBeNull();
  });

  it("user-followings-monstercat: 58 users, the last page", () => {
    expect(readUser(recordedJson("user-followings-monstercat", 0), "audiosite")).toMatchObject({
      id: "8553751",
      username: "monstercat",
    });
    expect(readUser(recordedJson("user-followings-monstercat", 1), "audiosite")?.id).toBe("8553751");
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
    expect(readUser(recordedJson("user-followings-some-random-user-184047028", 0), "audiosite")?.id).toBe(
      "217903802",
    );
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
    expect(related.collection.map((v) => readTrack(v, "audiosite"))).toHaveLength(10);
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
    expect(readUser(obj(recordedJson(caseId, 2)).user, "audiosite")).toMatchObject({
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

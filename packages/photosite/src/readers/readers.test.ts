import { describe, expect, it } from "vitest";
import { caseJson, caseText } from "../../test/corpus.ts";
import { view } from "./json-view.ts";
import { readMedia } from "./media.ts";
import { readClipsMusic } from "./music.ts";
import { readPostPage, readProfilePage } from "./pages.ts";
import { readEmbeddedTimeline, readProfile } from "./profile.ts";

const profileOf = (caseId: string) => readProfile(view(caseJson(caseId)).at("data", "user"));

describe("profile reader (web_profile_info)", () => {
  it("reads the business account nasa: counts, fbid, 5 bio links with titles, category, address from the JSON string", () => {
    const nasa = profileOf("web_profile_info-nasa-business");
    expect(nasa).toMatchObject({
      id: "528817151",
      username: "nasa",
      fullName: "NASA",
      followers: { value: 97959891, approximate: false },
      following: { value: 76, approximate: false },
      postCount: { value: 4130, approximate: false },
      verified: true,
      isPrivate: false,
      fbid: "17841401474538262",
      isBusinessAccount: true,
      businessCategory: "Government Agencies",
      externalUrl: "https://www.nasa.gov/",
      businessAddress: { street: null, city: null, cityId: null, zipCode: null, lat: null, lng: null },
    });
    expect(nasa?.bioLinks).toHaveLength(5);
    expect(nasa?.bioLinks[0]).toEqual({ url: "https://www.nasa.gov", title: null, type: "external" });
    expect(nasa?.bioLinks[1]).toMatchObject({ url: "http://nasa.gov/events", title: "Launches & Landings" });
    expect(nasa?.avatar).toContain("s320x320");
  });

  it("reads a personal account with no links, no external URL and no address", () => {
    const marie = profileOf("web_profile_info-marie_2_0-personal");
    expect(marie).toMatchObject({
      username: "marie_2_0",
      bioLinks: [],
      externalUrl: null,
      businessAddress: null,
      isBusinessAccount: false,
      isProfessionalAccount: false,
    });
  });

  it("reads creator accounts (category, pronouns) and the 2022 answers with an embedded grid", () => {
    expect(profileOf("web_profile_info-anasaiaofficial")).toMatchObject({
      id: "50269116275",
      category: "Artist",
      businessCategory: null,
      pronouns: ["she", "her", "hers"],
    });
    expect(profileOf("web_profile_info-onesmileymonkey")).toMatchObject({ id: "12804596", verified: true });
    expect(profileOf("web_profile_info-astro_frankrubio")?.bioLinks).toHaveLength(1);
    const megadeth = view(caseJson("web_profile_info-megadeth")).at("data", "user");
    const grid = readEmbeddedTimeline(megadeth);
    expect(grid.nodes).toHaveLength(12);
    expect(grid.hasNextPage).toBe(true);
    expect(grid.endCursor).toMatch(/^QVFE/);
    expect(
      readEmbeddedTimeline(view(caseJson("web_profile_info-nasa-business")).at("data", "user")).nodes,
    ).toEqual([]);
  });
});

describe("media readers", () => {
  it("reads the GraphQL post answer of the reel C10MvewSSYl (v1 media dict)", () => {
    const item = view(caseJson("post-C10MvewSSYl-reel", 1)).at(
      "data",
      "xdt_api__v1__media__shortcode__web_info",
      "items",
      0,
    );
    const media = readMedia(item);
    expect(media).toMatchObject({
      id: "3275298868401088037",
      shortcode: "C10MvewSSYl",
      url: "https://www.instagram.com/reel/C10MvewSSYl/",
      type: "video",
      productType: "clips",
      isReel: true,
      likeCount: 1479,
      commentCount: 29,
      takenAt: new Date(1704666300 * 1000).toISOString(),
      author: { id: "25519719", username: "ninamukhar", fullName: "Nina Mukhar", verified: true },
      music: {
        title: "Italiano-Swiss Alps",
        artist: "DJ Major",
        audioId: "2575603879328804",
        isOriginalSound: false,
      },
      isPaidPartnership: false,
      mediaCount: 1,
    });
    expect(media?.videoUrl).toMatch(/^https:\/\//);
    expect(media?.imageUrl).toMatch(/^https:\/\//);
    expect(media?.mentions).toContain("isaacealvarez");
  });

  it("reads 2022 v1 media info: exact ids beyond 2^53, carousel children, video duration and views, location", () => {
    const carousel = readMedia(view(caseJson("media-CAnqPB-Jzcj-carousel3")).at("items", 0));
    expect(carousel).toMatchObject({
      id: "2317006284167526179",
      type: "carousel",
      mediaCount: 3,
      likeCount: 820750,
      author: { id: "305701719", username: "jlo" },
    });
    expect(carousel?.children.map((c) => c.id)).toEqual([
      "2317006281046924667",
      "2317006281030202874",
      "2317006281046781386",
    ]);
    const video = readMedia(view(caseJson("media-CAG3E8-A3wf-video")).at("items", 0));
    expect(video).toMatchObject({
      type: "video",
      viewCount: 4048603,
      durationSeconds: 16,
      productType: "feed",
    });
    const located = readMedia(view(caseJson("media-Chm_-tPJqpd-carousel")).at("items", 0));
    expect(located?.location).toMatchObject({ id: "207898775", name: "Sunnyvale, California", lat: 37.372 });
  });

  it("reads the Graph nodes of the embed page: sidecar children, clip music attribution, owner", () => {
    const sidecar = readMedia(view(caseJson("embed-DXb_4eviZ7J-sidecar")));
    expect(sidecar).toMatchObject({
      id: "3880976462140513993",
      type: "carousel",
      likeCount: 114917,
      commentCount: 653,
      author: { id: "7056899694", username: "creed.daily" },
      location: { name: "United States", slug: "united-states" },
    });
    expect(sidecar?.children.map((c) => c.type)).toEqual(["video", "image", "image"]);
    const clip = readMedia(view(caseJson("embed-DXgdNpFkSdi-reel")));
    expect(clip).toMatchObject({ isReel: true, viewCount: 58924, music: { audioId: "25956470387363930" } });
    expect(clip?.videoUrl).toMatch(/^https:\/\//);
  });

  it("marks the pinned posts of the 2022 grid and keeps the platform's order", () => {
    const megadeth = view(caseJson("web_profile_info-megadeth")).at("data", "user");
    const posts = readEmbeddedTimeline(megadeth).nodes.map(readMedia);
    expect(posts.map((p) => p?.isPinned)).toEqual([true, true, true, ...Array(9).fill(false)]);
    expect(posts.filter((p) => p?.type === "carousel").every((p) => (p?.children.length ?? 0) > 1)).toBe(
      true,
    );
  });
});

describe("music of an audio page", () => {
  it("reads licensed music (Heat Waves) with its trend flags", () => {
    const metadata = view(caseJson("audio-1053780911670375-heat-waves")).at("metadata");
    expect(readClipsMusic(metadata)).toEqual({
      audioId: "1053780911670375",
      title: "Heat Waves",
      artist: "Glass Animals",
      isOriginalSound: false,
      durationSeconds: 239,
      isTrendingInClips: false,
      trendRank: null,
      owner: expect.objectContaining({ username: "glassanimals", verified: true }),
    });
  });
});

describe("logged-out pages", () => {
  it("reads the profile page's counts from og:description", () => {
    expect(readProfilePage(caseText("html-profile-pluto__travel-loggedout"))).toMatchObject({
      username: "pluto__travel",
      fullName: "Pluto",
      followers: { value: 2362, approximate: false, text: "2,362" },
      following: { value: 136 },
      postCount: { value: 224 },
    });
  });

  it("reads the post page's compact counts as approximate, with the day as takenAt", () => {
    const page = readPostPage(caseText("html-post-COn3M4TnRi1-loggedout"), "COn3M4TnRi1");
    expect(page?.labels).toMatchObject({
      likes: { value: 534000, approximate: true, text: "534K" },
      comments: { value: 5064, approximate: false },
      takenAtText: "May 8, 2021",
    });
    expect(page?.media).toMatchObject({
      id: "2569264890088593589",
      takenAt: "2021-05-08T00:00:00.000Z",
      author: { id: "385669764", username: "willyrex" },
    });
    expect(page?.media.caption).toContain("#SORTEO");
  });
});

import { readFileSync } from "node:fs";
import path from "node:path";
import { defaultCorpusDir } from "@sda/testing";
import { describe, expect } from "vitest";
import { stackTest } from "./support/fixtures.ts";

const CHANNEL = "/v1/photosite/channel-details";
const BASIC = "/v1/photosite/basic-profile";
const SEARCH = "/v1/photosite/profile-search";
const HIGHLIGHTS = "/v1/photosite/highlights";
const HIGHLIGHT_ITEMS = "/v1/photosite/highlights-details";

/** The recorded body of a photosite case entry. */
function recordedBody(caseId: string, index = 0): string {
  const file = path.join(defaultCorpusDir(process.env.CORPUS_DIR), "photosite", `${caseId}.har`);
  return JSON.parse(readFileSync(file, "utf8")).log.entries[index].response.content.text;
}

const profileInfo = (username: string) => (r: { path: string; query: Record<string, string> }) =>
  r.path === "/api/v1/users/web_profile_info/" && r.query.username === username;

describe("photosite channel details over HTTP", () => {
  stackTest(
    "the business account nasa: SPEC §2.8 core, fixed photosite keys, address parsed from the JSON string",
    async ({ stack }) => {
      const { key, accountId } = await stack.account();
      const response = await stack.get(CHANNEL, key, { url: "https://www.instagram.com/nasa/" });
      expect(response.status).toBe(200);
      const data = response.body.data;
      expect(data).toMatchObject({
        platform: "photosite",
        id: "528817151",
        username: "nasa",
        url: "https://www.instagram.com/nasa/",
        displayName: "NASA",
        banner: null,
        followers: 97959891,
        followersIsApproximate: false,
        following: 76,
        postCount: 4130,
        verified: true,
        createdAt: null,
        fbid: "17841401474538262",
        externalUrl: "https://www.nasa.gov/",
        isBusinessAccount: true,
        businessCategory: "Government Agencies",
        businessAddress: { street: null, city: null, zipCode: null, lat: null, lng: null },
        isPrivate: false,
      });
      expect(data.bioLinks).toHaveLength(5);
      expect(data.bioLinks[1]).toEqual({
        url: "http://nasa.gov/events",
        title: "Launches & Landings",
        type: "external",
      });
      for (const k of [
        "bio",
        "avatar",
        "email",
        "phone",
        "category",
        "followersText",
        "highlightCount",
        "pronouns",
      ])
        expect(data).toHaveProperty(k);
      expect(response.headers.get("x-service-credits")).toBe("1");
      expect(await stack.ledger.balance(accountId)).toBe(99);
    },
  );

  stackTest(
    "a creator with the email in the bio; a personal account with null fillers",
    async ({ stack }) => {
      const { key } = await stack.account();
      const creator = await stack.get(CHANNEL, key, { url: "@anasaiaofficial" });
      expect(creator.body.data).toMatchObject({ email: "ana.saia@grail-talent.com", category: "Artist" });
      const personal = await stack.get(CHANNEL, key, { url: "marie_2_0" });
      expect(personal.body.data).toMatchObject({
        bioLinks: [],
        externalUrl: null,
        businessAddress: null,
        email: null,
        isBusinessAccount: false,
      });
    },
  );

  stackTest(
    "falls back to the logged-out profile page when web_profile_info is refused",
    async ({ stack }) => {
      const { key } = await stack.account();
      const response = await stack.get(CHANNEL, key, { url: "pluto__travel" });
      expect(response.status).toBe(200);
      expect(response.headers.get("x-service-source")).toBe("profile_page");
      expect(response.body.data).toMatchObject({
        username: "pluto__travel",
        displayName: "Pluto",
        followers: 2362,
        followersIsApproximate: false,
        followersText: "2,362",
        following: 136,
        postCount: 224,
        id: null,
      });
    },
  );

  stackTest(
    "404 profile_not_found for an unknown profile, 502 upstream_login_required for a login wall; never billed",
    async ({ stack }) => {
      const { key, accountId } = await stack.account();
      const missing = stack.replay.addFault({
        when: (r) => r.path === "/nobody_here_123/" || profileInfo("nobody_here_123")(r),
        status: 404,
      });
      const notFound = await stack.get(CHANNEL, key, { url: "nobody_here_123" });
      missing();
      expect(notFound.status).toBe(404);
      expect(notFound.body.error).toMatchObject({ code: "profile_not_found", retryable: false });

      const wall = stack.replay.addFault({
        when: (r) => profileInfo("nasa")(r) || r.path === "/nasa/",
        status: 302,
        headers: { location: "https://www.instagram.com/accounts/login/?next=%2Fnasa%2F" },
      });
      const login = await stack.get(CHANNEL, key, { url: "nasa" });
      wall();
      expect(login.status).toBe(502);
      expect(login.body.error).toMatchObject({ code: "upstream_login_required", retryable: true });
      expect(Number(login.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await stack.ledger.balance(accountId)).toBe(100);
    },
  );

  stackTest(
    "429 'Please wait a few minutes' is a retryable 502 upstream_rate_limited with Retry-After",
    async ({ stack }) => {
      const { key, accountId } = await stack.account();
      const remove = stack.replay.addFault({
        when: profileInfo("nasa"),
        status: 429,
        body: '{"message":"Please wait a few minutes before you try again.","require_login":true,"status":"fail"}',
        headers: { "content-type": "application/json", "retry-after": "120" },
      });
      const response = await stack.get(CHANNEL, key, { url: "nasa" });
      remove();
      expect(response.status).toBe(502);
      expect(response.body.error).toMatchObject({ code: "upstream_rate_limited", retryable: true });
      expect(response.headers.get("retry-after")).toBe("120");
      expect(await stack.ledger.balance(accountId)).toBe(100);
    },
  );
});

describe("photosite basic profile over HTTP", () => {
  stackTest("by handle: followers, externalUrl, businessAddress", async ({ stack }) => {
    const { key } = await stack.account();
    const response = await stack.get(BASIC, key, { handle: "onesmileymonkey" });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      id: "12804596",
      username: "onesmileymonkey",
      followers: 51634,
      externalUrl: "https://www.onesmileymonkey.com/instagram-links/",
      businessAddress: { city: null },
    });
  });

  stackTest(
    "400 missing_parameter without userId or handle; by userId through the v1 user info",
    async ({ stack }) => {
      const { key } = await stack.account();
      const missing = await stack.get(BASIC, key, {});
      expect(missing.status).toBe(400);
      expect(missing.body.error).toMatchObject({ code: "missing_parameter", param: "userId" });
      // No v1 user info is recorded: the replay's no-match is an upstream error, never a platform answer.
      const byId = await stack.get(BASIC, key, { userId: "528817151" });
      expect(byId.status).toBe(502);
      expect(byId.body.error).toMatchObject({ code: "upstream_error", replay: "no_match" });
    },
  );
});

describe("photosite profile search over HTTP", () => {
  stackTest("resolves a handle to the exact username among the top-search users", async ({ stack }) => {
    const { key } = await stack.account();
    const response = await stack.get(SEARCH, key, { q: "shanghai" });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      query: "shanghai",
      matchReason: "exact_username",
      matchedFrom: "top_search",
      profile: { username: "shanghai", id: "9767652", url: "https://www.instagram.com/shanghai/" },
    });
    expect(response.body.data.alternatives[0]).toMatchObject({
      username: "shanghai.explore",
      verified: true,
    });
    expect(response.headers.get("x-service-credits")).toBe("1");
  });

  stackTest("400 for a one-character query", async ({ stack }) => {
    const { key } = await stack.account();
    expect((await stack.get(SEARCH, key, { q: "s" })).status).toBe(400);
  });
});

describe("photosite highlights over HTTP", () => {
  stackTest("albums of a user id from the legacy GraphQL: id, title, cover, owner", async ({ stack }) => {
    const { key } = await stack.account();
    const response = await stack.get(HIGHLIGHTS, key, { userId: "5670185369" });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-service-source")).toBe("legacy_graphql");
    expect(response.body.data).toMatchObject({ totalReturned: 8, nextCursor: null, hasMore: false });
    expect(response.body.data.highlights[0]).toMatchObject({
      id: "18137590444014024",
      title: "STORY",
      owner: { id: "5670185369", username: "statement.paris" },
      cover: expect.stringMatching(/^https:\/\//),
    });
  });

  stackTest("items of three albums in one call: type, takenAt, media URLs", async ({ stack }) => {
    const { key } = await stack.account();
    const response = await stack.get(HIGHLIGHT_ITEMS, key, {
      id: "18137590444014024,highlight:18050908660174460,18095548501062215",
    });
    expect(response.status).toBe(200);
    expect(response.body.data.highlights.map((h: { totalItems: number }) => h.totalItems)).toEqual([
      33, 8, 9,
    ]);
    expect(response.body.data.totalReturned).toBe(50);
    expect(response.body.data.items[0]).toMatchObject({
      highlightId: "18137590444014024",
      type: "image",
      takenAt: "2020-05-19T14:03:30.000Z",
      imageUrl: expect.stringMatching(/^https:\/\//),
    });
    expect(response.headers.get("x-service-credits")).toBe("1");
  });

  stackTest(
    "403 profile_private for the lists of a private profile (the recorded nasa answer marked private)",
    async ({ stack }) => {
      const { key, accountId } = await stack.account();
      const privateNasa = recordedBody("web_profile_info-nasa-business").replace(
        '"is_private":false',
        '"is_private":true',
      );
      const remove = stack.replay.addFault({
        when: profileInfo("nasa"),
        status: 200,
        body: privateNasa,
        headers: { "content-type": "application/json" },
      });
      const response = await stack.get(HIGHLIGHTS, key, { url: "nasa" });
      const details = await stack.get(CHANNEL, key, { url: "nasa" });
      remove();
      expect(response.status).toBe(403);
      expect(response.body.error).toMatchObject({ code: "profile_private", retryable: false });
      // The profile card itself stays public.
      expect(details.status).toBe(200);
      expect(details.body.data.isPrivate).toBe(true);
      expect(await stack.ledger.balance(accountId)).toBe(99);
    },
  );

  stackTest("404 highlight_not_found when the platform answers none of the ids", async ({ stack }) => {
    const { key } = await stack.account();
    const remove = stack.replay.addFault({
      when: (r) => r.path === "/graphql/query/" || r.path === "/api/v1/feed/reels_media/",
      status: 200,
      body: '{"data":{"reels_media":[]},"status":"ok"}',
      headers: { "content-type": "application/json" },
    });
    const response = await stack.get(HIGHLIGHT_ITEMS, key, { id: "17000000000000000" });
    remove();
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe("highlight_not_found");
  });
});

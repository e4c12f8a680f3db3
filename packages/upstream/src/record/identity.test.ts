import { describe, expect, it } from "vitest";
import { matchFor } from "./identity.ts";

describe("matchFor: the identity _match of a recorded request, by its platform's recording rule", () => {
  it("leaves the service-wide volatile parameters out on every platform, the platform's own only on it", () => {
    const url = "https://api.example/v1/items?id=7&limit=20&key=k&ts=123&cursor=abc";
    expect(matchFor({}, "get", url, undefined, "")).toEqual({
      method: "GET",
      path: "/v1/items",
      query: { id: "7", ts: "123", cursor: "abc" },
    });
    expect(matchFor({ volatileQuery: ["ts"] }, "GET", url, undefined, "").query).toEqual({
      id: "7",
      cursor: "abc",
    });
  });

  it("stores the path as the platform's path rule reads it (case kept: the replay compares case itself)", () => {
    const rule = { path: { stripTrailingSlash: true, stripSuffix: ".json", caseInsensitive: true } };
    expect(matchFor(rule, "GET", "https://www.example/r/GoLang/about.json", undefined, "").path).toBe(
      "/r/GoLang/about",
    );
    expect(matchFor(rule, "GET", "https://www.example/r/GoLang/about/", undefined, "").path).toBe(
      "/r/GoLang/about",
    );
    expect(matchFor({}, "GET", "https://www.example/r/GoLang/about/", undefined, "").path).toBe(
      "/r/GoLang/about/",
    );
  });

  it("drops volatile body keys (page sizes everywhere, the platform's own patterns), keeping declared identity keys", () => {
    const rule = { volatileBody: [/^context(\.|$)/], identityBody: ["context.client.clientName"] };
    const body = JSON.stringify({
      videoId: "abc",
      context: { client: { clientName: "ANDROID", clientVersion: "1.2" } },
      page: { first: 10 },
    });
    expect(matchFor(rule, "POST", "https://api.example/player", body, "application/json").body).toEqual({
      videoId: "abc",
      "context.client.clientName": "ANDROID",
    });
  });

  it("matches a path declared queryOnly on those parameters alone", () => {
    const rule = { queryOnly: { "/videoplayback": ["id", "itag"] } };
    const url = "https://rr1.example/videoplayback?id=a&itag=140&mime=audio%2Fmp4&expire=1";
    expect(matchFor(rule, "GET", url, undefined, "").query).toEqual({ id: "a", itag: "140" });
  });
});

import { describe, expect, it } from "vitest";
import { originFor, originsFromConfig } from "./origins.ts";

const platforms = [
  {
    name: "examplesite",
    hosts: ["www.example.com", "*.cdn.example.com"],
    originVariable: "EXAMPLESITE_ORIGIN",
  },
  { name: "othersite", hosts: ["api.other.test"], originVariable: "OTHERSITE_ORIGIN" },
];

describe("origins", () => {
  it("routes a platform's hosts to its <NAME>_ORIGIN when set, and nothing else", () => {
    const routes = originsFromConfig({ EXAMPLESITE_ORIGIN: "http://127.0.0.1:9" }, platforms);
    expect(routes).toEqual([
      { platform: "examplesite", hosts: platforms[0]?.hosts, origin: "http://127.0.0.1:9" },
    ]);
    expect(originFor(routes, "https://a.cdn.example.com/v.mp4", "media")).toBe("http://127.0.0.1:9");
    expect(originFor(routes, "https://www.example.com/x", "examplesite")).toBe("http://127.0.0.1:9");
    expect(originFor(routes, "https://api.other.test/x", "othersite")).toBeUndefined();
  });

  it("sends a request naming a routed platform there even when its host is not listed", () => {
    const routes = originsFromConfig({ EXAMPLESITE_ORIGIN: "http://127.0.0.1:9" }, platforms);
    expect(originFor(routes, "https://short.example.net/abc", "examplesite")).toBe("http://127.0.0.1:9");
  });
});

import { describe, expect, it } from "vitest";
import { parseUserUrl } from "./url.ts";

describe("parseUserUrl", () => {
  it("reads URLs with and without a scheme", () => {
    expect(parseUserUrl("https://www.instagram.com/p/C10MvewSSYl/")?.pathname).toBe("/p/C10MvewSSYl/");
    expect(parseUserUrl("instagram.com/nasa")?.href).toBe("https://instagram.com/nasa");
    expect(parseUserUrl("youtu.be/M4gD1WSo5mA")?.hostname).toBe("youtu.be");
  });

  it("returns null for handles, ids and text", () => {
    for (const input of ["@nasa", "C10MvewSSYl", "not a url", ""]) expect(parseUserUrl(input)).toBeNull();
  });
});

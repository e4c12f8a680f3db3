import { describe, expect, it } from "vitest";
import { countryCode, countryName } from "./country.ts";

describe("countryCode / countryName", () => {
  it("maps English names to ISO-3166 alpha-2 codes and back", () => {
    expect(countryCode("United States")).toBe("US");
    expect(countryCode("Germany")).toBe("DE");
    expect(countryCode("france")).toBe("FR");
    expect(countryCode("South Korea")).toBe("KR");
    expect(countryCode("Turkey")).toBe("TR");
    expect(countryCode("United Kingdom")).toBe("GB");
    expect(countryName("DE")).toBe("Germany");
    expect(countryName("us")).toBe("United States");
  });

  it("accepts a code and refuses unknown names", () => {
    expect(countryCode("de")).toBe("DE");
    expect(countryCode("Atlantis")).toBeNull();
    expect(countryCode("ZZ")).toBeNull();
    expect(countryName("XX")).toBeNull();
    expect(countryCode(null)).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { PUBLIC_NAMES, REFUSED_NAMES } from "../test/examples.ts";
import { isAllowedHost } from "./guard.ts";
import { canonicalHost, hostNameReason } from "./host-name.ts";

describe("one host policy by name: normalised once, then judged", () => {
  it.each(REFUSED_NAMES)("%s is refused: %s", (name, reason) => {
    expect(hostNameReason(name)).toBe(reason);
  });

  it.each(PUBLIC_NAMES)("%s is a public name, canonically %s", (name, canonical) => {
    expect(hostNameReason(name)).toBeNull();
    expect(canonicalHost(name)).toBe(canonical);
  });

  it("keeps IP literals as they are (brackets dropped) and reports a name IDNA cannot map as invalid", () => {
    expect(canonicalHost("[::1]")).toBe("::1");
    expect(canonicalHost(" 127.0.0.1 ")).toBe("127.0.0.1");
    expect(canonicalHost("ex ample.com")).toBe("");
    expect(hostNameReason("ex ample.com")).toBe("ex ample.com is not a valid domain name");
  });

  it("an allowlist entry matches every spelling of its host", () => {
    const options = { allowedHosts: ["receiver.example.com", "127.0.0.1"] };
    for (const host of ["receiver.example.com.", "RECEIVER.example.com", "receiver\u3002example\u3002com"])
      expect(isAllowedHost(options, host), host).toBe(true);
    expect(isAllowedHost(options, "other.example.com")).toBe(false);
  });
});

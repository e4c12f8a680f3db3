import { describe, expect, it } from "vitest";
import { PUBLIC_EXAMPLES, REFUSED_EXAMPLES } from "../test/examples.ts";
import { forbiddenAddressReason, IPV4_SPECIAL_RANGES, IPV6_SPECIAL_RANGES } from "./special-ranges.ts";

describe("forbiddenAddressReason: one row per special-purpose block", () => {
  it.each(REFUSED_EXAMPLES)("%s is refused as %s", (address, what) => {
    expect(forbiddenAddressReason(address)).toContain(what);
  });

  it.each(PUBLIC_EXAMPLES)("%s is public", (address) => {
    expect(forbiddenAddressReason(address)).toBeNull();
  });

  it("every block of the tables has a row above (a block added without its test fails here)", () => {
    const tested = REFUSED_EXAMPLES.map(([, what]) => what).join("\n");
    for (const { cidr } of [...IPV4_SPECIAL_RANGES, ...IPV6_SPECIAL_RANGES])
      expect(tested, `no row tests ${cidr}`).toContain(`${cidr})`);
  });
});

import { expect, it } from "vitest";
import { collapseWhitespace } from "./whitespace.ts";

it("collapses line breaks, tabs and no-break spaces to single spaces and trims", () => {
  expect(collapseWhitespace("  die das Urheberrecht vor\nbesondere Probleme stellen. ")).toBe(
    "die das Urheberrecht vor besondere Probleme stellen.",
  );
  expect(collapseWhitespace("\u00a0\u00a0/\u00a0@handcraftpictures\u00a0\u00a0")).toBe(
    "/ @handcraftpictures",
  );
  expect(collapseWhitespace("\n")).toBe("");
});

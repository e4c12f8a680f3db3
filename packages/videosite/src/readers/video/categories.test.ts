import { expect, it } from "vitest";
import { categoryIdOf } from "./categories.ts";

it("maps the category names of the recorded microformats to their ids", () => {
  expect(categoryIdOf("Education")).toBe("27");
  expect(categoryIdOf("Howto & Style")).toBe("26");
  expect(categoryIdOf("Science & Technology")).toBe("28");
  expect(categoryIdOf("News & Politics")).toBe("25");
  expect(categoryIdOf("Entertainment")).toBe("24");
  expect(categoryIdOf("Music")).toBe("10");
});

it("tolerates case, spacing and 'and' for '&', and answers null for unknown names", () => {
  expect(categoryIdOf("science and technology")).toBe("28");
  expect(categoryIdOf("Unknown")).toBeNull();
  expect(categoryIdOf(null)).toBeNull();
});

import "@sda/catalog";
import { describe, expect, it } from "vitest";
import { statusOf } from "./run-status.ts";

describe("statusOf (a monitor run's logged status)", () => {
  it("gives a platform's own code its declared status, not 500", () => {
    expect(statusOf("video_unavailable")).toBe(404);
  });

  it("gives service-wide and shared codes theirs", () => {
    expect(statusOf("insufficient_credits")).toBe(402);
    expect(statusOf("post_not_found")).toBe(404);
  });

  it("logs a code nobody declared as 500", () => {
    expect(statusOf("no_such_code_anywhere")).toBe(500);
  });
});

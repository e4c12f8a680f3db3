import { registry } from "@sda/catalog";
import { describe, expect, it } from "vitest";
import { statusOf } from "./run-status.ts";

describe("statusOf (a monitor run's logged status)", () => {
  it("gives an error the status it carries", () => {
    expect(statusOf({ code: "video_unavailable", status: 404 }, registry.errorCodes)).toBe(404);
  });

  it("gives an error read back without a status its platform's declared status, not 500", () => {
    expect(statusOf({ code: "video_unavailable" }, registry.errorCodes)).toBe(404);
  });

  it("gives service-wide and shared codes theirs", () => {
    expect(statusOf({ code: "insufficient_credits" }, registry.errorCodes)).toBe(402);
    expect(statusOf({ code: "post_not_found" })).toBe(404);
  });

  it("logs a code nobody declared as 500", () => {
    expect(statusOf({ code: "no_such_code_anywhere" }, registry.errorCodes)).toBe(500);
  });
});

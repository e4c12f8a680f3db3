import { platforms } from "@sda/catalog";
import { platformErrorCodes } from "@sda/contract";
import { composeErrorCodes } from "@sda/core";
import { describe, expect, it } from "vitest";
import { statusOf } from "./run-status.ts";

// The catalog's platforms composed with core's codes, as the wiring composes them (`@sda/services`, above this
// package) with the features' too.
const codes = composeErrorCodes(platformErrorCodes(platforms));

describe("statusOf (a monitor run's logged status)", () => {
  it("gives an error the status it carries", () => {
    expect(statusOf({ code: "video_unavailable", status: 404 }, codes)).toBe(404);
  });

  it("gives an error read back without a status its platform's declared status, not 500", () => {
    expect(statusOf({ code: "video_unavailable" }, codes)).toBe(404);
  });

  it("gives service-wide and shared codes theirs", () => {
    expect(statusOf({ code: "insufficient_credits" }, codes)).toBe(402);
    expect(statusOf({ code: "post_not_found" })).toBe(404);
  });

  it("logs a code nobody declared as 500", () => {
    expect(statusOf({ code: "no_such_code_anywhere" }, codes)).toBe(500);
  });
});

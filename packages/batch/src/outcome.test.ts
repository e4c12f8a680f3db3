import { describe, expect, it } from "vitest";
import { itemOutcome } from "./outcome.ts";

const failure = (error: { code: string; status?: number }) =>
  ({ ok: false, credits: 0, error: { ...error, message: "gone", retryable: false, details: {} } }) as const;
const codes = { video_unavailable: { status: 404, retryable: false } };

describe("itemOutcome of a failed call", () => {
  it("answers the status the error carries, its error object as a direct call's (no status field)", () => {
    expect(itemOutcome(failure({ code: "video_unavailable", status: 404 }), codes)).toEqual({
      status: "failed",
      httpStatus: 404,
      data: null,
      error: { code: "video_unavailable", message: "gone", retryable: false, details: {} },
      credits: 0,
      source: null,
      cache: null,
    });
  });

  it("gives a result written before errors carried their status its code's status, else 500", () => {
    expect(itemOutcome(failure({ code: "video_unavailable" }), codes).httpStatus).toBe(404);
    expect(itemOutcome(failure({ code: "insufficient_credits" })).httpStatus).toBe(402);
    expect(itemOutcome(failure({ code: "no_such_code" }), codes).httpStatus).toBe(500);
  });
});

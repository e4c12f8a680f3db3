import { describe, expect, it } from "vitest";
import {
  ERROR_CODES,
  errorsOf,
  ServiceError,
  SHARED_PLATFORM_ERROR_CODES,
  sharedErrorCodes,
  stampPlatform,
} from "./errors.ts";

// What lets platform code never write its own name: the engine stamps its errors, and the codes several platforms
// answer alike are core's (its HTTP client is bound: `packages/contract/src/http.test.ts`).

describe("stampPlatform (every error leaving a handler)", () => {
  it("adds details.platform to an error that names none, keeping its other details", () => {
    const error = stampPlatform(
      new ServiceError("post_not_found", "gone", { details: { id: "1" } }),
      "examplesite",
    );
    expect(error.details).toEqual({ platform: "examplesite", id: "1" });
    expect(error.toJSON().details).toEqual({ platform: "examplesite", id: "1" });
  });

  it("keeps the platform an error names already (an upstream error of a provider, `asr`)", () => {
    const error = new ServiceError("upstream_error", "asr answered 500", { details: { platform: "asr" } });
    expect(stampPlatform(error, "examplesite").details.platform).toBe("asr");
  });
});

describe("the shared platform codes", () => {
  it("are listed by a platform with sharedErrorCodes, with core's status and retryability", () => {
    expect(sharedErrorCodes("profile_not_found", "post_not_found")).toEqual({
      profile_not_found: { status: 404, retryable: false },
      post_not_found: { status: 404, retryable: false },
    });
    expect(new ServiceError("post_not_found", "gone").status).toBe(404);
    expect(new ServiceError("invalid_url", "not a link").status).toBe(400);
  });

  it("are none of the service-wide codes (no operation answers them unless its platform lists them)", () => {
    for (const code of Object.keys(SHARED_PLATFORM_ERROR_CODES))
      expect(Object.keys(ERROR_CODES)).not.toContain(code);
  });

  it("errorsOf(table) makes the ServiceError of a platform's code or core's, with its status and details", () => {
    const fail = errorsOf({ band_gone: { status: 410, retryable: false }, ...sharedErrorCodes("not_found") });
    expect(fail("not_found", "no such band", { details: { bandId: "2" } })).toMatchObject({
      code: "not_found",
      status: 404,
      retryable: false,
      details: { bandId: "2" },
    });
    expect(fail("band_gone", "gone")).toMatchObject({ code: "band_gone", status: 410, details: {} });
    expect(fail("upstream_error", "boom")).toMatchObject({ status: 502, retryable: true });
    // @ts-expect-error a code of neither the table nor core's does not compile
    expect(() => fail("band_typo", "x")).toThrow(/not one of core's error codes/);
  });
});

import { describe, expect, it } from "vitest";
import {
  ERROR_CODES,
  errorsOf,
  ServiceError,
  SHARED_PLATFORM_ERROR_CODES,
  sharedErrorCodes,
  stampPlatform,
} from "./errors.ts";
import { bindHttpClient, type HttpClient, type UpstreamRequest } from "./http.ts";

// What lets platform code never write its own name: the engine stamps its errors, its HTTP client is bound, and the
// codes several platforms answer alike are core's.

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

describe("bindHttpClient (ctx.http)", () => {
  const sent: UpstreamRequest[] = [];
  const http: HttpClient = {
    request: async (request) => {
      sent.push(request);
      throw new Error("not sent");
    },
    stream: async (request) => {
      sent.push(request);
      throw new Error("not sent");
    },
  };

  it("sends a request naming no platform as the bound platform's; one naming a provider keeps it", async () => {
    const bound = bindHttpClient(http, "examplesite");
    await bound.request({ url: "https://example.com/a" }).catch(() => undefined);
    await bound.stream({ url: "https://example.com/b" }).catch(() => undefined);
    const pipeline: HttpClient = bound;
    await pipeline.request({ platform: "asr", url: "https://asr.example/" }).catch(() => undefined);
    expect(sent.map((r) => [r.platform, r.url])).toEqual([
      ["examplesite", "https://example.com/a"],
      ["examplesite", "https://example.com/b"],
      ["asr", "https://asr.example/"],
    ]);
  });
});

import { ServiceError } from "@sda/core";
import { describe, expect, it } from "vitest";
import { checkGraphqlAnswer, classifyFailure, PlatformNotFound } from "./failures.ts";
import { canFallBack } from "./fallback.ts";

const code = (error: Error) => (error instanceof ServiceError ? error.code : error.name);

describe("the platform's refusals", () => {
  it("maps 'Please wait a few minutes' and 429 to a retryable rate limit with a wait", () => {
    const wait = classifyFailure(
      401,
      '{"message":"Please wait a few minutes before you try again.","status":"fail"}',
    );
    expect(wait).toBeInstanceOf(ServiceError);
    expect(wait).toMatchObject({ code: "upstream_rate_limited", retryable: true, retryAfterSeconds: 300 });
    expect(code(classifyFailure(429, ""))).toBe("upstream_rate_limited");
    expect(code(classifyFailure(429, '{"require_login":true}'))).toBe("upstream_rate_limited");
  });

  it("maps 'Please wait' with require_login (a retired doc_id's answer) to a login wall, which may fall back", () => {
    const wall = classifyFailure(
      401,
      '{"message":"Please wait a few minutes before you try again.","require_login":true,"status":"fail"}',
    );
    expect(wall).toMatchObject({ code: "upstream_login_required", retryable: true });
    expect(canFallBack(wall)).toBe(true);
  });

  it("maps login walls and checkpoints to upstream_login_required", () => {
    expect(code(classifyFailure(401, '{"message":"login_required","status":"fail"}'))).toBe(
      "upstream_login_required",
    );
    expect(
      code(classifyFailure(400, '{"message":"challenge_required","challenge":{},"status":"fail"}')),
    ).toBe("upstream_login_required");
    expect(code(classifyFailure(400, "<!DOCTYPE html><html><body>Login</body></html>"))).toBe(
      "upstream_login_required",
    );
  });

  it("maps 404 and 'not found' answers to PlatformNotFound, anything else to upstream_error", () => {
    expect(classifyFailure(404, "")).toBeInstanceOf(PlatformNotFound);
    expect(
      classifyFailure(400, '{"message":"Media not found or unavailable","status":"fail"}'),
    ).toBeInstanceOf(PlatformNotFound);
    expect(code(classifyFailure(400, '{"message":"useragent mismatch","status":"fail"}'))).toBe(
      "upstream_error",
    );
  });

  it("checks GraphQL answers sent with HTTP 200", () => {
    expect(() => checkGraphqlAnswer({ data: { user: null } }, "Q")).not.toThrow();
    expect(() =>
      checkGraphqlAnswer({ errors: [{ message: "Rate limit exceeded" }], data: null }, "Q"),
    ).toThrow(/rate limiting/);
    expect(() => checkGraphqlAnswer({ errors: [{ message: "execution error" }], data: null }, "Q")).toThrow(
      ServiceError,
    );
  });
});

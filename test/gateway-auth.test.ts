import { describe, expect } from "vitest";
import { stackTest } from "./support/fixtures.ts";

const test = stackTest.extend("stackOptions", { scope: "file" }, { workers: "none" });

const TRANSCRIPT = "/v1/videosite/transcript";
const VIDEO = "https://www.youtube.com/watch?v=M4gD1WSo5mA";

function expectEnvelope(
  body: { success: boolean; error: Record<string, unknown> },
  code: string,
  retryable = false,
) {
  expect(body.success).toBe(false);
  expect(body.error).toMatchObject({ code, retryable });
  expect(typeof body.error.message).toBe("string");
  expect(body.error.requestId).toMatch(/^req_/);
  expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/);
}

describe("authentication (SPEC §5)", () => {
  test("401 missing_api_key without a key, with the request id header", async ({ stack }) => {
    const response = await stack.get(TRANSCRIPT, null, { url: VIDEO });
    expect(response.status).toBe(401);
    expectEnvelope(response.body, "missing_api_key");
    expect(response.headers.get("x-service-request-id")).toBe(response.body.error.requestId);
  });

  test("401 invalid_api_key for an unknown key, by either header", async ({ stack }) => {
    const bearer = await stack.get(TRANSCRIPT, "sda_live_unknown", { url: VIDEO });
    expect(bearer.status).toBe(401);
    expectEnvelope(bearer.body, "invalid_api_key");
    const header = await stack.get(TRANSCRIPT, null, { url: VIDEO }, { "x-api-key": "sda_live_unknown" });
    expectEnvelope(header.body, "invalid_api_key");
  });

  test("401 revoked_api_key once the key is revoked", async ({ stack }) => {
    const { key, keyId } = await stack.account();
    await stack.ledger.revokeApiKey(keyId);
    const response = await stack.get(TRANSCRIPT, key, { url: VIDEO });
    expect(response.status).toBe(401);
    expectEnvelope(response.body, "revoked_api_key");
  });

  test("accepts X-API-Key like Bearer (the call then fails on params, proving the key was accepted)", async ({
    stack,
  }) => {
    const { key } = await stack.account();
    const response = await stack.get(TRANSCRIPT, null, {}, { "x-api-key": key });
    expect(response.status).toBe(400);
    expectEnvelope(response.body, "missing_parameter");
  });
});

describe("routing and parameters", () => {
  test("404 route_not_found in the envelope for unknown paths, with or without a key", async ({ stack }) => {
    const { key } = await stack.account();
    for (const k of [key, null]) {
      const response = await stack.get("/v1/videosite/nope", k);
      expect(response.status).toBe(404);
      expectEnvelope(response.body, "route_not_found");
    }
  });

  test("405 for other methods on an operation path", async ({ stack }) => {
    const response = await fetch(new URL(TRANSCRIPT, stack.gateway.url), { method: "POST" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET");
    expectEnvelope((await response.json()) as Parameters<typeof expectEnvelope>[0], "method_not_allowed");
  });

  test("400 per problem and 422 for a URL of another platform, never billed", async ({ stack }) => {
    const { key, accountId } = await stack.account(5);
    const cases: [Record<string, string>, number, string][] = [
      [{}, 400, "missing_parameter"],
      [{ url: "not a url at all" }, 400, "invalid_parameter"],
      [{ url: VIDEO, cache: "maybe" }, 400, "invalid_enum_value"],
      [{ url: "https://www.reddit.com/r/golang/comments/abc/x/" }, 422, "unsupported_url"],
      [{ url: "https://www.youtube.com/@SomeChannel" }, 422, "unsupported_url"],
    ];
    for (const [query, status, code] of cases) {
      const response = await stack.get(TRANSCRIPT, key, query);
      expect(response.status, JSON.stringify(query)).toBe(status);
      expectEnvelope(response.body, code);
      expect(response.headers.get("x-service-credits")).toBe("0");
    }
    expect(await stack.ledger.balance(accountId)).toBe(5);
  });

  test("publishes an OpenAPI document generated from the registry", async ({ stack }) => {
    const response = await stack.get("/v1/openapi.json", null);
    expect(response.status).toBe(200);
    for (const header of ["x-service-request-id", "x-service-credits", "x-service-cache", "x-service-source"])
      expect(response.headers.get(header)).toBeTruthy();
    expect(response.headers.get("x-service-credits")).toBe("0");
    const get = response.body.paths[TRANSCRIPT].get;
    expect(get.operationId).toBe("videositeTranscript");
    expect(get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(["url", "language", "cache"]),
    );
    expect(get.description).toContain("1 credit per call");
  });
});

import { request } from "node:http";
import { ERROR_CODES } from "@sda/core";
import { expectLedgerReconciled } from "@sda/testing";
import { describe, expect } from "vitest";
import { stackTest } from "./support/fixtures.ts";
import type { Stack } from "./support/stack.ts";

// Issue 9, faults 2, 3, 4 and 8: each test is named after the failure it guards against.
const METRICS_TOKEN = "operator-metrics-token-0123456789";
const test = stackTest.extend("stackOptions", { scope: "file" }, { env: { METRICS_TOKEN } });

const SUMMARIZE = "/v1/videosite/summarize";
const TRANSCRIPT = "/v1/videosite/transcript";
const VIDEO = "https://www.youtube.com/watch?v=M4gD1WSo5mA";

function expectErrorEnvelope(body: { success: boolean; error: Record<string, unknown> }, code: string) {
  expect(body.success).toBe(false);
  expect(body.error.code).toBe(code);
  expect(Object.keys(ERROR_CODES)).toContain(body.error.code);
  expect(typeof body.error.retryable).toBe("boolean");
  expect(body.error.requestId).toMatch(/^req_/);
}

/** A raw HTTP/1.1 request (fetch refuses some of what these tests send), answered as status, headers and text. */
function rawRequest(
  stack: Stack,
  path: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, stack.gateway.url), options, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        text += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("fault 2: a malformed percent-escape in a photosite URL was a 500 internal_error", () => {
  test("answers 400 invalid_parameter for %E0%A4 and a lone % in the path of every photosite URL parameter", async ({
    stack,
  }) => {
    const { key, accountId } = await stack.account(10);
    const cases: [string, Record<string, string>][] = [
      ["/v1/photosite/channel-details", { url: "https://www.instagram.com/%E0%A4/" }],
      ["/v1/photosite/details", { url: "https://www.instagram.com/p/%/" }],
      ["/v1/photosite/channel-posts", { url: "https://www.instagram.com/%E0%A4/" }],
      ["/v1/photosite/reels-by-audio-id", { audioId: "https://www.instagram.com/reels/audio/%E0%A4/" }],
      ["/v1/photosite/hashtag-search", { q: "https://www.instagram.com/explore/tags/%E0%A4/" }],
    ];
    for (const [path, query] of cases) {
      const response = await stack.get(path, key, query);
      expect(response.status, path).toBe(400);
      expectErrorEnvelope(response.body, "invalid_parameter");
    }
    expect(await stack.ledger.balance(accountId)).toBe(10);
  });
});

describe("fault 3: a NUL byte in a query value made the request-log insert fail for a billed call", () => {
  test("a billed call with note=%00 and other control characters has its request-log row", async ({
    stack,
  }) => {
    const { key, accountId } = await stack.account(10);
    const response = await stack.get(TRANSCRIPT, key, { url: VIDEO, note: "a\u0000b\u0007c\ud800" });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-service-credits")).toBe("1");
    const requestId = response.headers.get("x-service-request-id") ?? "";
    await stack.gateway.deps.requestLog.flush();
    const row = await stack.prisma.requestLog.findUnique({ where: { id: requestId } });
    expect(row).toMatchObject({ accountId, status: 200 });
    expect(row?.params).toEqual({ url: VIDEO, note: "a\\u0000b\\u0007c\uFFFD" });
    expect((await stack.ledger.chargesFor(requestId)).map((c) => c.amount)).toEqual([-1]);
    await expectLedgerReconciled(stack.prisma, [accountId]);
  });
});

describe("fault 4: HEAD ran and billed a paid call (curl -I …/summarize charged 3)", () => {
  test("answers HEAD with 405 and Allow: GET on a paid operation, runs nothing and bills nothing", async ({
    stack,
  }) => {
    const { key, accountId } = await stack.account(10);
    const before = stack.replay.hits.length;
    const response = await rawRequest(stack, `${SUMMARIZE}?url=${encodeURIComponent(VIDEO)}`, {
      method: "HEAD",
      headers: { authorization: `Bearer ${key}` },
    });
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe("GET");
    expect(response.headers["x-service-credits"]).toBe("0");
    expect(stack.replay.hits.length).toBe(before);
    expect(await stack.ledger.balance(accountId)).toBe(10);
    expect(await stack.ledger.entries(accountId)).toHaveLength(1);
  });
});

describe("fault 8: smaller holes", () => {
  test("POST /v1/account was 404: now 405 method_not_allowed with Allow: GET, like HEAD on /v1/account", async ({
    stack,
  }) => {
    const post = await fetch(new URL("/v1/account", stack.gateway.url), { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET");
    expectErrorEnvelope((await post.json()) as never, "method_not_allowed");
    const del = await fetch(new URL("/v1/jobs/job_0000000000000000", stack.gateway.url), {
      method: "DELETE",
    });
    expect(del.status).toBe(405);
    expect((await rawRequest(stack, "/v1/account", { method: "HEAD" })).status).toBe(405);
  });

  test("a wrong Authorization scheme (Basic, Token) said missing_api_key: now 401 invalid_api_key", async ({
    stack,
  }) => {
    for (const authorization of ["Basic dXNlcjpwYXNz", "Token sda_live_x", "Bearer"]) {
      const response = await stack.get(TRANSCRIPT, null, { url: VIDEO }, { authorization });
      expect(response.status, authorization).toBe(401);
      expectErrorEnvelope(response.body, "invalid_api_key");
    }
    expectErrorEnvelope((await stack.get(TRANSCRIPT, null, { url: VIDEO })).body, "missing_api_key");
  });

  test("limit=0x10 and limit= 5 were accepted: integers must be plain decimal (400 invalid_parameter)", async ({
    stack,
  }) => {
    const { key } = await stack.account(10);
    for (const limit of ["0x10", " 5", "1e2", "5.0"]) {
      const response = await stack.get("/v1/videosite/comments", key, { url: VIDEO, limit });
      expect(response.status, JSON.stringify(limit)).toBe(400);
      expectErrorEnvelope(response.body, "invalid_parameter");
      expect(response.body.error.param).toBe("limit");
    }
  });

  test("431 (headers or URL too large) had no JSON envelope: now the envelope with a request id", async ({
    stack,
  }) => {
    for (const response of [
      await rawRequest(stack, "/v1/account", { headers: { "x-padding": "x".repeat(20_000) } }),
      await rawRequest(stack, `${TRANSCRIPT}?url=${"y".repeat(20_000)}`),
    ]) {
      expect(response.status).toBe(431);
      expect(response.headers["content-type"]).toContain("application/json");
      const body = JSON.parse(response.text);
      expectErrorEnvelope(body, "request_too_large");
      expect(response.headers["x-service-request-id"]).toBe(body.error.requestId);
    }
  });

  test("/metrics was public: now 401 without the operator token, 200 with it", async ({ stack }) => {
    const anonymous = await stack.get("/metrics", null);
    expect(anonymous.status).toBe(401);
    expectErrorEnvelope(anonymous.body, "invalid_api_key");
    const withKey = await stack.get("/metrics", "not-the-token");
    expect(withKey.status).toBe(401);
    const operator = await stack.get("/metrics", METRICS_TOKEN);
    expect(operator.status).toBe(200);
    for (const name of [
      "sda_gateway_auth_rejected_total",
      'sda_gateway_request_log_rows{state="dropped"} 0',
      'sda_gateway_key_lookups{result="miss"}',
    ])
      expect(String(operator.body)).toContain(name);
  });
});

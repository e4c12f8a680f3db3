import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Stack, startStack } from "./support/stack.ts";

// The registry's operations are served by ONE Express route and a map of their paths (no longer one route each):
// paths still match as Express matched them (case-insensitive, one trailing slash), other methods are 405, unknown
// paths 404, and the call metrics keep one `route` label per operation.

const METRICS_TOKEN = "operator-metrics-token-routing-0123456789";
let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ env: { METRICS_TOKEN } });
});
afterAll(() => stack.close());

const VIDEO = { url: "https://www.youtube.com/watch?v=GJLlxj_dtq8", cache: "true" };

describe("registry operations behind one route", () => {
  it("matches as Express did, refuses other methods and unknown paths, and labels metrics per operation", async () => {
    const { key } = await stack.account(10);
    const plain = await stack.get("/v1/videosite/video-details", key, VIDEO);
    expect(plain.status).toBe(200);
    expect((await stack.get("/V1/VideoSite/Video-Details/", key, VIDEO)).status).toBe(200);

    const head = await fetch(
      `${stack.gateway.url}/v1/videosite/video-details?url=${encodeURIComponent(VIDEO.url)}`,
      {
        method: "HEAD",
        headers: { authorization: `Bearer ${key}` },
      },
    );
    expect(head.status).toBe(405);
    expect(head.headers.get("allow")).toBe("GET");

    const unknown = await stack.get("/v1/videosite/no-such-operation", key, VIDEO);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ code: "route_not_found" });
    // Another group's two-segment path is still its own route.
    expect((await stack.get("/v1/account/usage", key)).status).toBe(200);

    const metrics = await stack.get("/metrics", METRICS_TOKEN);
    const text = String(metrics.body);
    expect(text).toMatch(
      /sda_gateway_call_seconds_count\{route="\/v1\/videosite\/video-details",status="200"\} 2/,
    );
    expect(text).toMatch(
      /sda_gateway_call_seconds_count\{route="\/v1\/videosite\/video-details",status="405"\} 1/,
    );
  });
});
